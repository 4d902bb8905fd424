-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/never_ends.lua:11: field stages[2]: stage 2, step 2101: stage did not end after max_steps = 2000 steps (its until never held) [rows up to the failure kept in $OUT/bad.tsv.partial]
-- expect-partial: bad 2101
return {
  name = "bad",
  law = "linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  stages = {
    { whats = "v.....", values = {-1,0,0,0,0,0}, till = "C and C.uN <= -1e-4" },
    { whats = "vv....", values = {0,0,0,0,0,0}, till = "C.uN > 1", max_steps = 2000 },
  },
}
