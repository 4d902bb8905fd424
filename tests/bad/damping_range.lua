-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/damping_range.lua:6: field damping: value 1 out of range: must be in [0, 0.99]
return {
  law = "linear",
  damping = 1,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
