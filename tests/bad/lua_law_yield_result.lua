-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_yield_result.lua:15: law 'badresult': yield.ft_max: returned string, not a number
-- a yield function that returns no number: the probe ends with one line at the function's line
lawtester.law{
  name = "badresult", summary = "linear spring",
  state = { "Ft" },
  step = function(p, c, s, out)
    out.f[1] = 1e6 * c.uN; s.Ft = s.Ft + 5e5 * c.v[2] * c.dt; out.f[2] = s.Ft
    out.k[1], out.k[2] = 1e6, 5e5
    return c.uN <= 0
  end,
  yield = {
    formula = "|Ft| = |Fn|/2",
    ft_max = function(p, s, fn) return fn <= 0 and "half" or -1 end,
    fn_max = 0,
    yielding = function(p, s) return false end,
  },
}
lawtester.probe_yield{ test = { law = "badresult", gap = -1e-4 }, directions = 4, limit = 1e-3, steps = 10 }
