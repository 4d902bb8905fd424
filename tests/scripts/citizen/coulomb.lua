-- tests/scripts/citizen/coulomb.lua - a module (docs/lua-laws.md, "Yield surface and cases";
-- docs/stage-scripts.md, "Modules"): a Lua law with its Coulomb yield surface and analytic cases,
-- shared by the stage scripts tests/scripts/lua_citizen_*.lua and the case file
-- tests/scripts/lua_citizen_cases.lua through `require "citizen.coulomb"`, all sandboxed.
-- The law is laws/linear.c's physics with the friction coefficient called `mu`:
--   Fn = kn uN (N, < 0 in compression); trial Ft = Ft + kt v_t dt (N); Coulomb limit
--   fy = mu |Fn|, radial return Ft = fy Ft/|Ft| when |Ft| > fy (Cundall & Strack 1979);
--   elast = (Fn^2/kn + |Ft|^2/kt)/2 (J, stored); plast: the trapezoid rule of the slip work
--   (docs/energy.md).
-- Closed forms of its cases (SI): Hooke along a normal load, Fn = kn uN, elast = kn uN^2/2;
-- the elastic normal impact of a linear spring, w0 = sqrt(kn/m*): e = 1, t_c = pi/w0,
-- delta_max = v/w0, F_max = kn v/w0; the Coulomb cycle at overlap d and amplitude a:
-- 4 mu kn d (a - mu kn d/kt) per cycle.
-- The module returns make(name, factor): it defines the law `name`; factor (default 1) scales
-- the closed form of the normal force, so factor 2 is a deliberately wrong closed form.
local sqrt, pi = math.sqrt, math.pi

-- Tolerances and why (the trapezoid of linear springs is exact: round-off of ~2000 steps; an
-- impact's quantities are second order in dt, 1000 steps a contact time: (pi/1000)^2 / 12 ~ 1e-6,
-- the values of laws/linear_cases.c)
local TOL_FORMULA, WHY_FORMULA = 1e-9, "Hooke's springs, exact but for round-off"
local TOL_IMPACT, WHY_IMPACT = 1e-5, "leapfrog at 1000 steps a contact: O((w0 dt)^2)"
local TOL_CYCLE = 1e-4
local WHY_CYCLE = "radial return onto mu kn delta: slip onset inside a step, <= kt du^2/8 per onset"

local function make(name, factor)
  factor = factor or 1
  local set = { kn = 1e6, kt = 5e5, mu = 0.5 }
  local mat = { young = 1e7, poisson = 0.25, density = 2600, ktDivKn = 0.5, tanPhi = 0.5 }
  lawtester.law{
    name = name,
    summary = "linear spring, incremental tangential spring, Coulomb slip with coefficient mu (Lua)",
    params = {
      { name = "kn", default = 1e6, min = 0, unit = "N/m", doc = "normal stiffness" },
      { name = "kt", default = 5e5, min = 0, unit = "N/m", doc = "tangential stiffness" },
      { name = "mu", default = 0.5, min = 0, unit = "-", doc = "friction coefficient" },
    },
    state = { "Fn", "Fty", "Ftz", "slip" },
    energies = {
      { name = "elast", kind = "stored", doc = "energy of the springs" },
      { name = "plast", kind = "dissipated", doc = "Coulomb slip, trapezoid rule" },
    },
    step = function(p, c, s, out)
      if c.uN > 0 then return false end
      local kn, kt = p.kn, p.kt
      local fn = kn * c.uN
      local fty0, ftz0 = s.Fty, s.Ftz
      local ty, tz = fty0 + kt * c.v[2] * c.dt, ftz0 + kt * c.v[3] * c.dt
      local fty, ftz, d = ty, tz, 0
      local fy, ft = math.abs(fn) * p.mu, sqrt(ty * ty + tz * tz)
      s.slip = 0
      if ft > fy then
        s.slip = 1
        local scale = fy / ft
        fty, ftz = ty * scale, tz * scale
        d = ((fty0 + fty) * (ty - fty) + (ftz0 + ftz) * (tz - ftz)) / (2 * kt)
      end
      s.Fn, s.Fty, s.Ftz = fn, fty, ftz
      local f = out.f
      f[1], f[2], f[3] = fn, fty, ftz
      out.k[1], out.k[2] = kn, kt
      out.e.elast = 0.5 * (fn * fn / kn + (fty * fty + ftz * ftz) / kt)
      out.e.plast = d
      return true
    end,
    yield = {
      formula = "Coulomb: |Ft| = mu |Fn|, Fn <= 0",
      ft_max = function(p, s, fn) return fn > 0 and -1 or p.mu * math.abs(fn) end,
      fn_max = 0,
      yielding = function(p, s) return s.slip ~= 0 end,
      excess = function(p, s, f)
        if f[1] > 0 then return math.huge end
        local ft, fy = sqrt(f[2] ^ 2 + f[3] ^ 2), p.mu * math.abs(f[1])
        return fy > 0 and ft / fy - 1 or (ft > 0 and math.huge or -1)
      end,
      dofs = { 1, 2, 3 },
    },
    cases = {
      { name = "normal-load", doc = "Hooke: Fn = kn uN, elast = kn uN^2/2 along loading to 1 mm and unloading",
        kind = "normal", set = set, radius = 0.1, mat = mat,
        load = { overlap = 1e-3, speed = 1.0 }, steps = 1000,
        along = function(env, uN)
          local kn = env.p.kn
          return { Fn = factor * kn * uN, kn = kn, kt = env.p.kt, elast = 0.5 * kn * uN * uN }
        end,
        along_tol = TOL_FORMULA, along_why = WHY_FORMULA },
      { name = "shear-cycle", doc = "Coulomb loop at 1 mm overlap, +-3 mm: 4 mu kn d (a - mu kn d/kt) per cycle",
        kind = "cycle", set = set, radius = 0.1, mat = mat,
        load = { overlap = 1e-3, amplitude = 3e-3, speed = 1.0 }, steps = 3000,
        expect = function(env)
          local p, d, a = env.p, env.load.overlap, env.load.amplitude
          local fy = p.mu * p.kn * d
          return { cycle_energy = { value = 4 * fy * (a - fy / p.kt), tol = TOL_CYCLE, why = WHY_CYCLE },
                   kt = { value = p.kt, tol = TOL_FORMULA, why = WHY_FORMULA },
                   slip_force = { value = fy, tol = TOL_FORMULA, why = WHY_FORMULA } }
        end },
      { name = "impact", doc = "elastic normal impact at 1 m/s: e = 1, t_c = pi/w0, delta_max = v/w0",
        kind = "impact", set = set, radius = 0.1, mat = mat,
        load = { vn = 1.0 }, steps = 1000,
        expect = function(env)
          local w0, v = sqrt(env.p.kn / env.c.mstar), env.load.vn
          return { e = { value = 1, tol = TOL_IMPACT, why = WHY_IMPACT },
                   t_contact = { value = pi / w0, tol = TOL_IMPACT, why = WHY_IMPACT },
                   max_overlap = { value = v / w0, tol = TOL_IMPACT, why = WHY_IMPACT },
                   max_force = { value = env.p.kn * v / w0, tol = TOL_IMPACT, why = WHY_IMPACT } }
        end },
    },
  }
  return name
end

return make
