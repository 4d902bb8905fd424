return {
  law = "linear",
  params = { dissipation = "exact" },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
