-- Plausibility warning: the imposed normal velocity covers the stage's target (0.2 mm of
-- overlap) in two steps of dt = 1e-4 s (tests/test_usability.c).
return {
  name = "warn-step-target", law = "linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-4,
  stages = {
    { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN <= -2e-4" },
  },
}
