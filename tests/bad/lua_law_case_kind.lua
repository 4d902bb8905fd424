-- a case of a Lua law with a kind lawtester cannot drive: one line naming the field
lawtester.law{
  name = "badcase", summary = "x",
  step = function(p, c, s, out) return true end,
  cases = {
    { name = "c1", doc = "d", kind = "sheer", radius = 0.1, load = { overlap = 1e-3, speed = 1 }, steps = 10 },
  },
}
