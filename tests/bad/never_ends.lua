return {
  name = "bad",
  law = "linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  stages = {
    { whats = "v.....", values = {-1,0,0,0,0,0}, till = "C and C.uN <= -1e-4" },
    { whats = "vv....", values = {0,0,0,0,0,0}, till = "C.uN > 1", max_steps = 2000 },
  },
}
