-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/value_function_dot.lua:12: field stages[2].values[3]: a function given for DoF 3 whose whats is '.' (nothing imposed)
-- a function for a DoF with nothing imposed ('.')
return {
  name = "value-function-dot", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } }, gap = -1e-5,
  record = false,
  stages = {
    { whats = "v.....", values = {0, 0,0,0,0,0}, till = "stage.step >= 2" },
    { whats = "vv....",
      values = {0, 1, function(t) return 0 end, 0, 0, 0}, till = "stage.step >= 10" },
  },
}
