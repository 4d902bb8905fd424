return {
  name = "bad",
  law = "linear",
  stiffness = { rule = "direct", kt = 1e5 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
