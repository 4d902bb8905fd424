-- Plausibility warning: 1 m/s of imposed shear at dt = 1e-2 s moves 10 mm per step, a tenth of
-- the radius (tests/test_usability.c).  kn is low enough for dt to be stable.
return {
  name = "warn-step-radius", law = "linear",
  params = { kn = 1e3, kt = 5e2, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } },
  normal = {0, 0, 1}, gap = -1e-4, dt = 1e-2,
  stages = {
    { whats = "vv....", values = {0, 1, 0,0,0,0}, ["until"] = "S.step >= 3" },
  },
}
