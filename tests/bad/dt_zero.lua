-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/dt_zero.lua:6: field dt: value 0 out of range: must be > 0
return {
  law = "linear",
  dt = 0,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
