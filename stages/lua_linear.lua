-- stages/lua_linear.lua - the linear (Cundall) contact law of laws/linear.c written in Lua
-- (docs/lua-laws.md), then the compress-shear-unload path of stages/compress_shear_unload.lua
-- run with it.  Same physics, parameters, state and energies as the built-in `linear`:
--   Fn = kn uN (N, < 0 in compression); trial Ft = Ft + kt v_t dt (N); Coulomb limit
--   fy = |Fn| tan(phi); radial return Ft = fy Ft/|Ft| when |Ft| > fy; the contact breaks when
--   uN > 0 unless noBreak; elast = (Fn^2/kn + |Ft|^2/kt)/2 (J, stored); plast: the slip
--   dissipation by the `dissipation` formula (J per step, docs/energy.md derives them).
-- Reference: P. A. Cundall, O. D. L. Strack (1979), Geotechnique 29(1):47-65.
-- Its records equal the built-in's to 1e-12 (tests/test_lua_law.c says why not bit for bit:
-- Lua has no hypot).  Run: ./lawtester run stages/lua_linear.lua -o out --plot
local abs, sqrt = math.abs, math.sqrt

-- mean yield force over the slipping part of a step (laws/linear.c, mean_yield_while_slipping)
local function mean_yield_while_slipping(f0, ft, y0, y1)
  local s0 = 0
  if f0 < y0 then
    local den = (ft - f0) - (y1 - y0)
    s0 = den > 0 and (y0 - f0) / den or 1
    if s0 > 1 then s0 = 1 end
  end
  return 0.5 * ((y0 + s0 * (y1 - y0)) + y1)
end

local function slip_dissipation(formula, kt, fy_prev, fty0, ftz0, ty, tz, fty1, ftz1)
  if formula == "trapezoid" then
    return ((fty0 + fty1) * (ty - fty1) + (ftz0 + ftz1) * (tz - ftz1)) / (2 * kt)
  end
  local ft, fy = sqrt(ty * ty + tz * tz), sqrt(fty1 * fty1 + ftz1 * ftz1)
  if formula == "doc" then return fy * (ft - fy) / kt end
  if formula == "code" then return ((ft - fy) / 2 + fy) * (ft - fy) / kt end
  if formula == "potential" then return (ft * ft - fy * fy) / (2 * kt) end
  return (ft - fy) / kt * mean_yield_while_slipping(sqrt(fty0 * fty0 + ftz0 * ftz0), ft, fy_prev, fy)
end

lawtester.law{
  name = "lua_linear",
  summary = "linear Cundall contact in Lua: Hooke normal, incremental tangential spring, Coulomb slip",
  params = {
    { name = "kn", optional = true, materials = true, min = 0, max = math.huge, unit = "N/m",
      doc = "normal stiffness (default: from materials)" },
    { name = "kt", optional = true, materials = true, min = 0, max = math.huge, unit = "N/m",
      doc = "tangential stiffness (default: from materials)" },
    { name = "tanPhi", optional = true, materials = true, min = 0, max = math.huge, unit = "-",
      doc = "friction coefficient tan(phi) (default: from materials)" },
    { name = "noSlip", kind = "bool", default = false, doc = "no Coulomb limit: the tangential spring stays elastic" },
    { name = "noBreak", kind = "bool", default = false, doc = "never break; uN > 0 gives a tensile normal force" },
    { name = "dissipation", kind = "choice", choices = { "trapezoid", "doc", "code", "potential", "path" },
      default = "trapezoid", doc = "slip dissipation formula (docs/energy.md)" },
  },
  state = { "kn", "kt", "tanPhi", "Fn", "Fty", "Ftz", "slip" },
  friction = "tanPhi",              -- the Coulomb coefficient in use (the plots' cone, the warnings)
  energies = {
    { name = "elast", kind = "stored", doc = "elastic energy of the normal and tangential springs" },
    { name = "plast", kind = "dissipated", doc = "energy dissipated by Coulomb slip" },
  },
  init = function(p, c, s)
    local kn = p.kn or c.kn
    s.kn = kn
    s.kt = p.kt or (c.kn > 0 and c.kt / c.kn * kn or 0)
    s.tanPhi = p.tanPhi or c.tanPhi
  end,
  step = function(p, c, s, out)
    local uN = c.uN
    if uN > 0 and not p.noBreak then return false end
    local kn, kt = s.kn, s.kt
    local fn = kn * uN
    local v, dt = c.v, c.dt
    local fty0, ftz0 = s.Fty, s.Ftz
    local ty, tz = fty0 + kt * v[2] * dt, ftz0 + kt * v[3] * dt
    local fty, ftz, dissipated = ty, tz, 0
    s.slip = 0
    if not p.noSlip then
      local tanPhi = s.tanPhi
      local fy, ft = abs(fn) * tanPhi, sqrt(ty * ty + tz * tz)
      if ft > fy then
        s.slip = 1
        local scale = ft > 0 and fy / ft or 0
        fty, ftz = ty * scale, tz * scale
        local fy_prev = c.fresh and fy or abs(s.Fn) * tanPhi
        if kt > 0 then
          dissipated = slip_dissipation(p.dissipation, kt, fy_prev, fty0, ftz0, ty, tz, fty, ftz)
        end
      end
    end
    s.Fn, s.Fty, s.Ftz = fn, fty, ftz
    local f, k, e = out.f, out.k, out.e
    f[1], f[2], f[3] = fn, fty, ftz      -- torques f[4..6] stay 0
    k[1], k[2] = kn, kt
    e.elast = 0.5 * ((kn > 0 and fn * fn / kn or 0) + (kt > 0 and (fty * fty + ftz * ftz) / kt or 0))
    e.plast = dissipated
    return true
  end,
}

-- ---- the test: stages/compress_shear_unload.lua with the Lua law ----
return {
  name = "lua-linear-csu", law = "lua_linear",
  params = { kn = 1e6, kt = 5e5, tanPhi = math.tan(0.5) },  -- N/m, N/m, -
  materials = { m = { young = 1e7, density = 2600, ktDivKn = 0.5, tanPhi = math.tan(0.5) } },
  particles = { { shape = "sphere", radius = 0.1, material = "m" },
                { shape = "sphere", radius = 0.1, material = "m" } },
  normal = {0, 0, 1}, gap = 0,
  dt = 1e-6, abWeight = 1,
  stages = {
    { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN <= -1e-3" },
    { whats = "vv....", values = {0, 1, 0,0,0,0}, till = "C.u[2] >= 3e-3" },
    { whats = "vv....", values = {1, 0, 0,0,0,0}, till = "not C" },
  },
  record = { every = 10 },
}
