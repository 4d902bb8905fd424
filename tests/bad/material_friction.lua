-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/material_friction.lua:7: field materials.m.tanPhi: value -1 out of range: must be >= 0
return {
  law = "linear",
  materials = { m = { young = 1e7,
                      tanPhi = -1 } },
  particles = { { material = "m" }, { material = "m" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
