-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_case_kind.lua:9: field law.cases[1].kind: unknown value 'sheer' (one of normal, cycle, impact, closed_loop, shear_cycle)
-- a case of a Lua law with a kind lawtester cannot drive: one line naming the field
lawtester.law{
  name = "badcase", summary = "x",
  step = function(p, c, s, out) return true end,
  cases = {
    { name = "c1", doc = "d", kind = "sheer", radius = 0.1, load = { overlap = 1e-3, speed = 1 }, steps = 10 },
  },
}
