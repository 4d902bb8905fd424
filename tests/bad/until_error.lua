-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/until_error.lua:11: field stages[1].till: at step 1: attempt to index a nil value (global 'C') (C is nil while there is no contact: guard it, e.g. write `C and C.uN < -1e-4`) [rows up to the failure kept in $OUT/bad.tsv.partial]
-- expect-partial: bad 1
return {
  name = "bad",
  law = "linear",
  params = { kn = 1e6 },
  gap = 1e-4,
  stages = {
    { whats = "v.....", values = {-1,0,0,0,0,0}, till = "C.uN < -1e-3" },
  },
}
