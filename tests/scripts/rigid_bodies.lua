-- tests/scripts/rigid_bodies.lua - a material with young = math.huge is a rigid body
-- (docs/stage-scripts.md, "Rigid bodies"): E* and G* are those of the other body alone,
--   E* = E/(1 - nu^2),  G* = G/(2 - nu) = E/(2 (1 + nu) (2 - nu))   (Hertz; Mindlin),
-- whatever the rigid body's Poisson ratio, its shape (wall, facet, sphere) or its place (A or B);
-- the stiffness rules take the other body's spring alone; a rigid sphere keeps the mass of its
-- density.  Each check asserts, so the run fails when one does not hold (tests/test_rigid.c).
-- Units SI.
local steel = { young = 2.0e11, poisson = 0.3, density = 7800, tanPhi = 0.3 }
local E, nu = steel.young, steel.poisson
local G = E / (2 * (1 + nu))
local estar, gstar = 1 / ((1 - nu * nu) / E), 1 / ((2 - nu) / G) -- the one-body terms of the sums
local function rel(a, b) return math.abs(a - b) / math.abs(b) end
-- The law's K = (4/3) E* sqrt(R*) and the closed form below are the same operations on E* (equal
-- doubles, above): the force at the recorded overlap differs by the rounding of pow against
-- delta sqrt(delta), a few 1e-16.
local TOL_FORMULA = 1e-12
-- verify's target at 2000 steps per contact (docs/verify.md); Thornton's two-sphere impacts
-- measure |e - e_Thornton| <= 7e-7 there (laws/thornton_cases.c)
local TOL_TARGET = 1e-4

-- 1. Hertz-Mindlin pressed quasi-statically to delta = 1e-5 m against a rigid facet (A), a rigid
--    sphere of 20 mm (B, poisson 0.5), a rigid wall of poisson 0: Fn = (4/3) E* sqrt(R*) delta^1.5,
--    kt = 8 G* sqrt(R* delta), R* = r (flat) or r rs/(r + rs) (sphere).
local r = 0.01
local rigid_facet = { shape = "facet", vertices = { {-1, -1, 0}, {1, -1, 0}, {0, 1, 0} },
                      material = { young = math.huge, poisson = -0.5 } }
local shapes = {
  { name = "facet", particles = { rigid_facet, { radius = r, material = steel } }, rstar = r },
  { name = "wall", particles = { { shape = "wall", material = { young = math.huge, poisson = 0 } },
                                 { radius = r, material = steel } }, rstar = r },
  { name = "sphere", particles = { { radius = r, material = steel },
                                   { radius = 0.02, material = { young = math.huge, poisson = 0.5, density = 1000 } } },
    rstar = r * 0.02 / (r + 0.02) },
}
for _, s in ipairs(shapes) do
  local res = lawtester.run{
    name = "rigid-" .. s.name, law = "hertz_mindlin", params = { tangential = "rescale" }, record = false,
    particles = s.particles, normal = {0, 0, 1}, gap = 0, dt = 1e-5, abWeight = 1,
    stages = { { whats = "v.....", values = {-1e-3, 0,0,0,0,0}, till = "C and C.uN <= -1e-5" } },
  }
  local d = -res.C.uN
  assert(res.C.Gstar == gstar, s.name .. ": G* " .. res.C.Gstar .. " vs " .. gstar)
  assert(res.C.K == 4 / 3 * estar * math.sqrt(s.rstar), s.name .. ": K " .. res.C.K)
  assert(rel(res.C.f[1], -4 / 3 * estar * math.sqrt(s.rstar) * d * math.sqrt(d)) <= TOL_FORMULA, s.name .. ": Fn")
  assert(rel(res.C.kt, 8 * gstar * math.sqrt(s.rstar * d)) <= TOL_FORMULA, s.name .. ": kt")
  for _, v in ipairs(res.C.f) do assert(v == v and math.abs(v) < math.huge, s.name .. ": a force is not finite") end
  -- the connector rule: kn = A/(l1/E1 + l2/E2) = A E/l of the elastic body (its l2/inf = 0)
  local st = res.stiffness
  local l = s.name == "sphere" and st.l1 or st.l2
  assert(st.kn == st.contA / (l / E), s.name .. ": connector kn " .. st.kn)
  -- masses: a rigid sphere keeps the mass of its density, a facet or a wall has none (held)
  if s.name == "sphere" then
    assert(rel(res.B.mass, 1000 * 4 / 3 * math.pi * 0.02 ^ 3) <= 1e-15, "rigid sphere's mass " .. res.B.mass)
  else
    assert(res.A.mass == 0, s.name .. " has a mass")
  end
end

