return { law = "linear",
  stages = { { whats = "v.\0...", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN < -1e-6" } },
}
