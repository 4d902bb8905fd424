-- tests/scripts/probe.lua: lawtester.probe_yield from Lua returns one point per direction with
-- the documented fields; the cohesive bond (Rt = 40 N, c = 30 N, tan(phi) = 0.5, kn = 1e6 N/m,
-- kt = 5e5 N/m, from Fn = -10 N) yields in pure tension within one increment below Rt, in pure
-- shear within one increment below c + tan(phi) 10 N, and in compression-shear on the
-- Mohr-Coulomb line; pure compression never yields; an unsharded run is shard 1 of 1.
local Rt, c, mu, kn, kt = 40, 30, 0.5, 1e6, 5e5
local r = lawtester.probe_yield{
  test = { law = "cohesive", params = { kn = kn, kt = kt, tanPhi = mu, tensile = Rt, cohesion = c },
           gap = -1e-5 },
  directions = 12, limit = 2e-4, steps = 1000,
}
assert(r.directions == 12 and #r.points == 12 and r.name == "probe-yield" and r.file == nil)
assert(math.abs(r.start.Fn + 10) < 1e-9 and r.start.kn == kn, "initial force " .. r.start.Fn)  -- uN from positions: round-off
for i, p in ipairs(r.points) do
  assert(p.k == i - 1 and math.abs(p.angle - 2 * math.pi * p.k / 12) < 1e-15)
  if p.yielded then
    assert(p.broken and p.gap >= -1e-9 and p.dist <= p.dF + 1e-9,
           "k " .. p.k .. ": dist " .. p.dist .. " dF " .. p.dF)
    assert(math.abs(p.balance_err) <= 1e-9 * math.abs(p.work), "balance " .. p.balance_err)
  end
end
local tension, shear, cshear, compression = r.points[1], r.points[4], r.points[5], r.points[7]
assert(tension.dirN == 1 and tension.dirT == 0 and tension.Fn <= Rt and Rt - tension.Fn <= tension.dF)
assert(shear.dirN == 0 and math.abs(shear.Fn - r.start.Fn) < 1e-9)  -- pure shear keeps Fn (round-off)
local g = c - mu * shear.Fn
assert(shear.Fty <= g and g - shear.Fty <= shear.dF, "pure shear: " .. shear.Fty .. " vs " .. g)
assert(cshear.yielded and cshear.Fn < r.start.Fn and cshear.Fty > 0)   -- 120 degrees: crosses the line (135 would run parallel to it)
assert(not compression.yielded and compression.dirN == -1 and compression.Fn ~= compression.Fn + 1)
local k, n = lawtester.shard()
assert(k == 1 and n == 1)
