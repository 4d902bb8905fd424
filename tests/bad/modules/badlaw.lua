-- expect: module, required by tests/bad/require_law_field.lua
-- a law table with a case missing its load speed (tests/bad/require_law_field.lua)
lawtester.law{
  name = "badlaw", summary = "x",
  step = function(p, c, s, out) return true end,
  cases = {
    { name = "n", doc = "d", kind = "normal", radius = 0.1,
      load = { overlap = 1e-3 },
      steps = 10, along = function(env, uN) return {} end, along_tol = 0, along_why = "x" },
  },
}
