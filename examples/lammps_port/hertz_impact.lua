-- examples/lammps_port/hertz_impact.lua - the head-on impact of examples/lammps/in.hertz_impact
-- (LAMMPS, pair_style granular) run with the ported law hertz_material (hertz_material.c beside
-- it), for `lawtester compare` against LAMMPS's output (README, "Validating your own law";
-- docs/compare.md).  The parameters are the LAMMPS input's pair_coeff, word for word:
--   pair_coeff * * hertz/material 4.8e10 0.0 0.2 tangential linear_nohistory 1.0 0.0
-- E = 48 GPa, eta_n0 = 0 (no damping; viscoelastic, LAMMPS's default model), nu = 0.2,
-- x_gamma_t = 1, mu = 0.  Two glass spheres of radius 5 mm (2800 kg/m^3) meet at 1 m/s, each
-- moving at 0.5 m/s (abWeight 0.5); dt = 20 ns and the spheres start v dt / 2 = 10 nm apart,
-- as in the LAMMPS input, so time 0 is the start in both.  Units SI.
-- Run: lawtester run --law-lib ./hertz_material.so examples/lammps_port/hertz_impact.lua -o out
local v, dt = 1.0, 2e-8                                   -- m/s, s
return {
  name = "hertz-material-impact", law = "hertz_material",
  params = { E = 4.8e10, eta_n0 = 0, nu = 0.2, x_gamma_t = 1, mu = 0 },
  materials = { glass = { young = 4.8e10, poisson = 0.2, density = 2800 } },
  particles = { { radius = 0.005, material = "glass" }, { radius = 0.005, material = "glass" } },
  normal = {1, 0, 0}, gap = v * dt / 2, dt = dt, abWeight = 0.5,
  stages = { { whats = "i.....", values = {-v, 0,0,0,0,0}, till = "stage.rebound" } },
}
