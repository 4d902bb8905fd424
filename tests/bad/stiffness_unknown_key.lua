return {
  name = "bad",
  law = "linear",
  stiffness = { rule = "direct",
                Kn = 1e6 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
