return {
  law = "linear",
  dt = -1e-6,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
