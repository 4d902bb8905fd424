-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/until_c_nil.lua:13: field stages[1].until: at step 1: attempt to index a nil value (global 'C') (C is nil while there is no contact: guard it, e.g. write `C and C.uN < -1e-4`)
-- An until string that reads C before the contact forms (C is nil): the message says how to
-- guard it.
return {
  name = "until-c-nil", law = "linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } },
  normal = {0, 0, 1}, gap = 1e-4, dt = 1e-6,
  stages = {
    { whats = "v.....", values = {-1, 0,0,0,0,0},
      ["until"] = "C.uN < -1e-4" },
  },
  record = false,
}
