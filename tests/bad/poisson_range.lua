-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/poisson_range.lua:6: field materials.m.poisson: value 0.7 out of range: must be in [-1, 0.5]
return {
  law = "linear",
  materials = { m = { poisson = 0.7 } },
  particles = { { material = "m" }, { material = "m" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
