-- Stage values as Lua functions of the stage time t (s): a sinusoidal shear
-- v(t) = A w cos(w t) at constant overlap.  Velocities are evaluated at t + dt/2 (the leapfrog's
-- half-step velocities), so the recorded displacement u_y is the midpoint rule of the integral
-- A sin(w T): its error falls as dt^2, checked here from three time steps.
local A, w = 1e-3, 2 * math.pi / 1e-2      -- m, rad/s: 1 mm amplitude, 10 ms period
local T = 0.75 * 1e-2                      -- s: three quarters of a period (the error's term
                                           -- (h^2/24) (v'(T) - v'(0)) is largest there)
local function run(dt)
  local n = math.floor(T / dt + 0.5)
  local r = lawtester.run{
    name = "values-functions", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5, noSlip = true },
    particles = { { radius = 0.1, fixed = true }, { radius = 0.1, fixed = true } },
    normal = {0, 0, 1}, gap = -1e-4, dt = dt, record = false,
    stages = {
      { whats = "vv....", values = {0, function(t) return A * w * math.cos(w * t) end, 0, 0, 0, 0},
        till = function(C, stage) return stage.step >= n end },
    },
  }
  local exact = A * math.sin(w * n * dt)
  return math.abs(r.C.u[2] - exact), r.E.balance_err / r.E.work
end
local e1, b1 = run(1e-5)
local e2, b2 = run(5e-6)
local e3, b3 = run(2.5e-6)
local p1, p2 = math.log(e1 / e2, 2), math.log(e2 / e3, 2)
print(string.format("  sinusoid: error %.3g, %.3g, %.3g m at dt 10, 5, 2.5 us: order %.4f, %.4f", e1, e2, e3, p1, p2))
-- the midpoint rule is second order; 0.01: the next term of its error is h^2 smaller
assert(math.abs(p1 - 2) < 0.01 and math.abs(p2 - 2) < 0.01, "order of the function's integral")
-- and its leading term is (h^2/24) (v'(T) - v'(0)), v' = -A w^2 sin(w t): at T, 3/4 period
local lead = 1e-5^2 / 24 * A * w^2
assert(math.abs(e1 / lead - 1) < 0.01, "leading error term")
assert(math.max(math.abs(b1), math.abs(b2), math.abs(b3)) < 1e-9, "energy balance")

-- A ramp v = a t is integrated exactly by the midpoint rule: u(T) = a T^2 / 2 to round-off
-- (1e-12: a few ulps a step over 2000 steps), whatever dt; a constant beside it stays the
-- compiled number.
local a, n, dt = 50, 2000, 1e-6
local r = lawtester.run{
  name = "values-ramp", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5, noSlip = true },
  particles = { { radius = 0.1, fixed = true }, { radius = 0.1, fixed = true } },
  normal = {0, 0, 1}, gap = -1e-4, dt = dt, record = false,
  stages = { { whats = "vvv...", values = {0, function(t) return a * t end, 0.01, 0, 0, 0},
               till = "stage.step >= " .. n } },
}
local T = n * dt
assert(math.abs(r.C.u[2] - a * T * T / 2) <= 1e-12 * a * T * T / 2, "ramp integrated by the midpoint rule")
assert(math.abs(r.C.u[3] - 0.01 * T) <= 1e-12 * 0.01 * T, "constant beside a function")
