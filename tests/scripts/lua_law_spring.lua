-- tests/scripts/lua_law_spring.lua: a Lua law with state: a normal spring kn and an incremental
-- tangential spring kt whose force (state Fty, Ftz) accumulates kt v dt, no friction limit, so
-- Fy = kt uy along a pure shear (tests/test_lua_law.c checks it row by row).
lawtester.law{
  name = "tspring", summary = "normal and incremental tangential springs, no slip",
  params = {
    { name = "kn", default = 1e6, min = 0, unit = "N/m", doc = "normal stiffness" },
    { name = "kt", default = 4e5, min = 0, unit = "N/m", doc = "tangential stiffness" },
  },
  state = { "Fty", "Ftz" },
  energies = { { name = "elast", kind = "stored", doc = "energy of both springs" } },
  step = function(p, c, s, out)
    if c.uN > 0 then return false end
    local kt, dt, v = p.kt, c.dt, c.v
    local fn = p.kn * c.uN
    s.Fty = s.Fty + kt * v[2] * dt
    s.Ftz = s.Ftz + kt * v[3] * dt
    local f = out.f
    f[1], f[2], f[3] = fn, s.Fty, s.Ftz
    out.k[1], out.k[2] = p.kn, kt
    out.e.elast = 0.5 * (fn * fn / p.kn + (s.Fty ^ 2 + s.Ftz ^ 2) / kt)
    return true
  end,
}
return {
  name = "tspring", law = "tspring", particles = { { radius = 0.1 }, { radius = 0.1 } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-6, abWeight = 1,
  stages = {
    { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "C and C.uN <= -1e-4" },
    { whats = "vv....", values = {0, 0.5, 0,0,0,0}, till = "C.u[2] >= 2e-4" },
  },
  record = { every = 1 },
}
