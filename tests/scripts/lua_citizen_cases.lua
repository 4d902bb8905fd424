-- tests/scripts/lua_citizen_cases.lua - a case file (docs/case-scripts.md) that takes its law from
-- the module tests/scripts/citizen/coulomb.lua (require, in the sandbox: no --unsafe), the same
-- file the stage scripts tests/scripts/lua_citizen_*.lua load.  Two fixed spheres compressed to
-- delta = 1e-3 m at 1 m/s: the Lua law's springs store elast = kn delta^2/2 and push with
-- Fn = kn uN (N).  Run: ./lawtester verify tests/scripts/lua_citizen_cases.lua
local law = require("citizen.coulomb")("lua_coulomb")
local kn, delta, dt = 1e6, 1e-3, 1e-6
-- the driver accumulates uN over 1000 steps of v dt: round-off of the sum, ~1e-13 relative
local TOL, WHY = 1e-9, "Hooke's spring: round-off of the accumulated displacement"
return { cases = {
  { name = "lua-coulomb-compress", doc = "elast = kn delta^2/2 and Fn = kn uN at the end of a compression",
    test = { law = law, params = { kn = kn }, dt = dt,
             particles = { { radius = 0.1, fixed = true }, { radius = 0.1, fixed = true } },
             stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 1000" } } },
    expect = {
      { name = "elast", measure = "E.elast", value = function(r) return 0.5 * kn * r.C.uN ^ 2 end, tol = TOL, why = WHY },
      { name = "Fn", measure = "C.f[1]", value = function(r) return kn * r.C.uN end, tol = TOL, why = WHY },
      { name = "overlap", measure = "-C.uN", value = delta, tol = TOL, why = WHY },
    } },
} }
