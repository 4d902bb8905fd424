-- tests/scripts/case_touch_order.lua - observed orders of an impact whose touch must stay on a
-- step boundary under the re-runs at dt/2 and dt/4 (docs/case-scripts.md, "Orders"):
-- spring_dashpot (linear spring kn, dashpot from en, clipped) between two equal spheres.  The
-- dashpot force 2 m* beta v jumps on at touch; the pair starts half a step before touch
-- (gap = v dt/2), where leapfrog's first kick interval begins, so the jump is integrated to
-- second order (docs/verify.md, "How impacts are measured").  A gap of v dt/2 copied unchanged
-- into the re-runs is one and two of their steps: the touch falls on a position update, the
-- impulse error |1/2| 2 m* beta v dt is first order, and the observed orders are nonsense.
-- Closed form (Schwager & Poeschel 2007, clipped dashpot): w0 = sqrt(kn/m*), zeta from en by
-- en = exp(-pi zeta/sqrt(1 - zeta^2)), beta = zeta w0, w = w0 sqrt(1 - zeta^2), the force ends at
-- t_f = (2/w) atan(w/beta), e = exp(-beta t_f).  Units SI.
local kn, en, R, rho, v = 1e6, 0.5, 0.01, 2600, 1.0
local m = rho * 4 / 3 * math.pi * R^3
local mstar = m / 2
local w0 = math.sqrt(kn / mstar)
local zeta = -math.log(en) / math.sqrt(math.pi^2 + math.log(en)^2)
local beta, w = zeta * w0, w0 * math.sqrt(1 - zeta^2)
local tf = 2 / w * math.atan(w / beta)
local e = math.exp(-beta * tf)
-- 200 steps a contact, plus a fraction so the release falls inside a step (verify_cases.c)
local dt = tf / (200 + 0.3183)

local function test_at(dt)
  return { law = "spring_dashpot", params = { kn = kn, en = en, clip = true }, gap = v * dt / 2,
           materials = { glass = { young = 1e9, poisson = 0.2, density = rho, tanPhi = 0.5 } },
           particles = { { radius = R, material = "glass" }, { radius = R, material = "glass", vel = {-v, 0, 0} } },
           normal = {1, 0, 0}, stages = { { whats = "......", till = "stage.rebound" } } }
end
local fixed = test_at(dt)
fixed.dt = dt

local function restitution(r) return r.rows.vx[r.rows.n] / v end
-- the margin of the built-in cases: the release at a phase within the step that changes with dt
-- moves an observed order by < 0.3
local expect_e = { name = "e", measure = restitution, value = e, tol = (math.pi / 200)^2, order = 2, order_tol = 0.3,
                   why = "leapfrog at 200 steps a contact: (pi/200)^2 of e" }

return { cases = {
  { name = "touch-on-boundary", doc = "the test a function of dt: the gap v dt/2 at every time step",
    dt = dt, test = test_at, expect = { expect_e } },
  { name = "touch-copied", doc = "the test a table: the re-runs keep the gap of dt",
    xfail = "a gap of v dt/2 copied into the re-runs takes the touch off the kick boundary",
    test = fixed, expect = { expect_e } },
} }
