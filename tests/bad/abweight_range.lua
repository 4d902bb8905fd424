-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/abweight_range.lua:6: field abWeight: value 1.5 out of range: must be in [0, 1]
return {
  law = "linear",
  abWeight = 1.5,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
