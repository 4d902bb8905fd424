-- Plausibility warnings: a radius of 100 m (millimetres typed as metres?), which at the default
-- density makes a sphere of 1.1e10 kg (tests/test_usability.c).
return {
  name = "warn-radius", law = "linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 100 }, { radius = 0.1, fixed = true } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-6,
  stages = {
    { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN <= -1e-5" },
  },
}
