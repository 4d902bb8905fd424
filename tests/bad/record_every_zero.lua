-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/record_every_zero.lua:6: field record.every: value 0 out of range: must be in [1, 4e+18]
return {
  law = "linear",
  record = { every = 0 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
