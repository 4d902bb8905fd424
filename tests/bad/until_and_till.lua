return {
  law = "linear",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "stage.step >= 2",
               till = "stage.step >= 3" } },
}
