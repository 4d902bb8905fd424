-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/poisson_minus_one.lua:6: field materials.m.poisson: value -1 out of range: must be in (-1, 0.5] (nu = -1 makes the shear modulus E/(2(1 + nu)) infinite)
return { law = "linear",
  materials = { m = { young = 1e7, density = 2600,
    poisson = -1 } },
  particles = { { shape = "sphere", radius = 0.1, material = "m" }, { shape = "sphere", radius = 0.1, material = "m" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN < -1e-6" } },
}
