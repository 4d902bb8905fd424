-- a Lua law whose state variable is called uN: until and done read C.uN as the driver's normal
-- displacement, so the law's uN would be out of their reach (docs/laws.md, "Names")
lawtester.law{ name = "shadow", summary = "a state named like a contact quantity",
  state = { "Fn", "uN" },
  step = function(p, c, s, out) s.uN = 101; return true end,
}
return { law = "shadow", stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
