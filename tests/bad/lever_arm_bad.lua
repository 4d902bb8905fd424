return {
  law = "linear",
  abWeight = 1,
  leverArm = "centre",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
