return {
  name = "bad", law = "linear",
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C",
               spin = {1, 2} } },
}
