-- tests/scripts/unstable_dt.lua: an impact at dt = 6e-3 s, above leapfrog's limit for the normal
-- contact (2 sqrt(m*/kn) = 4.667e-3 s): it runs, with a warning (tests/test_faults.c)
return { name = "unstable-dt", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  dt = 6e-3, gap = 1e-3, record = false,
  particles = { { radius = 0.1 }, { radius = 0.1, vel = {-1, 0, 0} } },
  stages = { { whats = "......", till = "stage.rebound" } } }
