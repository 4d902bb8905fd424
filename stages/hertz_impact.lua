-- stages/hertz_impact.lua - Hertz-Mindlin with Tsuji damping, en = 0.5, two glass spheres of
-- 5 mm (E 48 GPa, nu 0.2, 2800 kg/m^3) meeting at 1e-3 to 10 m/s: the restitution does not
-- depend on the speed.  The Hertz spring's potential is exact, the driver's work is a trapezoid
-- sum: their difference is booked as the energy `quad`, O(dt^2); this script measures it at dt,
-- dt/2, dt/4 and checks that the balance closes.  Units SI.
-- Run: ./lawtester run stages/hertz_impact.lua -o out --plot
local glass = { young = 4.8e10, poisson = 0.2, density = 2800, tanPhi = 0.35 }
local function impact(v, steps)
  local m = 2800 * 4 / 3 * math.pi * 0.005^3
  local estar, rstar = 4.8e10 / (2 * (1 - 0.04)), 0.0025
  local K = 4 / 3 * estar * math.sqrt(rstar)
  local tc = 3.2 * (m / 2 * v * v / K)^0.4 / v      -- about the contact time
  local dt = tc / steps
  return lawtester.run{
    name = string.format("hertz-impact-%d", math.floor(math.log(v, 10) + 0.5)), law = "hertz_mindlin", params = { en = 0.5 },
    materials = { glass = glass },
    particles = { { radius = 0.005, material = "glass" }, { radius = 0.005, material = "glass" } },
    normal = {1, 2, 2}, gap = v * dt / 2, dt = dt, abWeight = 0.5,
    stages = { { whats = "i.....", values = {-v, 0,0,0,0,0}, till = "stage.rebound" } },
    record = { every = 10 },
  }, m
end
for _, v in ipairs({1e-3, 1e-2, 0.1, 1, 10}) do
  local r, m = impact(v, 2000)
  local e = 2 * math.sqrt(r.E.kin / m) / v
  print(string.format("v = %5g m/s: e = %.7f, balance %.1e, quad %.2e of the work", v, e,
                      r.E.balance_err / r.E.work, r.E.quad / r.E.work))
  assert(math.abs(e - 0.5) < 1e-4 * 0.5, "restitution depends on the speed")
  assert(math.abs(r.E.balance_err) <= 1e-9 * r.E.work, "energy balance")
end
-- the trapezoid error on the nonlinear spring falls as dt^2 (elastic: no dashpot singularity)
local q = {}
for i, steps in ipairs({1000, 2000, 4000}) do
  local r = lawtester.run{
    name = "hertz-quad", law = "hertz_mindlin", params = { en = 1 }, materials = { glass = glass },
    particles = { { radius = 0.005, material = "glass" }, { radius = 0.005, material = "glass" } },
    gap = 1e-3 * 3.67e-5 / steps / 2, dt = 3.67e-5 / steps, abWeight = 0.5, record = false,
    stages = { { whats = "i.....", values = {-1, 0,0,0,0,0}, till = "stage.rebound" } } }
  q[i] = math.abs(r.E.quad / r.E.work)
end
local order = math.log(q[1] / q[3], 2) / 2
print(string.format("quad/work at 1000, 2000, 4000 steps: %.2e %.2e %.2e, order %.2f", q[1], q[2], q[3], order))
assert(order > 1.7, "the quadrature error does not fall as dt^2")
