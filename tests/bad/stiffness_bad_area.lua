return {
  name = "bad",
  law = "linear",
  stiffness = { area = "disk",
                lengths = "raw" },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
