-- Plausibility warnings: a Young's modulus of 70 (GPa meant) and a density of 2.6 (g/cm^3
-- meant) (tests/test_usability.c).
return {
  name = "warn-material", law = "linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1, material = { young = 70, poisson = 0.2, density = 2.6 } },
                { radius = 0.1, fixed = true } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-6,
  stages = {
    { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN <= -1e-5" },
  },
}
