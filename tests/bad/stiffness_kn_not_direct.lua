return {
  name = "bad",
  law = "linear",
  stiffness = { rule = "yade",
                kn = 1e6 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
