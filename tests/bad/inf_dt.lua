return {
  name = "bad",
  law = "linear",
  dt = math.huge,
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
