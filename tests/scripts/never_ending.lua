-- A densely recorded stage whose until never holds: only the output bound (--max-output) ends
-- it (tests/test_usability.c).
return {
  name = "never-ending", law = "linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } },
  normal = {0, 0, 1}, gap = -1e-4, dt = 1e-6,
  stages = {
    { whats = "vv....", values = {0, 1e-3, 0,0,0,0}, ["until"] = "C and C.uN > 1" },
  },
  record = { every = 1 },
}
