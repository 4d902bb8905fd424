-- tests/scripts/lua_law_error.lua: a Lua law whose step throws an error on its 5th call; the run
-- ends with the error at the line of the throw and keeps the rows recorded before (.partial).
lawtester.law{ name = "boom", summary = "a normal spring that fails on its 5th step",
  state = { "n" },
  step = function(p, c, s, out)
    s.n = s.n + 1
    out.f[1] = 1e3 * c.uN
    if s.n >= 5 then error("too many steps") end
    return true
  end }
return { name = "boom", law = "boom", particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 20" } }, record = { every = 1 } }
