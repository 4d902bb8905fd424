return {
  law = "linear",
  params = { kn = -1e6, kt = 5e5 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