-- 2. The yade rule: kn = 2 E1 l1 E2 l2/(E1 l1 + E2 l2) -> 2 E l of the elastic body.
local yres = lawtester.run{
  name = "rigid-yade", law = "linear", record = false, stiffness = { rule = "yade" },
  particles = { { radius = r, material = steel }, { shape = "wall", material = { young = math.huge } } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-6, abWeight = 1,
  stages = { { whats = "v.....", values = {-1e-2, 0,0,0,0,0}, till = "C and C.uN <= -1e-5" } },
}
assert(yres.stiffness.kn == 2 * E * r, "yade kn " .. yres.stiffness.kn .. " vs " .. 2 * E * r)

-- 3. Thornton (1997) on a rigid plane: the yield velocity of a sphere of density rho,
--    (1/2) m v_y^2 = (2/5) F_y delta_y with R* = r, m* = m, gives v_y = (pi^2/sqrt 40)
--    sqrt(p_y^5/(E*^4 rho)) (Thornton's 1.56), and his restitution e(v_y/v).
local py, v = 1e9, nil
local vy = math.pi ^ 2 / math.sqrt(40) * math.sqrt(py ^ 5 / (estar ^ 4 * steel.density))
v = 5 * vy
local function thornton_e(V)
  return math.sqrt(6 * math.sqrt(3) / 5) * math.sqrt(1 - V * V / 6) * (V / (V + 2 * math.sqrt(1.2 - 0.2 * V * V))) ^ 0.25
end
local rs = 5e-3
local m = steel.density * 4 / 3 * math.pi * rs ^ 3
local d0 = (1.25 * m * v * v / (4 / 3 * estar * math.sqrt(rs))) ^ 0.4 -- Hertz's delta_max at v
local dt = 3 * d0 / v / 2000                                         -- ~2000 steps per contact
local tres = lawtester.run{
  name = "rigid-thornton", law = "thornton", params = { yieldPressure = py }, record = false,
  particles = { { shape = "wall", material = { young = math.huge, poisson = 0.1 } }, { radius = rs, material = steel } },
  normal = {0, 0, 1}, gap = v * dt / 2, dt = dt, abWeight = 1,
  stages = { { whats = "i.....", values = {-v, 0,0,0,0,0}, till = "stage.rebound" } },
}
local e = tres.B.vel[3] / v
assert(rel(e, thornton_e(vy / v)) <= TOL_TARGET, "Thornton e " .. e .. " vs " .. thornton_e(vy / v))
assert(math.abs(tres.E.balance_err) <= 1e-9 * tres.E.work, "Thornton balance")

-- 4. A Lua law sees math.huge in c.mat (and its own E* formula gives the sphere's alone: the case
--    passes only then); its
--    case on a rigid wall (a Lua law's `mat`) verifies Hertz's elastic impact: e = 1, delta_max,
--    t_c = 2 I delta_max/v with I = (2/5) B(2/5, 1/2) = 1.4716 (Johnson 1985, 11.1).
lawtester.law{
  name = "lua_hertz", summary = "Hertz normal spring, E* from the materials",
  params = { { name = "dummy", default = 0, min = 0, unit = "-", doc = "unused" } },
  state = { "K", "F", "U", "uN0" },
  energies = { { name = "elast", kind = "stored", doc = "(2/5) K delta^2.5" },
               { name = "quad", kind = "dissipated", doc = "the trapezoid rule's error on the spring, O(dt^2)" } },
  init = function(p, c, s)
    local a, b = c.mat[1], c.mat[2]
    local es = 1 / ((1 - a.poisson ^ 2) / a.young + (1 - b.poisson ^ 2) / b.young)
    s.K = 4 / 3 * es * math.sqrt(1 / (1 / c.rcurv[1] + 1 / c.rcurv[2]))
  end,
  -- the driver's work is a trapezoid sum over the step: quad = (F(n-1) + F(n))/2 duN - dU closes
  -- the balance (laws/hertz_mindlin.c's quad; a contact formed inside the step starts from none)
  step = function(p, c, s, out)
    if c.uN >= 0 then return false end
    local dun = c.fresh and c.v[1] * c.dt or c.uN - s.uN0
    if c.fresh then
      local d0 = math.max(0, dun - c.uN)
      s.F, s.U = -s.K * d0 ^ 1.5, 0.4 * s.K * d0 ^ 2.5
    end
    local d = -c.uN
    local f, u = -s.K * d ^ 1.5, 0.4 * s.K * d ^ 2.5
    out.f[1] = f
    out.k[1] = 1.5 * s.K * d ^ 0.5
    out.e.elast = u
    out.e.quad = 0.5 * (s.F + f) * dun - (u - s.U)
    s.F, s.U, s.uN0 = f, u, c.uN
    return true
  end,
  cases = {
    { name = "rigid-wall", doc = "Hertz elastic impact of a steel sphere on a rigid wall: e = 1, delta_max, t_c",
      kind = "impact", shape = { "wall", "sphere" }, fixed = { true, false }, radius = rs,
      mat = { { young = math.huge, poisson = 0.5 }, steel }, load = { vn = 0.1 }, steps = 2000,
      expect = function(env)
        assert(env.c.mat[1].young == math.huge and env.c.mat[2].young == E, "env.c.mat: not the case's materials")
        local vn, mm = env.load.vn, env.c.mstar
        local dmax = (15 * mm * vn * vn / (16 * estar * math.sqrt(rs))) ^ 0.4
        local half = 1.4716375921623523 -- (2/5) B(2/5, 1/2) = 0.4 Gamma(0.4) Gamma(0.5)/Gamma(0.9)
        local why = "verify's target at 2000 steps per contact"
        return { e = { value = 1, tol = TOL_TARGET, why = why },
                 max_overlap = { value = dmax, tol = TOL_TARGET, why = why },
                 t_contact = { value = 2 * half * dmax / vn, tol = TOL_TARGET, why = why } }
      end },
  },
}
local failed, rows = lawtester.verify_law("lua_hertz")
assert(failed == 0 and rows > 0, failed .. " of " .. rows .. " checks of lua_hertz failed")
