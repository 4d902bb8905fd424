-- tests/scripts/lua_law_twice.lua: defines the law `twice` and runs it; run twice in one process
-- (tests/test_lua_law.c): the law leaves the registry when the script's Lua state closes, so the
-- second run may define the same name again.
local name = lawtester.law{ name = "twice", summary = "a normal spring",
  step = function(p, c, s, out) out.f[1] = 1e6 * c.uN; out.k[1] = 1e6; return c.uN <= 0 end }
assert(name == "twice")
assert(lawtester.laws().twice == "a normal spring")
return { name = "twice", law = "twice", record = false, particles = { { radius = 0.1 }, { radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } }
