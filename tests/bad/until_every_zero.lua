return {
  law = "linear",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2",
               untilEvery = 0 } },
}
