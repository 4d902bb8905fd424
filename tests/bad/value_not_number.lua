-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/value_not_number.lua:12: field stages[2].values[2]: at step 2 (t = 4.9999999999999998e-07 s): the function returned a value of type string, expected a number
-- a value function that returns a string: one line naming the value, at run time
return {
  name = "value-not-number", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } }, gap = -1e-5,
  record = false,
  stages = {
    { whats = "v.....", values = {0, 0,0,0,0,0}, till = "stage.step >= 2" },
    { whats = "vv....",
      values = {0, function(t) return "fast" end, 0,0,0,0}, till = "stage.step >= 10" },
  },
}
