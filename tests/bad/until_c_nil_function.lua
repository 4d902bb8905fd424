-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/until_c_nil_function.lua:12: field stages[1].until: at step 1: tests/bad/until_c_nil_function.lua:12: attempt to index a nil value (local 'C') (C is nil while there is no contact: guard it, e.g. write `C and C.uN < -1e-4`)
-- The same in an until function: its parameter C is nil before the contact forms.
return {
  name = "until-c-nil-function", law = "linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } },
  normal = {0, 0, 1}, gap = 1e-4, dt = 1e-6,
  stages = {
    { whats = "v.....", values = {-1, 0,0,0,0,0},
      ["until"] = function(C) return C.uN < -1e-4 end },
  },
  record = false,
}
