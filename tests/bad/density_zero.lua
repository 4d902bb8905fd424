-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/density_zero.lua:6: field materials.m.density: value 0 out of range: must be > 0
return {
  law = "linear",
  materials = { m = { density = 0 } },
  particles = { { material = "m" }, { material = "m" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
