-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_no_step.lua:5: field law.step: missing: the function step(p, c, s, out) is required
-- a Lua law without its step function
lawtester.law{
  name = "nostep",
  summary = "has no step",
  init = function(p, c, s) end,
}
return { law = "nostep", stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
