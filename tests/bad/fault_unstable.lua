-- dt = 4.8e-3 s above leapfrog's limit 2 sqrt(m*/kn) = 4.667e-3 s: the free oscillation grows
-- by about 2x a step until the spheres pass through each other
return {
  name = "unstable", law = "linel6", params = { kn = 1e6, kt = 5e5, noBreak = true },
  dt = 4.8e-3, gap = -1e-4,
  stages = { { whats = "......", till = "stage.step >= 1000" } },
}
