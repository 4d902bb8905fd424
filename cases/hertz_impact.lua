-- cases/hertz_impact.lua - elastic Hertz impact of two equal glass spheres (hertz_mindlin with
-- en = 1: no dashpot), against Hertz theory (Johnson 1985, Contact Mechanics, sec. 11.1;
-- Thornton et al. 2011 on elastic collisions in DEM; docs/references.md):
--   R* = R1 R2/(R1 + R2),  1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2,  m* = m1 m2/(m1 + m2),
--   F = (4/3) E* sqrt(R*) delta^(3/2),
--   delta_max = (15 m* v^2/(16 E* sqrt(R*)))^(2/5)           (the kinetic energy stored)
--   F_max = (4/3) E* sqrt(R*) delta_max^(3/2)
--   t_c = 2 (delta_max/v) int_0^1 dx/sqrt(1 - x^(5/2)) = (delta_max/v) (4/5) sqrt(pi) G(2/5)/G(9/10)
--       = 2.9432 delta_max/v (Johnson's 2.94), G the gamma function, the integral a Beta function.
-- Leapfrog is second order: the errors of F_max and t_c must fall as dt^2 (`order = 2`).
-- Units SI.  Run: ./lawtester verify cases/hertz_impact.lua -v
local E, nu, rho, R = 4.8e10, 0.2, 2800, 0.005   -- Pa, -, kg/m^3, m (glass)
local v = 1.0                                    -- m/s, approach speed
local m = rho * 4 / 3 * math.pi * R^3            -- kg, each sphere
local mstar, rstar = m / 2, R / 2
local estar = E / (2 * (1 - nu * nu))
local dmax = (15 * mstar * v * v / (16 * estar * math.sqrt(rstar)))^0.4
local fmax = 4 / 3 * estar * math.sqrt(rstar) * dmax^1.5

-- ln G(z), z > 0: shifted by 10 and Stirling's series to the 1/z^7 term (error < 1e-13)
local function lngamma(z)
  local shift = 0
  for k = 0, 9 do shift = shift + math.log(z + k) end
  local w = z + 10
  return (w - 0.5) * math.log(w) - w + 0.5 * math.log(2 * math.pi)
         + 1 / (12 * w) - 1 / (360 * w^3) + 1 / (1260 * w^5) - 1 / (1680 * w^7) - shift
end
local tc = dmax / v * 0.8 * math.sqrt(math.pi) * math.exp(lngamma(0.4) - lngamma(0.9))

local steps = 1000                                -- steps per contact
local dt = tc / steps
local test = {
  name = "hertz-impact", law = "hertz_mindlin", params = { en = 1 },
  materials = { glass = { young = E, poisson = nu, density = rho, tanPhi = 0.35 } },
  particles = { { radius = R, material = "glass" }, { radius = R, material = "glass" } },
  normal = {0.36, 0.48, 0.80}, abWeight = 0.5, dt = dt,
  stages = { { whats = "i.....", values = {-v, 0,0,0,0,0}, till = "stage.rebound" } },
}

-- time of the first crossing of uN = 0 into contact and out of it, linear in the step (the force
-- is zero at one end: constant velocity); a start in contact counts from the first row
local function contact_time(r)
  local x, t, c = r.rows.ux, r.rows.time, r.rows.contact
  local t0, t1
  for i = 1, r.rows.n do
    if not t0 and c[i] == 1 then
      t0 = i == 1 and t[i] or t[i - 1] + (t[i] - t[i - 1]) * x[i - 1] / (x[i - 1] - x[i])
    elseif t0 and c[i] == 0 then
      t1 = t[i - 1] + (t[i] - t[i - 1]) * x[i - 1] / (x[i - 1] - x[i])
      break
    end
  end
  return t1 - t0
end

-- largest compressive force: the vertex of the parabola through the largest state and its
-- neighbours (second order, as the states sample a smooth maximum)
local function max_force(r)
  local f, k = r.rows.Fx, 1
  for i = 2, r.rows.n do if -f[i] > -f[k] then k = i end end
  local a, b, c = -f[k - 1], -f[k], -f[k + 1]
  return b - (c - a)^2 / (8 * (a - 2 * b + c))
end

return { cases = {
  { name = "hertz-impact-elastic",
    doc = "elastic Hertz impact: F_max and t_c of Hertz theory (Johnson 1985 sec. 11.1), second order in dt",
    test = test,
    expect = {
      { name = "max force", measure = max_force, value = fmax, tol = 1e-5, order = 2,
        why = "leapfrog at 1000 steps a contact: (pi/1000)^2 ~ 1e-5 of the peak" },
      { name = "t_contact", measure = contact_time, value = tc, tol = 1e-5, order = 2,
        why = "leapfrog at 1000 steps a contact: (pi/1000)^2 ~ 1e-5 of the contact time" },
      { name = "restitution", measure = function(r) return 2 * math.sqrt(r.E.kin / m) / v end,
        value = 1, tol = 1e-5, why = "elastic: e = 1 up to the leapfrog error, ~1e-5 at 1000 steps" },
      { name = "balance", measure = "math.abs(E.balance_err / E.work)", value = 0, kind = "abs", tol = 1e-9,
        why = "energy balance of the run: <= 1e-9 of the work (docs/energy.md)" },
    } },
} }
