-- laws/hosted/liggghts.lua - the LIGGGHTS catalogue: hosted laws (docs/lua-laws.md; the engine's
-- setup in src/host/hosted.h) whose forces come from LIGGGHTS-PUBLIC 3.8's own `pair_style gran`
-- (Debian package libliggghts3), each with the analytic cases that apply to it.
--   ./lawtester laws   --law-lib laws/hosted/liggghts.lua
--   ./lawtester verify --law-lib laws/hosted/liggghts.lua [--law NAME] [-v] [--case C] [--set P=V]
-- Units SI throughout (Pa, m, kg, s, N).  Signs are lawtester's: uN < 0 in overlap, delta = -uN,
-- the force on A, so a compressive normal force is negative (Fn = -F_engine).  Findings, the rows
-- of every law and the engine defects named by the xfail marks: docs/hosted-liggghts.md.
--
-- Both spheres are of one material (E, nu), so LIGGGHTS's effective moduli are
--   Y* = 1/((1 - nu1^2)/E1 + (1 - nu2^2)/E2) = E/(2(1 - nu^2)),
--   G* = 1/(2(2 - nu1)(1 + nu1)/E1 + 2(2 - nu2)(1 + nu2)/E2) = E/(4(2 - nu)(1 + nu)),
-- R* = r1 r2/(r1 + r2), m* = m1 m2/(m1 + m2); beta = ln e/sqrt(ln^2 e + pi^2) [Kloss et al. 2012].
--
-- The laws (the model line of `pair_style gran`; their keywords are parameters of the law):
--   lig_hertz_history     model hertz tangential history.  Fn = -(4/3) Y* sqrt(R*) delta^1.5
--                         [Hertz 1882; Johnson 1985] - gn d(delta)/dt with the Tsuji-type dashpot
--                         gn = 2 sqrt(5/6) |beta| sqrt(2 Y* sqrt(R* delta) m*) [Tsuji et al. 1992]
--                         = sqrt(5) zeta sqrt(m* K) delta^(1/4): hertz_mindlin's dashpot, whose
--                         restitution is the e asked exactly (tsuji_impact below);
--                         tangential spring kt = 8 G* sqrt(R* delta) [Mindlin 1949], incremental,
--                         its Coulomb limit mu |Fn| [Cundall & Strack 1979] on the spring alone, the
--                         tangential dashpot (tangential_damping) added inside the cone.
--   lig_hertz_nohistory   model hertz tangential no_history: the tangential force is the dashpot
--                         alone, its coefficient lowered to mu |Fn|/|vt| when it would exceed the cone.
--   lig_hooke_history     model hooke: Fn = -kn delta - gn d(delta)/dt, the linear spring-dashpot
--                         [Cundall & Strack 1979] with kn = (16/15) Y* sqrt(R*) (15 m* vc^2/(16 Y*
--                         sqrt(R*)))^(1/5) (vc the characteristicVelocity: the Hertz contact's
--                         stiffness at vc [Kloss et al. 2012]), gn = sqrt(4 m* kn ln^2 e/(ln^2 e + pi^2)),
--                         kt = kn (2/7 kn with ktToKnUser).
--   lig_hooke_hysteresis  model hooke/hysteresis: loading on kn, unloading and reloading on
--                         k2 = kn + (k2max - kn) deltaMax/deltaLim, deltaLim = k2max/(k2max - kn) 2 phiF R*,
--                         the force floored at -kc delta [Walton & Braun 1986], plus hooke's dashpot.
--   lig_hertz_sjkr        lig_hertz_history + cohesion sjkr: Fn adds +k_c A (attractive), A = pi a^2 the
--                         area of the circle in which the two spheres' surfaces intersect.
--   lig_hertz_cdt         + rolling_friction cdt: a constant torque mu_r kn delta R* against the
--                         relative spin [Ai et al. 2011, type A].
--   lig_hertz_epsd        + rolling_friction epsd: an elastic-plastic rolling spring kr = 2.25 kn mu_r^2
--                         R*^2, capped at mu_r |Fn| R*, with a rolling dashpot [Ai et al. 2011, type C].
--   lig_hertz_epsd2       + rolling_friction epsd2: kr = kt R*^2, the same cap, no dashpot
--                         [Iwashita & Oda 1998].
-- Every point of a law's declared parameter space is a valid command set for the engine: LIGGGHTS
-- refuses youngsModulus < 5e6 Pa (SI, without soft_particles), coefficientRestitution <= 0.05 or > 1,
-- poissonsRatio outside [0, 0.5], characteristicVelocity < 0.01 m/s.

local sqrt, pi, abs, log, exp, atan = math.sqrt, math.pi, math.abs, math.log, math.exp, math.atan
local max, min, fmt = math.max, math.min, string.format

---------------------------------------------------------------------------------------------------
-- Closed forms (SI)
---------------------------------------------------------------------------------------------------

local function ystar(p) return p.E / (2 * (1 - p.nu * p.nu)) end               -- Pa
local function gstar(p) return p.E / (4 * (2 - p.nu) * (1 + p.nu)) end          -- Pa
local function rstar(env) local a, b = env.c.rcurv[1], env.c.rcurv[2]; return a * b / (a + b) end

-- hooke's kn (N/m): the stiffness LIGGGHTS gives the linear spring from Y*, R*, m* and vc
local function hooke_kn(p, env)
  local sr, y = sqrt(rstar(env)), ystar(p)
  return 16 / 15 * sr * y * (15 * env.c.mstar * p.vc * p.vc / (16 * sr * y)) ^ 0.2
end

