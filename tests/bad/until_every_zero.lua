-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/until_every_zero.lua:7: field stages[1].untilEvery: value 0 out of range: must be in [1, 1e+09]
return {
  law = "linear",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2",
               untilEvery = 0 } },
}
