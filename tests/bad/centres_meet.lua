-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/centres_meet.lua:14: field stages[1]: stage 1, step 2143: the centres of A and B met: overlap 0.15001 m, more than the sum of the radii 0.15 m, so the contact has no normal (it reversed over the step) [rows up to the failure kept in $OUT/meet.tsv.partial]
-- expect-partial: meet 22
-- Spheres of radii 0.1 and 0.05 m pushed together at 1 m/s until their centres meet: the
-- centre distance 0.15 m is covered in 2142.9 steps of 7e-5 m, so the centres pass each other
-- within step 2143 (0.15001 m moved, the line of centres reversed); the run names that, not a
-- non-finite value of the frame that cannot follow the half turn (docs/reliability.md).
return {
  name = "meet", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { shape = "sphere", radius = 0.1 }, { shape = "sphere", radius = 0.05 } },
  normal = {0, 0, 1}, gap = 0, dt = 7e-5,
  stages = {
    { whats = "v.....", values = {-1, 0, 0, 0, 0, 0}, till = "C and C.uN <= -1" },
  },
  record = { every = 100 },
}
