-- tests/scripts/lua_law_nan.lua: a Lua law that returns a NaN tangential force on its 5th step:
-- the driver's output check stops the run as for a C law.
lawtester.law{ name = "nan", summary = "a normal spring that returns NaN on its 5th step",
  state = { "n" },
  step = function(p, c, s, out)
    s.n = s.n + 1
    out.f[1] = 1e3 * c.uN
    if s.n >= 5 then out.f[2] = 0 / 0 end
    return true
  end }
return { name = "nan", law = "nan", particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 20" } }, record = { every = 1 } }
