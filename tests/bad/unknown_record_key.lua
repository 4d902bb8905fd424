return {
  law = "linear",
  record = { evry = 10 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
