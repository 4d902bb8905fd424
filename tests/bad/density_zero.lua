return {
  law = "linear",
  materials = { m = { density = 0 } },
  particles = { { material = "m" }, { material = "m" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
