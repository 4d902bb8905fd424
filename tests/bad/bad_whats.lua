return {
  name = "bad",
  law = "linear",
  stages = {
    { whats = "v.....", values = {-1,0,0,0,0,0}, ["until"] = "C and C.uN < -1e-3" },
    { whats = "vx....", values = {0,1,0,0,0,0}, till = "C.u[2] > 1e-3" },
  },
}
