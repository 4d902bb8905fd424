-- tests/scripts/scope.lua: what `until` sees: C is nil before the contact and has uN, u, v, f
-- (1-based 6-vectors), kn, kt and the law's state; stage, E, S and tester counters.
local log = {}
local function check(C, stage, E, S, tester)
  if stage.step == 5 then
    assert(C == nil, "C exists at step 5 with a 1e-5 gap closing at 1 m/s")
    assert(not stage.hadC and not stage.hasC)
  end
  if C and not log.first then
    log.first = stage.step
    assert(stage.hadC and stage.hasC)
    assert(C.uN < 0 and C.uN == C.u[1], "uN is u[1]")
    assert(#C.u == 6 and #C.f == 6)
    -- the imposed -1 m/s as the contact measures it, to round-off: the frames are kept within
    -- 4e-15 of orthonormal, not re-orthonormalised every step (docs/performance.md)
    assert(math.abs(C.v[1] + 1) <= 4e-16, string.format("relative normal velocity %.17g", C.v[1]))
    assert(C.f[1] == C.kn * C.uN and C.kn == 1e6 and C.kt == 5e5 and C.Fn == C.f[1])
    assert(E.elast > 0 and E.plast == 0 and E.visc == nil)
    assert(S.dt == 1e-6 and S.step == 11 and math.abs(S.time - 11e-6) < 1e-18)
    assert(tester.law == "linear" and tester.stage == 1 and tester.abWeight == 1)
  end
  return C and C.uN <= -1e-4
end
lawtester.run{
  name = "scope", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  gap = 1e-5, record = false,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = check },
             { whats = "v.....", values = {1, 0,0,0,0,0}, ["until"] = "stage.broken and stage.rebound == true and not C" } },
}
assert(log.first == 11, "contact first seen at step " .. tostring(log.first))
-- a misspelt field is an error, not a silent nil
local ok, err = pcall(lawtester.run, {
  name = "typo", law = "linear", record = false,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "C and C.uNN < 0" } } })
assert(not ok and err:find("C has no field 'uNN'"), "typo error: " .. tostring(err))
