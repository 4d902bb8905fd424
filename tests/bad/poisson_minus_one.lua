return { law = "linear",
  materials = { m = { young = 1e7, density = 2600,
    poisson = -1 } },
  particles = { { shape = "sphere", radius = 0.1, material = "m" }, { shape = "sphere", radius = 0.1, material = "m" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN < -1e-6" } },
}
