return { law = "hertz_mindlin",
  particles = { { shape = "wall" },
                { radius = 0.01, material = { young = -math.huge } } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
