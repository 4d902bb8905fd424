-- tests/scripts/probe_coulomb.lua: lawtester.probe_yield on the Coulomb laws with dashpots, from
-- Lua.  spring_dashpot (kn 1e6 N/m, kt 5e5 N/m, tan(phi) 0.5, damped with zeta 0.005, clipped)
-- and hertz_mindlin (E* 1e9 Pa, G* 2e8 Pa, R* 0.05 m, undamped), both from an overlap of 1e-4 m:
-- every yielded point lies inside the law's cone |Ft| = tan(phi) |Fn| of the whole force
-- (dashpot included), within one step's increment dF of it in pure shear, where the overlap and
-- so the stiffnesses are held; the clipped dashpot law reaches its tip Fn = 0 in pure tension
-- while still overlapping; every direction's energy balance is within 1e-9 of its work.
local mu = 0.5
local function check(r, what)
  assert(#r.points == 12, what)
  for _, p in ipairs(r.points) do
    if p.yielded then
      assert(p.gap >= -1e-9, what .. " k " .. p.k .. ": outside the surface by " .. -p.gap)
      assert(math.abs(p.balance_err) <= 1e-9 * math.abs(p.work), what .. " k " .. p.k .. ": balance " .. p.balance_err)
    end
  end
  local shear = r.points[4]                                   -- 90 degrees: pure shear
  assert(shear.yielded and shear.dirN == 0 and shear.dirT == 1, what .. ": pure shear")
  local g = mu * math.abs(shear.Fn) - shear.Fty
  assert(g >= 0 and g <= shear.dF, what .. ": pure shear " .. g .. " N from the cone, dF " .. shear.dF)
  return r.points[1]                                          -- 0 degrees: pure tension
end

local sd = lawtester.probe_yield{
  test = { law = "spring_dashpot", gap = -1e-4,
           params = { kn = 1e6, kt = 5e5, tanPhi = mu, zetaN = 0.005, zetaT = 0.005, clip = true } },
  directions = 12, limit = 1e-3, steps = 2000,
}
local tension = check(sd, "spring_dashpot")
-- the dashpot pulls (Fn > kn uN): the force reaches the tip Fn = 0 before the overlap closes,
-- and clipping there is the first yield (not the loss of the contact)
assert(tension.yielded and not tension.broken and tension.Fn <= 0 and -tension.Fn <= tension.dF,
       "spring_dashpot tension: Fn " .. tension.Fn)
assert(tension.uN < 1e-4 - 1e-6, "clipped before the overlap closed: uN moved " .. tension.uN)

local hz = lawtester.probe_yield{
  test = { law = "hertz_mindlin", gap = -1e-4, params = { Estar = 1e9, Gstar = 2e8, Rstar = 0.05, tanPhi = mu } },
  directions = 12, limit = 2e-4, steps = 2000,
}
tension = check(hz, "hertz_mindlin")
assert(tension.yielded and tension.broken, "hertz_mindlin tension: the contact opens")
