return {
  law = "linear",
  max_steps = 1.5,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
