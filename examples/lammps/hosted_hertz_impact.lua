-- examples/lammps/hosted_hertz_impact.lua - the head-on impact of in.hertz_impact beside it, with
-- the force computed by LAMMPS itself: the law is LAMMPS's `pair_style granular` hertz/material
-- without damping, run in LAMMPS's library (a hosted law, docs/hosted.md), while lawtester drives
-- the two spheres.  Two glass spheres of radius 5 mm (E = 48 GPa, nu = 0.2, 2800 kg/m^3) meet at
-- 1 m/s (each at 0.5 m/s, abWeight 0.5); dt = 20 ns, the touch half a step after the start
-- (gap = v dt / 2), time 0 at the start, as in the LAMMPS input.  Units SI.
-- Run:  ./lawtester run examples/lammps/hosted_hertz_impact.lua -o out
-- then  ./lawtester compare out/hertz-impact-hosted.tsv examples/lammps/lammps-hertz-impact.txt \
--           --cols Fx,ux=-delta --rtol 1e-9
-- (LAMMPS's force in lawtester's run against LAMMPS's own run: docs/hosted.md gives the numbers)
local law = lawtester.law{
  name = "lmp_hertz_material_elastic", engine = "lammps",
  params = {
    E = { default = 4.8e10, range = {1e6, 1e12}, unit = "Pa", doc = "Young's modulus of both spheres" },
    nu = { default = 0.2, range = {0, 0.49}, unit = "-", doc = "Poisson's ratio of both spheres" },
  },
  -- hertz/material E eta_n0 nu: eta_n0 = 0, no normal damping; head-on, the tangential model
  -- (no history, mu = 0) is never loaded
  commands = { "pair_style granular",
               "pair_coeff * * hertz/material ${E} 0.0 ${nu} tangential linear_nohistory 1.0 0.0" },
}
local v, dt = 1.0, 2e-8                                   -- m/s, s
return {
  name = "hertz-impact-hosted", law = law,
  materials = { glass = { young = 4.8e10, poisson = 0.2, density = 2800, tanPhi = 0.5 } },
  particles = { { radius = 0.005, material = "glass" }, { radius = 0.005, material = "glass" } },
  normal = {1, 0, 0}, gap = v * dt / 2, dt = dt, abWeight = 0.5,
  stages = { { whats = "i.....", values = {-v, 0,0,0,0,0}, till = "stage.rebound" } },
}
