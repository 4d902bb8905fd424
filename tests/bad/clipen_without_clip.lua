return {
  law = "hertz_mindlin",
  params = { en = 0.3, clipEn = true },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
