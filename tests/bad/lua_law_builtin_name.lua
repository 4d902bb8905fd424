-- a Lua law may not take the name of a built-in law
lawtester.law{ summary = "a second linear",
  name = "linear",
  step = function(p, c, s, out) return true end,
}
return { law = "linear", stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
