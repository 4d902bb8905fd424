return { law = "hertz_mindlin",
  materials = { rigid = { young = math.huge } },
  particles = { { radius = 0.01, material = "rigid" },
                { radius = 0.02, material = "rigid" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
