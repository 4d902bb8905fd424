-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_state_count.lua:10: field law.state: 600 state variable names, at most 512
-- 600 state variables: more than a law may keep (LT_MAX_STATE = 512)
local names = {}
for i = 1, 600 do names[i] = "s" .. i end
lawtester.law{
  name = "bigstate",
  summary = "too much state",
  state = names,
  step = function(p, c, s, out) return true end,
}
return { law = "bigstate", stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
