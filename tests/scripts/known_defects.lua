-- tests/scripts/known_defects.lua - a law file (--law-lib) for tests/test_lua_citizen.c: a law
-- with a known defect (docs/lua-laws.md, "Known defects").  `uncapped` is Hooke's normal spring
-- and an incremental tangential spring whose Coulomb limit mu |Fn| is applied only when `capped`
-- is true: without it verify's `generic-oblique coulomb` row fails, and the law names that row
-- as known, when capped is false.  `claims_too_much` marks a row that passes: verify prints it
-- XPASS and fails.  Units SI; Fn < 0 in compression.
local function law(name, known)
  return {
    name = name, summary = "linear springs, Coulomb limit only when capped (a test of known defects)",
    params = {
      kn = { default = 1e6, range = {1, 1e9}, unit = "N/m", doc = "normal stiffness" },
      kt = { default = 5e5, range = {1, 1e9}, unit = "N/m", doc = "tangential stiffness" },
      mu = { default = 0.5, range = {0, 1}, unit = "-", doc = "friction coefficient" },
      capped = { kind = "bool", default = false, doc = "apply the Coulomb limit" },
    },
    friction = "mu", state = { "Fty", "Ftz" },
    step = function(p, c, s, out)
      if c.uN > 0 then return false end
      local fn = p.kn * c.uN
      local fy, fz = s.Fty + p.kt * c.v[2] * c.dt, s.Ftz + p.kt * c.v[3] * c.dt
      local ft, lim = math.sqrt(fy * fy + fz * fz), p.mu * math.abs(fn)
      if p.capped and ft > lim then fy, fz = fy * lim / ft, fz * lim / ft end
      s.Fty, s.Ftz = fy, fz
      out.f[1], out.f[2], out.f[3] = fn, fy, fz
      out.k[1], out.k[2] = p.kn, p.kt
      return true
    end,
    cases = { { name = "impact", doc = "elastic normal impact of a linear spring: e = 1, t_c = pi sqrt(m*/kn)",
      kind = "impact", radius = 0.1, load = { vn = 1.0 }, steps = 1000,
      expect = function(env)
        local why = "leapfrog at 1000 steps a contact: O((w0 dt)^2)"
        return { e = { value = 1, tol = 1e-5, why = why },
                 t_contact = { value = math.pi * math.sqrt(env.c.mstar / env.p.kn), tol = 1e-5, why = why } }
      end } },
    known = known,
  }
end
return {
  law("uncapped", { { row = "generic-oblique coulomb", why = "no Coulomb limit unless capped",
                      when = function(p) return not p.capped end } }),
  law("claims_too_much", { { row = "generic-oblique KE gain", why = "claimed, but the rebound gains nothing" } }),
}
