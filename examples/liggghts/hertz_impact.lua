-- examples/liggghts/hertz_impact.lua - the two-sphere head-on impact of in.hertz_impact (LIGGGHTS
-- 3.8, pair_style gran model hertz, no damping) as a lawtester stage script, for
-- `lawtester compare` (docs/compare.md).  Two glass spheres of radius 5 mm (E = 48 GPa,
-- nu = 0.2, 2800 kg/m^3) meet at 1 m/s, each moving at 0.5 m/s (abWeight 0.5).  The same
-- numbers as the LIGGGHTS input: dt = 20 ns, the touch half a step after the start
-- (gap = v dt / 2 = 10 nm), time 0 at the start in both.  hertz_mindlin with en = 1 is Hertz
-- without a dashpot, F = 4/3 E* sqrt(R*) delta^1.5 with E* = E / (2 (1 - nu^2)) and
-- R* = R / 2 from the materials, as LIGGGHTS mixes them (its Y* and R*; [LIGGGHTS],
-- docs/references.md).
-- Units SI.  The same test as examples/lammps/hertz_impact.lua, under its own name.
-- Run: ./lawtester run examples/liggghts/hertz_impact.lua -o out
local v, dt = 1.0, 2e-8                                   -- m/s, s
return {
  name = "hertz-impact-liggghts", law = "hertz_mindlin", params = { en = 1 },
  materials = { glass = { young = 4.8e10, poisson = 0.2, density = 2800, tanPhi = 0.5 } },
  particles = { { radius = 0.005, material = "glass" }, { radius = 0.005, material = "glass" } },
  normal = {1, 0, 0}, gap = v * dt / 2, dt = dt, abWeight = 0.5,
  stages = { { whats = "i.....", values = {-v, 0,0,0,0,0}, till = "stage.rebound" } },
}
