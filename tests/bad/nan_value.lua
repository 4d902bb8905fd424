return {
  name = "bad",
  law = "linear",
  stages = {
    { whats = "v.....",
      values = {0/0, 0,0,0,0,0}, till = "not C" },
  },
}
