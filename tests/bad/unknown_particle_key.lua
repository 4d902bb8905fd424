return {
  law = "linear",
  particles = { { radius = 0.1 }, { radius = 0.1,
                                    velocity = {-1, 0, 0} } },
  stages = { { whats = "......", till = "stage.step >= 2" } },
}
