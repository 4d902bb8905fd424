-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/value_function_error.lua:12: field stages[2].values[1]: at step 2 (t = 9.9999999999999995e-07 s): attempt to perform arithmetic on a nil value
-- a value function that raises an error: its message, on one line naming the value
return {
  name = "value-function-error", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } }, gap = -1e-5,
  record = false,
  stages = {
    { whats = "v.....", values = {0, 0,0,0,0,0}, till = "stage.step >= 2" },
    { whats = "s.....",
      values = {function(t) return t < 1e-6 and -10 or nil + 1 end, 0, 0,0,0,0}, till = "stage.step >= 10" },
  },
}
