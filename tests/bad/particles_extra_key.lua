return {
  law = "linear",
  particles = { { radius = 0.1 }, { radius = 0.1 }, C = { radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
