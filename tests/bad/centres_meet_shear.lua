-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/centres_meet_shear.lua:16: field stages[2]: stage 2, step 2143: the centres of A and B met: overlap 0.15001 m, more than the sum of the radii 0.15 m, so the contact has no normal (it reversed over the step) [rows up to the failure kept in $OUT/meet.tsv.partial]
-- expect-partial: meet 23
-- The spheres of centres_meet.lua pushed to 2142 steps of 7e-5 m (0.14994 m of the 0.15 m
-- centre distance), then pushed on with a shear velocity: the first step of stage 2, taken with
-- trial moves, passes the centres 1e-5 m beyond each other slightly off the line of centres, so
-- the normal turns by nearly half a turn; the run names that (the frame followed it before and
-- the run went on with a kinetic energy of -2e15 J).
return {
  name = "meet", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { shape = "sphere", radius = 0.1 }, { shape = "sphere", radius = 0.05 } },
  normal = {0, 0, 1}, gap = 0, dt = 7e-5,
  stages = {
    { whats = "v.....", values = {-1, 0, 0, 0, 0, 0}, till = "C and C.uN <= -0.1499" },
    { whats = "vv....", values = {-1, 0.01, 0, 0, 0, 0}, till = "C and C.uN <= -1" },
  },
  record = { every = 100 },
}
