-- tests/scripts/lua_law_break.lua: a Lua law that breaks: a bond (a normal spring in
-- compression and tension) whose step returns false once the opening uN exceeds `ubreak`; the
-- pull stage then ends on the first step without contact.
lawtester.law{
  name = "bond", summary = "normal spring bond breaking in tension",
  params = {
    { name = "kn", default = 1e6, min = 0, unit = "N/m", doc = "normal stiffness" },
    { name = "ubreak", default = 5e-5, min = 0, unit = "m", doc = "opening at which the bond breaks" },
  },
  energies = { { name = "elast", kind = "stored", doc = "energy of the spring" } },
  step = function(p, c, s, out)
    if c.uN > p.ubreak then return false end
    local fn = p.kn * c.uN
    out.f[1] = fn
    out.k[1] = p.kn
    out.e.elast = 0.5 * fn * fn / p.kn
    return true
  end,
}
return {
  name = "bond", law = "bond", particles = { { radius = 0.1 }, { radius = 0.1 } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-6, abWeight = 1,
  stages = {
    { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "C and C.uN <= -1e-4" },
    { whats = "v.....", values = {1, 0,0,0,0,0}, till = "not C" },
  },
  record = { every = 1 },
}
