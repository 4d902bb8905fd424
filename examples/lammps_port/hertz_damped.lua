-- examples/lammps_port/hertz_damped.lua - the damped head-on impact of in.hertz_damped (beside
-- it; LAMMPS, pair_style granular, `damping tsuji` with e = 0.5) run with the ported law
-- hertz_material.c, for `lawtester compare` against LAMMPS (README, "Validating your own law").
-- The impact of hertz_impact.lua (glass spheres of radius 5 mm at 1 m/s, dt = 20 ns, the touch
-- half a step in) with the LAMMPS input's
--   pair_coeff * * hertz/material 4.8e10 0.5 0.2 tangential linear_nohistory 1.0 0.0 damping tsuji
-- where LAMMPS reads the 0.5 as the restitution coefficient e (the port's parameter `e`).  SI.
-- Run: lawtester run --law-lib ./hertz_material.so examples/lammps_port/hertz_damped.lua -o out
local v, dt = 1.0, 2e-8                                   -- m/s, s
return {
  name = "hertz-material-tsuji", law = "hertz_material",
  params = { damping = "tsuji", E = 4.8e10, e = 0.5, nu = 0.2, x_gamma_t = 1, mu = 0 },
  materials = { glass = { young = 4.8e10, poisson = 0.2, density = 2800 } },
  particles = { { radius = 0.005, material = "glass" }, { radius = 0.005, material = "glass" } },
  normal = {1, 0, 0}, gap = v * dt / 2, dt = dt, abWeight = 0.5,
  stages = { { whats = "i.....", values = {-v, 0,0,0,0,0}, till = "stage.rebound" } },
}
