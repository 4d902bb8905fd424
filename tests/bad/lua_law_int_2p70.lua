-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_int_2p70.lua:10: field params.n: 1.1805916207174113e+21 is beyond +-2^53 = +-9007199254740992, the whole numbers an integer parameter (n) holds exactly
-- an integer parameter of 2^70 reached the law as -2^63 (a double cast to a Lua integer) while
-- .meta recorded 1.18e21: beyond 2^53 it is refused (src/contact/law_check.h, LT_INT_PARAM_MAX)
lawtester.law{ name = "intlaw", summary = "an integer parameter without a bound",
  params = { { name = "n", kind = "int", default = 3, min = 0, max = math.huge, doc = "a count" } },
  step = function(p, c, s, out) return true end,
}
return { name = "big", law = "intlaw", params = { n = 2^70 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
