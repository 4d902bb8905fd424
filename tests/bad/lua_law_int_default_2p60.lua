-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_int_default_2p60.lua:7: field law.params[1].default: 1.152921504606847e+18 is beyond +-2^53 = +-9007199254740992, the whole numbers an integer parameter holds exactly
-- an integer parameter's default beyond 2^53 is refused where the law is defined, as a value
-- given to it would be
lawtester.law{ name = "intlaw", summary = "an integer parameter without a bound",
  params = { { name = "n", kind = "int", default = 1 << 60, min = 0, max = math.huge, doc = "a count" } },
  step = function(p, c, s, out) return true end,
}
return { name = "big", law = "intlaw",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
