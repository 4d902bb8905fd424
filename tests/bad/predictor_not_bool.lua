return {
  name = "bad", law = "linear",
  predictor = "no",
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
