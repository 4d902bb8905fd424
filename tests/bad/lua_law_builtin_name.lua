-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_builtin_name.lua:6: field law.name: the name 'linear' is taken by a built-in law
-- a Lua law may not take the name of a built-in law
lawtester.law{ summary = "a second linear",
  name = "linear",
  step = function(p, c, s, out) return true end,
}
return { law = "linear", stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
