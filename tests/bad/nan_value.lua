-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/nan_value.lua:9: field stages[1].values[1]: is NaN
return {
  name = "bad",
  law = "linear",
  stages = {
    { whats = "v.....",
      values = {0/0, 0,0,0,0,0}, till = "not C" },
  },
}
