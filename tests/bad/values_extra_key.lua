-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/values_extra_key.lua:7: field stages[1].values.shear: unexpected key 'shear' (a list of 6 numbers or functions, one per DoF)
return {
  law = "linear",
  stages = { { whats = "v.....", till = "stage.step >= 2",
               values = {-1, 0,0,0,0,0, shear = 1} } },
}
