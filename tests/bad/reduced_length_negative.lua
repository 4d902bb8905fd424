return {
  name = "bad",
  law = "linear",
  particles = { { shape = "facet", vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, halfThick = 0.3 },
                { shape = "sphere", radius = 0.1 } },
  gap = -0.25,
  stiffness = { lengths = "reduced" },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
