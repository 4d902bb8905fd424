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
