return {
  name = "bad",
  law = "linear",
  dt = 1e-6,
  abweight = 0.5,
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
