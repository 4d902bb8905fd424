-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_default_range.lua:10: field law.params[2].default: value -1 out of range: must be >= 0
-- a parameter whose default lies outside its own range
lawtester.law{
  name = "badrange",
  summary = "kn's default is negative",
  params = {
    { name = "kt", default = 1e5, min = 0, unit = "N/m", doc = "tangential stiffness" },
    { name = "kn", default = -1, min = 0, max = math.huge,
      unit = "N/m", doc = "normal stiffness" },
  },
  step = function(p, c, s, out) return true end,
}
return { law = "badrange", stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
