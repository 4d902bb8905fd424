-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/dt_negative.lua:6: field dt: value -1e-06 out of range: must be > 0
return {
  law = "linear",
  dt = -1e-6,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
