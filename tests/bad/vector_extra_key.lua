return {
  law = "linear",
  normal = { 0, 0, 1, z = 1 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
