-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/unknown_material_key.lua:6: field materials.m.yung: unknown key 'yung' (allowed: young, poisson, density, ktDivKn, tanPhi)
return {
  law = "linear",
  materials = { m = { yung = 1e7 } },
  particles = { { material = "m" }, { material = "m" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
