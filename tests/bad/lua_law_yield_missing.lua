-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_yield_missing.lua:8: field law.yield.yielding: missing: the function yielding(p, s) is required
-- a yield surface without `yielding`: the probes could not find the first yield
lawtester.law{
  name = "badyield", summary = "x",
  step = function(p, c, s, out) return true end,
  yield = {
    formula = "|Ft| = |Fn|",
    ft_max = function(p, s, fn) return math.abs(fn) end,
    fn_max = 0,
  },
}
