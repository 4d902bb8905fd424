return {
  name = "bad",
  law = "linear",
  params = { kn = 1e6,
             ktt = 5e5 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
