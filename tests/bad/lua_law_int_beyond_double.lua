-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_int_beyond_double.lua:10: field params.n: 9007199254740993 is beyond +-2^53 = +-9007199254740992, the whole numbers an integer parameter (n) holds exactly
-- a Lua integer of 2^53 + 1 would be rounded to 2^53 in the double that holds a parameter: the
-- law would get another value than the script gave
lawtester.law{ name = "intlaw", summary = "an integer parameter without a bound",
  params = { { name = "n", kind = "int", default = 3, min = -math.huge, max = math.huge, doc = "a count" } },
  step = function(p, c, s, out) return true end,
}
return { name = "big", law = "intlaw", params = { n = (1 << 53) + 1 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
