-- tests/scripts/lua_law_loop.lua: a Lua law whose step loops for ever on its 5th call: the
-- instruction budget (--max-instructions) ends the run at the loop's line.
lawtester.law{ name = "loop", summary = "a normal spring that loops on its 5th step",
  state = { "n" },
  step = function(p, c, s, out)
    s.n = s.n + 1
    out.f[1] = 1e3 * c.uN
    if s.n >= 5 then while true do end end
    return true
  end }
return { name = "loop", law = "loop", particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 20" } }, record = { every = 1 } }
