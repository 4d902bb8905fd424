return {
  law = "linear",
  materials = { m = { young = 1e7,
                      tanPhi = -1 } },
  particles = { { material = "m" }, { material = "m" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
