return {
  name = "bad",
  law = "linear",
  particles = { { shape = "sphere", radius = 0 },
                { shape = "sphere", radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
