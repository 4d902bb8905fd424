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
