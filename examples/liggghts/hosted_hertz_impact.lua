-- examples/liggghts/hosted_hertz_impact.lua - the head-on impact of in.hertz_impact beside it, with
-- the force computed by LIGGGHTS itself: the law is LIGGGHTS 3.8's `pair_style gran model hertz`
-- without damping, run in LIGGGHTS's library (a hosted law, docs/hosted.md), while lawtester drives
-- the two spheres.  Two glass spheres of radius 5 mm (E = 48 GPa, nu = 0.2, 2800 kg/m^3) meet at
-- 1 m/s (each at 0.5 m/s, abWeight 0.5); dt = 20 ns, the touch half a step after the start
-- (gap = v dt / 2), time 0 at the start, as in the LIGGGHTS input.  Units SI.
-- Run:  ./lawtester run examples/liggghts/hosted_hertz_impact.lua -o out
-- then  ./lawtester compare out/hertz-impact-liggghts-hosted.tsv \
--           examples/liggghts/liggghts-hertz-impact.txt --cols Fx,ux=-delta --rtol 1e-9
-- (LIGGGHTS's force in lawtester's run against LIGGGHTS's own run of the same impact)
local fmt = string.format
local law = lawtester.law{
  name = "lig_hertz_elastic", engine = "liggghts",
  summary = "LIGGGHTS pair_style gran model hertz, coefficientRestitution 1 (no dashpot)",
  params = {
    E = { default = 4.8e10, range = {5e6, 1e12}, unit = "Pa", doc = "Young's modulus of both spheres" },
    nu = { default = 0.2, range = {0, 0.49}, unit = "-", doc = "Poisson's ratio of both spheres" },
  },
  -- restitution 1: no normal dashpot; head-on, the tangential history is never loaded
  commands = function(p)
    return { fmt("fix m1 all property/global youngsModulus peratomtype %.17g", p.E),
             fmt("fix m2 all property/global poissonsRatio peratomtype %.17g", p.nu),
             "fix m3 all property/global coefficientRestitution peratomtypepair 1 1.0",
             "fix m4 all property/global coefficientFriction peratomtypepair 1 0.5",
             "pair_style gran model hertz tangential history",
             "pair_coeff * *" }
  end,
}
local v, dt = 1.0, 2e-8                                   -- m/s, s
return {
  name = "hertz-impact-liggghts-hosted", law = law,
  materials = { glass = { young = 4.8e10, poisson = 0.2, density = 2800, tanPhi = 0.5 } },
  particles = { { radius = 0.005, material = "glass" }, { radius = 0.005, material = "glass" } },
  normal = {1, 0, 0}, gap = v * dt / 2, dt = dt, abWeight = 0.5,
  stages = { { whats = "i.....", values = {-v, 0,0,0,0,0}, till = "stage.rebound" } },
}
