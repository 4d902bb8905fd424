-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/negative_stiffness.lua:6: field params.kn: value -1e+06 out of range: must be >= 0
return {
  law = "linear",
  params = { kn = -1e6, kt = 5e5 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
