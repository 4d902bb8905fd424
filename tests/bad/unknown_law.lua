return {
  name = "bad",
  law = "hookean",
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