-- the damping ratio of the linear spring-dashpot whose unclipped impact has restitution e
local function zeta_of(e)
  local l = log(e)
  return sqrt(l * l / (l * l + pi * pi))
end

-- The impact of the linear spring-dashpot m x'' = -k x - g x' (x the overlap, x(0) = 0,
-- x'(0) = v), exact: x = (v/w) exp(-a t) sin(w t), a = zeta w0, w = w0 sqrt(1 - zeta^2); the
-- force m(w0^2 x + 2 a x') = (m v/w) exp(-a t) (P sin wt + Q cos wt), P = w0^2 (1 - 2 zeta^2),
-- Q = 2 a w, changes sign at wt = pi - phi, phi = atan2(Q, P).  Unclipped, the contact ends at
-- wt = pi: e = exp(-a pi/w).  Clipped (the force floored at 0, LIGGGHTS's limitForce) the pair
-- separates at the sign change with the speed it has there [Schwager & Pöschel 2007].
local function linear_impact(k, m, zeta, v, clip)
  local w0 = sqrt(k / m)
  local a, w = zeta * w0, w0 * sqrt(1 - zeta * zeta)
  local P, Q = w0 * w0 * (1 - 2 * zeta * zeta), 2 * a * w
  local phi = atan(Q, P)
  local function x(t) return v / w * exp(-a * t) * math.sin(w * t) end
  local function xd(t) return v / w * exp(-a * t) * (w * math.cos(w * t) - a * math.sin(w * t)) end
  local r = {}
  local tm = atan(w, a) / w                                 -- x' = 0: the largest overlap
  r.max_overlap = x(tm)
  local tf = atan(w, a) - phi                               -- the force's maximum (w t)
  tf = tf > 0 and tf / w or 0
  r.max_force = m * v / w * exp(-a * tf) * sqrt(P * P + Q * Q) * (w / w0)
  local ts = (pi - phi) / w                                 -- the force changes sign
  if clip then
    r.e = -xd(ts) / v
    r.t_force = ts
    r.t_contact = ts + x(ts) / (-xd(ts))
  else
    r.e = exp(-a * pi / w)
    r.t_contact = pi / w
  end
  r.w0 = w0
  return r
end

-- The Hertz impact with LIGGGHTS's Tsuji-type dashpot in units of the elastic impact: overlap
-- x = delta/d0, time tau = t v/d0, d0 = (m* v^2/K)^(2/5), K = (4/3) Y* sqrt(R*), force
-- f = F/(K d0^1.5) (from gn above, the dashpot term is sqrt(5) |beta| x^(1/4) x'):
--   x'' = -f,  f = x^1.5 + c x^0.25 x',  c = sqrt(5) |beta| = sqrt(5) zeta,  x(0) = 0, x'(0) = 1
-- (f floored at 0 when clipped).  This is hertz_mindlin's dashpot with alpha = sqrt(5) zeta, which
-- X = (2/sqrt5) x^(5/4), d(sigma) = (sqrt5/2) x^(1/4) d(tau) maps exactly onto the linear
-- oscillator X'' + 2 zeta X' + X = 0 (theory block of laws/hertz_mindlin.c, docs/laws.md): so the
-- restitution is the e asked, exactly and at every speed; clipped (limitForce) it is
-- e_f = exp(-zeta s_f), s_f = (2/w) atan(w/zeta), w = sqrt(1 - zeta^2) [Schwager & Pöschel 2007];
-- x_max = ((sqrt5/2) exp(-zeta atan(w/zeta)/w))^(4/5).  The contact and force times, the largest
-- force and the impulses need integrals of the mapping; they are integrated here from the ODE
-- itself: RK4 in s (tau = s^4) from touch, in tau in the middle, in y (x = y^4) to release, where
-- the right-hand sides are smooth despite the x^(1/4) at touch and release.  Halving every step
-- changes no result by more than 1e-11, and the integrated e, e_f and x_max equal the closed forms
-- to 2e-14 (checked when written; hertz_impact asserts 1e-10).
-- Returns e, the contact time, the force time (to the sign change), the largest overlap and force,
-- J = int |f| dtau and D = int x |f| dtau (for the friction impulse and its moment).
local ode_cache = {}
local function rk4(u, h, st, rhs)                         -- one RK4 step of the list st along u
  local n, k1 = #st, rhs(u, st)
  local s2, s3, s4, out = {}, {}, {}, {}
  for i = 1, n do s2[i] = st[i] + h / 2 * k1[i] end
  local k2 = rhs(u + h / 2, s2)
  for i = 1, n do s3[i] = st[i] + h / 2 * k2[i] end
  local k3 = rhs(u + h / 2, s3)
  for i = 1, n do s4[i] = st[i] + h * k3[i] end
  local k4 = rhs(u + h, s4)
  for i = 1, n do out[i] = st[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) end
  return out
end
local function tsuji_impact(c, clip, scale)
  scale = scale or 1                                       -- step counts x scale (1, or 2 to check)
  local key = fmt("%.17g/%s/%g", c, tostring(clip), scale)
  if ode_cache[key] then return ode_cache[key] end
  local function raw(x, v) return x ^ 1.5 + c * x ^ 0.25 * v end
  local function force(x, v)
    local f = raw(x, v)
    return (clip and f < 0) and 0 or f
  end
  -- the state {tau, x, v, J, D}; its rates along tau, s (tau = s^4) and y (x = y^4, v < 0)
  local function in_tau(_, st)
    local f = force(st[2], st[3])
    return { 1, st[3], -f, abs(f), st[2] * abs(f) }
  end
  local function in_s(s, st)
    local j, f = 4 * s ^ 3, force(max(st[2], 0), st[3])
    return { j, j * st[3], -j * f, j * abs(f), j * st[2] * abs(f) }
  end
  local function in_y(y, st)
    local j = 4 * y ^ 3 / st[3]
    local f = y ^ 6 + c * y * st[3]
    if clip and f < 0 then f = 0 end
    return { j, 4 * y ^ 3, -j * f, j * abs(f), j * y ^ 4 * abs(f) }
  end
  -- the first zero of g(state) within the step h from st (bisection on the step length)
  local function zero_in(st, h, g)
    local lo, hi = 0, h
    for _ = 1, 60 do
      local mid = (lo + hi) / 2
      if g(rk4(st[1], mid, st, in_tau)) > 0 then lo = mid else hi = mid end
    end
    return rk4(st[1], lo, st, in_tau)
  end
  local r = { f_max = 0 }
  local st = { 0, 0, 1, 0, 0 }
  local n1, s1 = 4000 * scale, 0.01 ^ 0.25                 -- touch to tau = 0.01 in s
  for i = 0, n1 - 1 do
    st = rk4(i * s1 / n1, s1 / n1, st, in_s)
    r.f_max = max(r.f_max, force(st[2], st[3]))
  end
  local h = 1e-4 / scale                                   -- the middle in tau
  while not (st[3] < 0 and st[2] < 0.01) do
    local nst = rk4(st[1], h, st, in_tau)
    if st[3] > 0 and nst[3] <= 0 then                      -- x' = 0: the largest overlap
      r.x_max = zero_in(st, h, function(t) return t[3] end)[2]
    end
    local function slope(t) local d = in_tau(0, t); return 1.5 * t[2] ^ 0.5 * t[3] + c * (0.25 * t[2] ^ -0.75 * t[3] ^ 2 + t[2] ^ 0.25 * d[3]) end
    if slope(st) > 0 and slope(nst) <= 0 and not r.f_peak then   -- f' = 0: the largest force
      local t = zero_in(st, h, slope)
      r.f_max, r.f_peak = max(r.f_max, force(t[2], t[3])), true
    end
    if raw(st[2], st[3]) > 0 and raw(nst[2], nst[3]) <= 0 then   -- the force changes sign
      local t = zero_in(st, h, function(u) return raw(u[2], u[3]) end)
      r.tau_f = t[1]
      if clip then                                         -- then free flight
        r.e, r.tau_c, r.J, r.D = -t[3], t[1] + t[2] / -t[3], t[4], t[5]
        ode_cache[key] = r
        return r
      end
    end
    st = nst
  end
  local y0, n3 = st[2] ^ 0.25, 4000 * scale                -- to release in y
  for i = 0, n3 - 1 do
    local y, hy = y0 - i * y0 / n3, -y0 / n3
    local nst = rk4(y, hy, st, in_y)
    local fo, fn = y ^ 6 + c * y * st[3], (y + hy) ^ 6 + c * (y + hy) * nst[3]
    if fo > 0 and fn <= 0 and not r.tau_f then             -- the sign change near release
      local lo, hi = 0, -hy
      for _ = 1, 60 do
        local mid = (lo + hi) / 2
        local t = rk4(y, -mid, st, in_y)
        if (y - mid) ^ 6 + c * (y - mid) * t[3] > 0 then lo = mid else hi = mid end
      end
      local t = rk4(y, -lo, st, in_y)
      r.tau_f = t[1]
      if clip then
        r.e, r.tau_c, r.J, r.D = -t[3], t[1] + (y - lo) ^ 4 / -t[3], t[4], t[5]
        ode_cache[key] = r
        return r
      end
    end
    st = nst
  end
  r.e, r.tau_c, r.J, r.D = -st[3], st[1], st[4], st[5]
  ode_cache[key] = r
  return r
end

-- The Hertz-Tsuji impact in SI: the case's p (E, nu, e), env (radii, m*) and speed v; clip for
-- limitForce.  e, e_f and delta_max from the closed forms, the rest from the ODE (which must agree
-- with the closed forms, else this file is wrong).
local function hertz_impact(p, env, v, clip)
  local K, m = 4 / 3 * ystar(p) * sqrt(rstar(env)), env.c.mstar
  local z = zeta_of(p.e)
  local w = sqrt(1 - z * z)
  local e_f = exp(-z * 2 / w * atan(w, z))
  local x_max = (sqrt(5) / 2 * exp(-z * atan(w, z) / w)) ^ 0.8
  local r = tsuji_impact(sqrt(5) * z, clip)
  local e = clip and e_f or p.e
  assert(abs(r.e - e) <= 1e-10 and abs(r.x_max - x_max) <= 1e-10 * x_max,
         "the integrated Hertz-Tsuji impact leaves the closed forms: a mistake in this file")
  local d0 = (m * v * v / K) ^ 0.4
  local T = d0 / v
  return { e = e, e_f = e_f, t_contact = r.tau_c * T, t_force = r.tau_f and r.tau_f * T,
           max_overlap = x_max * d0, max_force = r.f_max * K * d0 ^ 1.5,
           J = r.J * m * v, D = r.D * m * v * d0, K = K, zeta = z }
end

-- sjkr's contact area (m^2) at centre distance d of spheres ra, rb: the circle where their surfaces
-- intersect, pi a^2 with a^2 = -(d - ra - rb)(d + ra - rb)(d - ra + rb)(d + ra + rb)/(4 d^2)
local function sjkr_area(d, ra, rb)
  return -pi / 4 * ((d - ra - rb) * (d + ra - rb) * (d - ra + rb) * (d + ra + rb)) / (d * d)
end

---------------------------------------------------------------------------------------------------
-- Tolerances, each with why
---------------------------------------------------------------------------------------------------

-- The engine computes the overlap from the atoms' positions (of size r), so the force along a
-- path carries ulp(r)/delta of relative round-off: 2.2e-16 r/delta_max <= 2.2e-13 at the cases'
-- delta_max >= 2e-3 r, times 1.5 for the Hertz exponent; 1e-12 keeps a margin of 3 over that.
local TOL_ALONG = 1e-12
local WHY_ALONG = "round-off of the overlap the engine takes from positions of size r: "
  .. "1.5 ulp(r)/delta_max = 3.3e-13 at delta_max = 2e-3 r"

-- An impact integrated by lawtester's leapfrog at N steps per contact: a smooth conservative
-- force gives O((w dt)^2) = O((pi/N)^2) relative errors in t_c, delta_max, F_max (the Hertz
-- spring stiffens, its highest frequency is below 2 pi/t_c: factor 4).  A dashpot evaluated at
-- the velocity of the step that led to the state (half a step old) changes its work by a share
-- w dt/2 of itself, first order; it sets the share 1 - e of the restitution (and the Tsuji
-- dashpot is not Lipschitz at touch, again first order): (1 - e) pi/N.
local function tol_impact(N, e)
  return 4 * (pi / N) ^ 2 + (1 - e) * pi / N
end
local function why_impact(N, e)
  return e >= 1 and fmt("lawtester's leapfrog at %d steps a contact: 4 (pi/N)^2", N)
    or fmt("leapfrog 4 (pi/N)^2 + the dashpot's half-step-old velocity, first order: (1 - e) pi/N at N = %d", N)
end
local function q(value, tol, why, xfail) return { value = value, tol = tol, why = why, xfail = xfail } end

---------------------------------------------------------------------------------------------------
-- Parameters and commands
---------------------------------------------------------------------------------------------------

local function real(name, default, lo, hi, unit, doc)
  return { name = name, default = default, min = lo, max = hi, unit = unit, doc = doc }
end
local function open_min(p) p.min_open = true; return p end
local function bool(name, default, doc) return { name = name, kind = "bool", default = default, doc = doc } end
local function num(x) return fmt("%.17g", x) end
local function onoff(b) return (b == true or b == 1) and "on" or "off" end

local MATERIAL = {
  real("E", 70e9, 5e6, 1e12, "Pa", "Young's modulus of both spheres (youngsModulus; the engine needs >= 5e6)"),
  real("nu", 0.3, 0, 0.5, "-", "Poisson's ratio of both (poissonsRatio)"),
  -- (0.05, 1]: the engine's own bounds, its low end open (law API 6; before, [0.06, 1] stood in)
  open_min(real("e", 0.5, 0.05, 1, "-", "coefficient of restitution asked (coefficientRestitution; the engine needs 0.05 < e <= 1)")),
  real("mu", 0.5, 0, 10, "-", "Coulomb friction coefficient (coefficientFriction)"),
}
local VC = real("vc", 1, 0.01, 100, "m/s", "characteristic impact velocity of hooke's stiffness (characteristicVelocity; >= 0.01)")
local TD = bool("tangential_damping", true, "the tangential dashpot (the engine's default: on)")
local LF = bool("limitForce", false, "floor the normal force at 0 (never attractive)")
local KT = bool("ktToKnUser", false, "kt = 2/7 kn instead of kt = kn (hooke)")

-- The material fixes every law needs; then what its models add.
local function material_fixes(p)
  return {
    "fix m1 all property/global youngsModulus peratomtype " .. num(p.E),
    "fix m2 all property/global poissonsRatio peratomtype " .. num(p.nu),
    "fix m3 all property/global coefficientRestitution peratomtypepair 1 " .. num(p.e),
    "fix m4 all property/global coefficientFriction peratomtypepair 1 " .. num(p.mu),
  }
end

-- A law table of the catalogue: spec.model (the `pair_style gran` model line), spec.params (the
-- parameters beyond the material), spec.fixes(p) (their property/global fixes), spec.keywords(p)
-- (the model keywords), spec.cases.
local function law(spec)
  local params = {}
  for _, x in ipairs(MATERIAL) do params[#params + 1] = x end
  for _, x in ipairs(spec.params or {}) do params[#params + 1] = x end
  return {
    name = spec.name, summary = spec.summary, engine = "liggghts",
    wall = true, -- also against LIGGGHTS's own primitive wall (docs/hosted.md)
    params = params, friction = "mu",
    commands = function(p)
      local c = material_fixes(p)
      for _, f in ipairs(spec.fixes and spec.fixes(p) or {}) do c[#c + 1] = f end
      c[#c + 1] = "pair_style gran " .. spec.model .. " " .. table.concat(spec.keywords(p), " ")
      c[#c + 1] = "pair_coeff * *"
      return c
    end,
    cases = spec.cases, known = spec.known,
  }
end

-- Known defects of the engine's models (docs/lua-laws.md, "Known defects"; docs/hosted-liggghts.md
-- has the measurements): verify prints these rows XFAIL while the engine fails them.
local KNOWN_HISTORY = { row = "generic-objectivity local force",
  why = "LIGGGHTS projects the tangential history onto the new tangent plane but does not turn it with the pair: a rigid turn of 1 rad moves the local force by 10-13 %",
  -- where a tangential force exists: friction, or a dashpot (tangential damping outside the cone)
  when = function(p) return p.mu > 0 or p.e < 1 end }
local KNOWN_OUTSIDE = { row = "generic-oblique coulomb",
  why = "LIGGGHTS adds the tangential dashpot after the Coulomb limit of the spring (tangential_damping on): |Ft| exceeds mu |Fn| at touch",
  when = function(p) return p.tangential_damping end }
local KNOWN_LEVER = { row = "generic-objectivity local force",
  why = "LIGGGHTS pairs the velocities of the step with the state's normal (velocity Verlet's x(n+1), v(n+1/2)): a rigidly turning pair reads a slip d w (w dt)/2 and the tangential dashpot answers (4.2e-7 at e = 0.5, predicted 5e-7; 1.2e-6 at 0.1; 6e-11 at e = 1)",
  when = function(p) return p.e < 1 end }
local KNOWN_ROLLING = { row = "generic-objectivity local torque",
  why = "LIGGGHTS's rolling torque follows the relative spin in the global frame and its history is not turned with the pair: a rigid turn changes the local torque by 76-82 %" }

---------------------------------------------------------------------------------------------------
-- Cases (docs/lua-laws.md: kinds normal, impact, cycle).  Aluminium spheres of 5 mm.
---------------------------------------------------------------------------------------------------

local R = 0.005                                                   -- m
local MAT = { young = 70e9, poisson = 0.3, density = 2700 }       -- the parameters' defaults
local V = 1.0                                                     -- m/s, approach speed
local N_IMPACT = 2000                                             -- steps a contact
local DELTA = 2e-5                                                -- m, normal loads (4e-3 R)

local function delta_of(uN) return uN < 0 and -uN or 0 end

-- Hertz along a normal load (e = 1: no dashpot), with sjkr's cohesion k_c A when kcoh is given
local function hertz_normal(with_cohesion)
  return { name = "normal-load", kind = "normal", set = { e = 1 }, radius = R, mat = MAT,
    doc = "Hertz Fn = -(4/3) Y* sqrt(R*) delta^1.5" .. (with_cohesion and " + kcoh pi a^2 (sjkr)" or "")
      .. " along loading to 2e-5 m and unloading, e = 1",
    load = { overlap = DELTA, speed = 0.01 }, steps = 1000,
    along = function(env, uN)
      local d = delta_of(uN)
      local fn = -4 / 3 * ystar(env.p) * sqrt(rstar(env)) * d ^ 1.5
      if with_cohesion and d > 0 then
        local ra, rb = env.c.rcurv[1], env.c.rcurv[2]
        fn = fn + env.p.kcoh * sjkr_area(ra + rb - d, ra, rb)
      end
      return { Fn = fn }
    end,
    along_tol = TOL_ALONG, along_why = WHY_ALONG }
end

-- Hertz's elastic impact (e = 1) [Hertz 1882; Johnson 1985]
local function hertz_elastic(set)
  return { name = "impact-elastic", kind = "impact", set = set or { e = 1 }, radius = R, mat = MAT,
    doc = "Hertz impact at 1 m/s, e = 1: t_c = 2.868265 (m*^2/(R* Y*^2 v))^(1/5), "
      .. "delta_max = (15 m* v^2/(16 Y* sqrt(R*)))^(2/5), F_max = (4/3) Y* sqrt(R*) delta_max^1.5",
    load = { vn = V }, steps = N_IMPACT,
    expect = function(env)
      local y, rs, m, v = ystar(env.p), rstar(env), env.c.mstar, env.load.vn
      local dm = (15 * m * v * v / (16 * y * sqrt(rs))) ^ 0.4
      local tol, why = tol_impact(N_IMPACT, 1), why_impact(N_IMPACT, 1)
      return { e = q(1, tol, why),
               t_contact = q(2.868265 * (m * m / (rs * y * y * v)) ^ 0.2, tol, why),
               max_overlap = q(dm, tol, why),
               max_force = q(4 / 3 * y * sqrt(rs) * dm ^ 1.5, tol, why) }
    end }
end

-- The Hertz-Tsuji impact at restitution asked e (limitForce: clip), from the model's ODE
local function hertz_damped(e, clip)
  return { name = fmt("impact-e%g%s", e, clip and "-limitForce" or ""), kind = "impact",
    set = { e = e, limitForce = clip }, radius = R, mat = MAT,
    doc = fmt("Hertz-Tsuji impact at 1 m/s, e = %g asked%s: e, t_c, delta_max, F_max of the model's "
      .. "mapping onto the linear oscillator: e = e asked%s, t_c, F_max integrated", e,
      clip and " with limitForce" or "", clip and " -> e_f, separating where the force reaches 0" or ""),
    load = { vn = V }, steps = N_IMPACT,
    expect = function(env)
      local h = hertz_impact(env.p, env, env.load.vn, clip)
      local tol, why = tol_impact(N_IMPACT, h.e), why_impact(N_IMPACT, h.e)
      local x = { e = q(h.e, tol, why), t_contact = q(h.t_contact, tol, why),
                  max_overlap = q(h.max_overlap, tol, why), max_force = q(h.max_force, tol, why) }
      if clip then x.t_force = q(h.t_force, tol, why) end
      return x
    end }
end

-- An oblique Hertz-Tsuji impact in gross sliding: sphere B (r = 5 mm) on a fixed sphere A of 1 m
-- (engines' atoms are spheres; a large one stands for a plane), limitForce on (no tensile tail):
-- vt' = vt - mu J/m*, w' = mu (r J - D/2)/I (lever r - delta/2), J = int |Fn| dt = m* vn (1 + e_f),
-- D = int delta |Fn| dt (docs/verify.md, "Chung & Ooi test 4").  td: the tangential dashpot on
-- (xfail: LIGGGHTS adds it after the Coulomb limit, so the friction impulse exceeds mu J).
local RA_OBLIQUE = 1.0                                             -- m
local function hertz_oblique(deg, td)
  local th = math.rad(deg)
  return { name = fmt("oblique-%ddeg%s", deg, td and "" or "-no-tdamp"), kind = "impact",
    set = { e = 0.5, mu = 0.3, tangential_damping = td, limitForce = true },
    radius = { RA_OBLIQUE, R }, mat = MAT, fixed = { true, false },
    doc = fmt("5 mm sphere on a fixed 1 m sphere at 1 m/s, %d deg, e = 0.5, limitForce, mu = 0.3, "
      .. "tangential damping %s: gross sliding vt' = vt - mu J/m*, w' = mu (r J - D/2)/I", deg, td and "on" or "off"),
    load = { vn = V * math.cos(th), vt = V * math.sin(th) }, steps = N_IMPACT,
    expect = function(env)
      local p, vn, vt, m = env.p, env.load.vn, env.load.vt, env.c.mstar
      local h = hertz_impact(p, env, vn, true)
      local r = env.c.rcurv[2]
      local I = 0.4 * env.mass[2] * r * r
      local dv = p.mu * h.J / m
      -- what gross sliding neglects (as hertz_mindlin's cases: docs/verify.md): the stick at
      -- touch while the spring 8 G* sqrt(R* delta) catches up with mu |Fn| of the dashpot,
      -- delta_s^(5/4) = mu cd vn/((16/3) G* sqrt(R*) tan(theta) - mu K), a friction impulse of at
      -- most mu (0.8 cd delta_s^(5/4) + 0.4 K delta_s^(5/2)/vn) missed
      local cd = sqrt(5) * h.zeta * sqrt(h.K * m)
      local d54 = p.mu * cd * vn / (16 / 3 * gstar(p) * sqrt(rstar(env)) * vt / vn - p.mu * h.K)
      assert(vt > 3.5 * dv and d54 > 0, "the case is not in gross sliding")
      local rel = p.mu * (0.8 * cd * d54 + 0.4 * h.K * d54 * d54 / vn) / (p.mu * h.J)
      -- and A is a sphere: the normal turns by vt t_c/(rA + rB) during the contact, which mixes
      -- that share of vt into the normal velocity and of vn into the tangential one
      local turn = vt * h.t_contact / (env.c.rcurv[1] + r)
      local tol = tol_impact(N_IMPACT, h.e)
      local why = "leapfrog and the dashpot's lag (as e) + the stick at touch (relative to mu J) "
        .. "+ the normal's turn on the sphere A"
      local xf = td and "LIGGGHTS's tangential history adds the tangential dashpot after the "
        .. "Coulomb limit (to the spring alone): more friction impulse than mu int|Fn| dt" or nil
      return { e = q(h.e, tol + turn * vt / vn, why),
               t_contact = q(h.t_contact, tol + turn * vt / vn, why),
               vt_after = q(vt - dv, tol + (rel * dv + turn * vn) / (vt - dv), why, xf),
               spin_B_after = q(p.mu * (r * h.J - h.D / 2) / I, tol + rel + turn * vn / dv, why, xf) }
    end }
end

-- hooke along a normal load (e = 1): Fn = -kn delta
local function hooke_normal()
  return { name = "normal-load", kind = "normal", set = { e = 1 }, radius = R, mat = MAT,
    doc = "Hooke Fn = -kn delta, kn = (16/15) Y* sqrt(R*) (15 m* vc^2/(16 Y* sqrt(R*)))^(1/5), e = 1",
    load = { overlap = DELTA, speed = 0.01 }, steps = 1000,
    along = function(env, uN) return { Fn = -hooke_kn(env.p, env) * delta_of(uN) } end,
    along_tol = TOL_ALONG, along_why = WHY_ALONG }
end

-- hooke's impacts, exact for the linear spring-dashpot (linear_impact): e = 1, e asked, clipped
local function hooke_impact(e, clip)
  local name = e >= 1 and "impact-elastic" or fmt("impact-e%g%s", e, clip and "-limitForce" or "")
  return { name = name, kind = "impact", set = { e = e, limitForce = clip }, radius = R, mat = MAT,
    doc = fmt("linear spring-dashpot impact at 1 m/s, e = %g%s: w0 = sqrt(kn/m*), t_c = pi/wd, "
      .. "e and delta_max, F_max of the damped oscillator%s", e, clip and " with limitForce" or "",
      clip and ", separating where the force reaches 0 [Schwager & Pöschel 2007]" or ""),
    load = { vn = V }, steps = N_IMPACT,
    expect = function(env)
      local r = linear_impact(hooke_kn(env.p, env), env.c.mstar, zeta_of(env.p.e), env.load.vn, clip)
      local tol, why = tol_impact(N_IMPACT, r.e), why_impact(N_IMPACT, r.e)
      local x = { e = q(r.e, tol, why), t_contact = q(r.t_contact, tol, why),
                  max_overlap = q(r.max_overlap, tol, why), max_force = q(r.max_force, tol, why) }
      if clip then x.t_force = q(r.t_force, tol, why) end
      return x
    end }
end

-- hooke/hysteresis's elastic-plastic impact (e = 1: no dashpot): loading on kn to
-- delta_max = v/w1, unloading on k2 = kn + (k2max - kn) delta_max/deltaLim (delta_max below
-- deltaLim = k2max/(k2max - kn) 2 phiF R*) to delta0 = delta_max (1 - kn/k2), where the force
-- reaches 0 (kc = 0: the floor -kc delta is 0), then free flight: e = sqrt(kn/k2) [Walton &
-- Braun 1986], t_force = pi/(2 w1) + pi/(2 w2), t_c = t_force + delta0/(e v).  With kc > 0 and
-- limitForce the force must still stop at 0 (the keyword's meaning): the same closed forms.
local function hysteresis_impact(kc, lf)
  return { name = kc > 0 and "impact-hysteresis-limitForce" or "impact-hysteresis", kind = "impact",
    set = { e = 1, k2max = 5, phiF = 0.05, kc = kc, limitForce = lf }, radius = R, mat = MAT,
    doc = fmt("Walton-Braun impact at 1 m/s, e = 1, k2max = 5, phiF = 0.05, kc = %g%s: e = sqrt(kn/k2), "
      .. "t_force, t_c, delta_max = v/w1, F_max = kn delta_max", kc, lf and ", limitForce on" or ""),
    load = { vn = V }, steps = N_IMPACT,
    expect = function(env)
      local p, m, v = env.p, env.c.mstar, env.load.vn
      local kn = hooke_kn(p, env)
      local k2max = kn * p.k2max
      local lim = k2max / (k2max - kn) * p.phiF * 2 * rstar(env)
      local w1 = sqrt(kn / m)
      local dm = v / w1
      assert(dm < lim, "the impact reaches deltaLim: its closed form is not this one")
      local k2 = kn + (k2max - kn) * dm / lim
      local e, w2 = sqrt(kn / k2), sqrt(k2 / m)
      local tf = pi / (2 * w1) + pi / (2 * w2)
      local tol, why = tol_impact(N_IMPACT, 1), "lawtester's leapfrog, 4 (pi/N)^2, the kink at "
        .. "delta_max inside a step: (pi/N)^2 as well"
      local xf = lf and kc > 0 and "LIGGGHTS's hooke/hysteresis accepts limitForce and ignores it: "
        .. "the force -kc delta stays attractive after delta0" or nil
      return { e = q(e, tol, why, xf), t_force = q(tf, tol, why),
               t_contact = q(tf + dm * (1 - kn / k2) / (e * v), tol, why, xf),
               max_overlap = q(dm, tol, why), max_force = q(kn * dm, tol, why) }
    end }
end

-- A rolling cycle at held overlap DELTA about local y (bending, dof 5), amplitude 2e-3 rad (0.1 for epsd):
-- kind is "cdt" (rigid-plastic: the cap only), "epsd" or "epsd2" (elastic-plastic: stiffness and
-- cap).  Hertz at delta: kn = (4/3) Y* sqrt(R* delta), kt = 8 G* sqrt(R* delta), Fn = kn delta.
local function rolling_cycle(kind)
  -- epsd's spring is soft (2.25 mu_r^2 = 0.0225 of kn R*^2): it needs 0.1 rad to reach its cap
  local amp = kind == "epsd" and 0.1 or 2e-3
  return { name = "rolling-cycle", kind = "cycle", dof = 5,
    set = { e = 1, rmu = 0.1, rvisc = kind == "epsd" and 0 or nil },
    radius = R, mat = MAT,
    doc = fmt("rolling cycle at 2e-5 m overlap, +-%g rad%s: cap mu_r Fn R*", amp, kind == "epsd" and ", rvisc = 0" or "")
      .. (kind == "epsd" and ", kr = 2.25 kn mu_r^2 R*^2" or kind == "epsd2" and ", kr = kt R*^2" or ""),
    load = { overlap = DELTA, amplitude = amp, speed = 100 * amp }, steps = 1000,
    expect = function(env)
      local p, rs, d = env.p, rstar(env), env.load.overlap
      local kn, kt = 4 / 3 * ystar(p) * sqrt(rs * d), 8 * gstar(p) * sqrt(rs * d)
      local x = { slip_force = q(p.rmu * kn * d * rs, TOL_ALONG, WHY_ALONG) }
      if kind == "epsd" then x.kt = q(2.25 * kn * p.rmu ^ 2 * rs * rs, TOL_ALONG, WHY_ALONG) end
      if kind == "epsd2" then x.kt = q(kt * rs * rs, TOL_ALONG, WHY_ALONG) end
      return x
    end }
end

---------------------------------------------------------------------------------------------------
-- The catalogue
---------------------------------------------------------------------------------------------------

local function hertz_keywords(p) return { "tangential_damping", onoff(p.tangential_damping), "limitForce", onoff(p.limitForce) } end
local function hooke_keywords(p)
  return { "tangential_damping", onoff(p.tangential_damping), "limitForce", onoff(p.limitForce),
           "ktToKnUser", onoff(p.ktToKnUser) }
end
local function hertz_cases(extra)
  local c = { hertz_normal(false), hertz_elastic(), hertz_damped(0.5, false), hertz_damped(0.5, true) }
  for _, x in ipairs(extra or {}) do c[#c + 1] = x end
  return c
end
local RMU = real("rmu", 0.1, 0, 1, "-", "rolling friction coefficient (coefficientRollingFriction)")

return {
  law{ name = "lig_hertz_history", model = "model hertz tangential history",
    summary = "LIGGGHTS hertz + tangential history: Hertz spring, Tsuji-type dashpot, Mindlin spring with Coulomb limit",
    params = { TD, LF }, keywords = hertz_keywords, known = { KNOWN_HISTORY, KNOWN_OUTSIDE },
    cases = hertz_cases{ hertz_oblique(60, true), hertz_oblique(70, true), hertz_oblique(80, true),
                         hertz_oblique(60, false), hertz_oblique(80, false) } },
  law{ name = "lig_hertz_nohistory", model = "model hertz tangential no_history",
    summary = "LIGGGHTS hertz + tangential no_history: tangential dashpot capped at mu |Fn|",
    params = { TD, LF }, keywords = hertz_keywords, known = { KNOWN_LEVER }, cases = hertz_cases() },
  law{ name = "lig_hooke_history", model = "model hooke tangential history",
    summary = "LIGGGHTS hooke + tangential history: linear spring-dashpot, kn from Y*, R*, m* and vc",
    params = { VC, TD, LF, KT }, keywords = hooke_keywords, known = { KNOWN_HISTORY, KNOWN_OUTSIDE },
    fixes = function(p) return { "fix m5 all property/global characteristicVelocity scalar " .. num(p.vc) } end,
    cases = { hooke_normal(), hooke_impact(1, false), hooke_impact(0.5, false), hooke_impact(0.3, true) } },
  law{ name = "lig_hooke_hysteresis", model = "model hooke/hysteresis tangential history",
    summary = "LIGGGHTS hooke/hysteresis: Walton-Braun loading kn, unloading k2, adhesive floor -kc delta",
    params = { VC,
      real("k2max", 5, 1.5, 10, "-", "k2max/kn, the largest unloading stiffness (coefficientMaxElasticStiffness)"),
      real("kc", 0, 0, 10, "-", "kc/kn, the adhesive floor's stiffness (coefficientAdhesionStiffness)"),
      real("phiF", 0.05, 0.001, 1, "-", "plasticity depth over 2 R* (coefficientPlasticityDepth)"),
      TD, LF, KT },
    keywords = hooke_keywords,
    -- (its oblique sweep throws its first impact case, which has no dashpot: the cone holds)
    known = { KNOWN_HISTORY },
    fixes = function(p)
      return { "fix m5 all property/global characteristicVelocity scalar " .. num(p.vc),
               "fix m6 all property/global coefficientMaxElasticStiffness peratomtypepair 1 " .. num(p.k2max),
               "fix m7 all property/global coefficientAdhesionStiffness peratomtypepair 1 " .. num(p.kc),
               "fix m8 all property/global coefficientPlasticityDepth peratomtypepair 1 " .. num(p.phiF) }
    end,
    cases = { hysteresis_impact(0, false), hysteresis_impact(0.5, true) } },
  law{ name = "lig_hertz_sjkr", model = "model hertz tangential history cohesion sjkr",
    summary = "LIGGGHTS hertz + history + cohesion sjkr: Fn adds the attraction kcoh times the contact area",
    params = { TD, LF,
      real("kcoh", 1e8, 0, 1e9, "J/m^3", "cohesion energy density (cohesionEnergyDensity)"),
      bool("tangential_reduce", false, "the Coulomb limit takes Fn with the cohesion (sjkr's tangential_reduce)") },
    known = { KNOWN_HISTORY }, -- (its oblique sweep's impact case has e = 1: no dashpot)
    keywords = function(p)
      local k = hertz_keywords(p)
      k[#k + 1] = "tangential_reduce"; k[#k + 1] = onoff(p.tangential_reduce)
      return k
    end,
    fixes = function(p) return { "fix m5 all property/global cohesionEnergyDensity peratomtypepair 1 " .. num(p.kcoh) } end,
    cases = { hertz_normal(true), hertz_elastic{ e = 1, kcoh = 0 } } },
  law{ name = "lig_hertz_cdt", model = "model hertz tangential history rolling_friction cdt",
    summary = "LIGGGHTS hertz + history + rolling_friction cdt: constant rolling torque mu_r kn delta R*",
    params = { TD, LF, RMU }, keywords = hertz_keywords,
    known = { KNOWN_HISTORY, KNOWN_OUTSIDE, KNOWN_ROLLING },
    fixes = function(p) return { "fix m5 all property/global coefficientRollingFriction peratomtypepair 1 " .. num(p.rmu) } end,
    cases = hertz_cases{ rolling_cycle("cdt") } },
  law{ name = "lig_hertz_epsd", model = "model hertz tangential history rolling_friction epsd",
    summary = "LIGGGHTS hertz + history + rolling_friction epsd: rolling spring-dashpot-slider",
    params = { TD, LF, RMU, real("rvisc", 0.3, 0, 1, "-", "rolling viscous damping ratio (coefficientRollingViscousDamping)") },
    keywords = hertz_keywords, known = { KNOWN_HISTORY, KNOWN_OUTSIDE, KNOWN_ROLLING },
    fixes = function(p)
      return { "fix m5 all property/global coefficientRollingFriction peratomtypepair 1 " .. num(p.rmu),
               "fix m6 all property/global coefficientRollingViscousDamping peratomtypepair 1 " .. num(p.rvisc) }
    end,
    cases = hertz_cases{ rolling_cycle("epsd") } },
  law{ name = "lig_hertz_epsd2", model = "model hertz tangential history rolling_friction epsd2",
    summary = "LIGGGHTS hertz + history + rolling_friction epsd2: rolling spring kt R*^2 with a cap",
    params = { TD, LF, RMU }, keywords = hertz_keywords,
    known = { KNOWN_HISTORY, KNOWN_OUTSIDE, KNOWN_ROLLING },
    fixes = function(p) return { "fix m5 all property/global coefficientRollingFriction peratomtypepair 1 " .. num(p.rmu) } end,
    cases = hertz_cases{ rolling_cycle("epsd2") } },
}
