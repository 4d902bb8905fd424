-- tests/scripts/probe_hardening.lua - a law whose Coulomb limit hardens with slip (|Ft| <= mu |Fn| + h,
-- h += H (|Ft trial| - limit)/(kt + H); SI units) probed in 4 directions from an overlap of 0.1 mm:
-- pure tension loses the contact (broken), pure shear both ways slips and hardens (yielded,
-- hardened, not broken), compression does not yield.  tests/test_probe_cli.c checks the lines.
lawtester.law{
  name = "harden", summary = "normal spring, Coulomb slip with linear hardening of the limit",
  params = {
    { name = "kn", default = 1e6, min = 0, unit = "N/m", doc = "normal stiffness" },
    { name = "kt", default = 5e5, min = 0, unit = "N/m", doc = "tangential stiffness" },
    { name = "mu", default = 0.5, min = 0, unit = "-", doc = "friction coefficient" },
    { name = "H", default = 1e5, min = 0, unit = "N/m", doc = "hardening modulus" },
  },
  state = { "Fty", "Ftz", "h", "slip" },
  step = function(p, c, s, out)
    if c.uN > 0 then return false end
    local fn = p.kn * c.uN
    local ty, tz = s.Fty + p.kt * c.v[2] * c.dt, s.Ftz + p.kt * c.v[3] * c.dt
    local t, cap = math.sqrt(ty * ty + tz * tz), p.mu * math.abs(fn) + s.h
    s.slip = 0
    if t > cap then
      s.h = s.h + p.H * (t - cap) / (p.kt + p.H)
      local scale = (p.mu * math.abs(fn) + s.h) / t
      ty, tz, s.slip = ty * scale, tz * scale, 1
    end
    s.Fty, s.Ftz = ty, tz
    out.f[1], out.f[2], out.f[3] = fn, ty, tz
    out.k[1], out.k[2] = p.kn, p.kt
    return true
  end,
  yield = {
    formula = "|Ft| = mu |Fn| + h, h growing with slip",
    ft_max = function(p, s, fn) return fn > 0 and -1 or p.mu * math.abs(fn) + s.h end,
    fn_max = 0,
    yielding = function(p, s) return s.slip ~= 0 end,
  },
}
local r = lawtester.probe_yield{ name = "harden-probe",
  test = { name = "harden", law = "harden", gap = -1e-4, dt = 1e-6,
           particles = { { radius = 0.1 }, { radius = 0.1 } } },
  directions = 4, limit = 1e-3, steps = 1000 }
for _, pt in ipairs(r.points) do
  print(string.format("k=%d yielded=%s broken=%s hardened=%s", pt.k, tostring(pt.yielded),
                      tostring(pt.broken), tostring(pt.hardened)))
end
