-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_defined_twice.lua:7: field law.name: the name 'dup' is taken by the law from tests/bad/lua_law_defined_twice.lua:6
-- one script may not define the same law name twice
local function spring(p, c, s, out) out.f[1] = 1e6 * c.uN; return true end
lawtester.law{ name = "dup", summary = "first", step = spring }
lawtester.law{ name = "dup", summary = "second", step = spring }
return { law = "dup", stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
