-- tests/scripts/state_kn.lua: a Lua law with a state variable called kn that does not hold the
-- stiffness it returns (docs/laws.md, "Names": kn and kt may name state variables; C.kn and C.kt
-- read the stiffness returned in out.k).  until and the results must agree on C.kn.
lawtester.law{
  name = "kn_state", summary = "normal spring of 1e6 N/m with a state kn of 7",
  state = { "kn" },
  step = function(p, c, s, out)
    if c.uN > 0 then return false end
    s.kn = 7
    out.f[1] = 1e6 * c.uN
    out.k[1] = 1e6
    return true
  end,
}
local r = lawtester.run{
  name = "kn-state", law = "kn_state", particles = { { radius = 0.1 }, { radius = 0.1 } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-6, record = false,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "C and C.kn == 1e6 and stage.step >= 3" } },
}
assert(r.C.kn == 1e6, "results.C.kn = " .. tostring(r.C.kn) .. ", until read 1e6")
