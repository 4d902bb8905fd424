-- Plausibility warning: tanPhi = 30, an angle in degrees given for its tangent
-- (tests/test_usability.c).
return {
  name = "warn-tanphi", law = "linear",
  params = { kn = 1e6, kt = 5e5,
             tanPhi = 30 },
  particles = { { radius = 0.1 }, { radius = 0.1 } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-6,
  stages = {
    { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN <= -1e-5" },
  },
}
