return {
  name = "bad",
  law = "linear",
  params = { kn = 1e6 },
  gap = 1e-4,
  stages = {
    { whats = "v.....", values = {-1,0,0,0,0,0}, till = "C.uN < -1e-3" },
  },
}
