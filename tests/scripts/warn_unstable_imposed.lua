-- Plausibility warning: dt = 1e-2 s is above leapfrog's limit for kn = 1e6 N/m and m* = 5.4 kg
-- (dt_crit = 4.7e-3 s) in a stage that imposes the normal velocity (tests/test_usability.c).
return {
  name = "warn-unstable-imposed", law = "linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-2,
  stages = {
    { whats = "v.....", values = {-1e-2, 0,0,0,0,0}, ["until"] = "C and C.uN <= -2e-3" },
  },
}
