-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/fault_unstable.lua:10: field stages[1]: stage 1, step 14: the centres of A and B met: overlap 0.207402 m, more than the sum of the radii 0.2 m, so the contact has no normal (it reversed over the step); dt = 0.0048 s exceeds the stability limit of leapfrog for the normal contact, dt_crit = 0.004667 s (m* = 5.445 kg, kn = 1e+06 N/m; first at stage 1, step 0) [rows up to the failure kept in $OUT/unstable.tsv.partial]
-- expect-partial: unstable 14
-- dt = 4.8e-3 s above leapfrog's limit 2 sqrt(m*/kn) = 4.667e-3 s: the free oscillation grows
-- by about 2x a step until the spheres pass through each other
return {
  name = "unstable", law = "linel6", params = { kn = 1e6, kt = 5e5, noBreak = true },
  dt = 4.8e-3, gap = -1e-4,
  stages = { { whats = "......", till = "stage.step >= 1000" } },
}
