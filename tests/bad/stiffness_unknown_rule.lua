return {
  name = "bad",
  law = "linear",
  stiffness = { rule = "hertz" },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
