return {
  law = "linear",
  stages = { { whats = "v.....", till = "stage.step >= 2",
               values = {-1, 0,0,0,0,0, shear = 1} } },
}
