-- A run long enough (2e6 steps, about a second) for the progress display of a terminal
-- (tests/test_usability.c); two stages, nothing recorded.
local steps = 2000000
return {
  name = "long-run", law = "linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } },
  normal = {0, 0, 1}, gap = -1e-4, dt = 1e-6,
  stages = {
    { whats = "vv....", values = {0, 1e-3, 0,0,0,0}, ["until"] = "stage.step >= 1000" },
    { whats = "vv....", values = {0, -1e-3, 0,0,0,0}, ["until"] = "stage.step >= " .. steps },
  },
  record = false,
}
