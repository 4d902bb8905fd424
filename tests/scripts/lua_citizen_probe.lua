-- tests/scripts/lua_citizen_probe.lua - yield probes of a Lua law (docs/lua-laws.md, "Yield surface
-- and cases"; docs/probes.md): the law of tests/scripts/citizen/coulomb.lua (kn 1e6 N/m, kt 5e5
-- N/m, mu 0.5) probed from an overlap of 1e-4 m in 24 directions of (uN, uy).  Checked against the
-- closed-form cone |Ft| = mu |Fn|, Fn <= 0 (as tests/test_probe.c checks the C laws): each
-- recorded yield point P lies on its elastic force ray F0 + s (kn dirN, kt dirT) before the exit
-- point P* of the cone, within one displacement increment du = limit/steps (0 <= s* - s <= du)
-- and one force increment dF (|P - P*| <= dF), a direction that does not yield has its exit
-- beyond the limit; the law's own ft_max (Lua, through its trampoline)
-- gives the gap mu |Fn| - |Ft| at P; the built-in `linear` (the same physics) records the same
-- points; and the probe on the DoF pair (1, 2), which finds the surface by bisection of the law's
-- `excess`, puts each yielded point within one increment of it (dsteps <= 1).
local make = require "citizen.coulomb"
make("lua_coulomb")
local kn, kt, mu, gap, limit, steps, dirs = 1e6, 5e5, 0.5, -1e-4, 1e-3, 2000, 24
-- round-off of ~2000 incremental force steps of ~100 N (tests/test_probe.c, TOL_FORCE)
local TOL_FORCE = 1e-9
local du = limit / steps

local function exit_s(F0n, F0t, dn, dt)     -- first s > 0 where F0 + s d leaves the cone
  local best = math.huge
  for _, sign in ipairs { -1, 1 } do        -- sign Ft = -mu Fn
    local a, b = sign * dt + mu * dn, -(sign * F0t + mu * F0n)
    if a > 0 and b / a >= 0 then best = math.min(best, b / a) end
  end
  if dn > 0 then best = math.min(best, -F0n / dn) end   -- the tip Fn = 0
  return best
end

local lua = lawtester.probe_yield{ test = { law = "lua_coulomb", gap = gap }, directions = dirs, limit = limit, steps = steps }
local c = lawtester.probe_yield{ test = { law = "linear", gap = gap, params = { kn = kn, kt = kt, tanPhi = mu } },
                                 directions = dirs, limit = limit, steps = steps }
assert(#lua.points == dirs and #c.points == dirs, "all directions probed")
local F0n, F0t, yielded = lua.start.Fn, lua.start.Fty, 0
for i, p in ipairs(lua.points) do
  local q = c.points[i]
  assert(p.yielded == q.yielded and p.steps == q.steps, "direction " .. i .. ": the built-in linear yields elsewhere")
  assert(math.abs(p.Fn - q.Fn) <= TOL_FORCE and math.abs(p.Fty - q.Fty) <= TOL_FORCE, "direction " .. i .. ": force differs from linear's")
  if p.yielded then
    yielded = yielded + 1
    local dn, dt = kn * p.dirN, kt * p.dirT
    local s_star, s = exit_s(F0n, F0t, dn, dt), p.steps * du
    assert(s <= s_star * (1 + 1e-12) and s_star - s <= du * (1 + 1e-9),
           ("direction %d: s = %.17g, exit s* = %.17g, du = %g"):format(i, s, s_star, du))
    local Pn, Pt = F0n + s_star * dn, F0t + s_star * dt
    local dist = math.sqrt((p.Fn - Pn) ^ 2 + (p.Fty - Pt) ^ 2)
    assert(dist <= p.dF + TOL_FORCE, ("direction %d: |P - P*| = %g N > dF = %g N"):format(i, dist, p.dF))
    if not p.broken then
      local g = mu * math.abs(p.Fn) - math.abs(p.Fty)
      assert(math.abs(p.gap - g) <= TOL_FORCE, ("direction %d: the law's ft_max gives gap %g N, the cone %g N"):format(i, p.gap, g))
    end
  else                                      -- a ray that stays inside the cone up to the limit
    assert(exit_s(F0n, F0t, kn * p.dirN, kt * p.dirT) >= limit - du, "direction " .. i .. ": not yielded before the cone")
  end
end
assert(yielded >= dirs / 2, "most directions reach the cone: " .. yielded)

local pair = lawtester.probe_yield{ test = { law = "lua_coulomb", gap = gap }, directions = dirs, limit = limit,
                                    steps = steps, dofs = { 1, 2 } }
local on_pair = 0
for i, p in ipairs(pair.points) do
  if p.yielded and not p.broken then
    on_pair = on_pair + 1
    assert(p.dsteps >= -1e-9 and p.dsteps <= 1 + 1e-9, ("pair direction %d: %g increments from the surface"):format(i, p.dsteps))
  end
end
assert(on_pair >= dirs / 2, "the pair probe yields on the cone: " .. on_pair)
print(("lua_coulomb: %d of %d directions on the cone, %d on the pair (1, 2)"):format(yielded, dirs, on_pair))
