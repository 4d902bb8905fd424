-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_state_un.lua:6: field law: law 'shadow': state variable 'uN' clashes with the contact quantity C.uN that until and done read; rename it
-- a Lua law whose state variable is called uN: until and done read C.uN as the driver's normal
-- displacement, so the law's uN would be out of their reach (docs/laws.md, "Names")
lawtester.law{ name = "shadow", summary = "a state named like a contact quantity",
  state = { "Fn", "uN" },
  step = function(p, c, s, out) s.uN = 101; return true end,
}
return { law = "shadow", stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
