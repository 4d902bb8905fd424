-- stages/rolling_cycle.lua - the rolling resistance of `linear_rolling` (laws/linear_rolling.c; Ai,
-- Chen, Rotter & Ooi 2011, model C): two spheres (0.1 and 0.05 m, both held) pressed 1 mm
-- together, then bent about local y (relative rolling) 0 -> +a -> -a -> +a at constant overlap.
-- The moment is elastic-perfectly plastic: slope kr = 2.25 kn muR^2 R*^2, cap M = muR R* kn delta
-- (R* = r1 r2/(r1 + r2)); one full cycle dissipates 4 M (a - M/kr).  The script checks the cap
-- and the energy of the cycle against these closed forms and prints them.
-- Units SI.  Run: ./lawtester run stages/rolling_cycle.lua -o out --plot
-- (out/rolling-cycle-force_displacement.png has the moment-rotation loop in its torque panels).
local kn, kt, muR, delta = 1e6, 5e5, 0.3, 1e-3
local r1, r2 = 0.1, 0.05
local a, rate, steps = 0.15, 5.0, 3000        -- amplitude (rad), rad/s, steps per amplitude
local dt = a / (rate * steps)                 -- s: 5e-5 rad a step
local Rs = r1 * r2 / (r1 + r2)
local kr = 2.25 * kn * muR^2 * Rs^2
local M = muR * Rs * kn * delta
local closed = 4 * M * (a - M / kr)

local cap, plast_at = 0, {}
local function leg(n, index)
  return function(C, stage, E)
    cap = math.max(cap, math.abs(C.f[5]))
    if stage.step >= n then plast_at[index] = E.plast return true end
    return false
  end
end
lawtester.run{
  name = "rolling-cycle", law = "linear_rolling",
  params = { kn = kn, kt = kt, tanPhi = 0.5, muR = muR, muTw = 0.2 },
  particles = { { radius = r1, fixed = true }, { radius = r2, fixed = true } },
  normal = {0.36, 0.48, 0.8}, dt = dt,
  stages = {
    { whats = "v.....", values = {-delta / (1000 * dt), 0,0,0,0,0}, till = "stage.step >= 1000" },
    { whats = "v...v.", values = {0, 0,0,0, rate, 0}, till = leg(steps, 2) },
    { whats = "v...v.", values = {0, 0,0,0, -rate, 0}, till = leg(2 * steps, 3) },
    { whats = "v...v.", values = {0, 0,0,0, rate, 0}, till = leg(2 * steps, 4) },
  },
  record = { every = 10 },
}
local cycle = plast_at[4] - plast_at[2]
-- tolerances: the overlap's round-off (1e-9) for the cap; for the energy also the onset of
-- plastic rolling inside a step, <= kr dtheta^2/8 per onset, two a cycle (docs/energy.md)
local dth = rate * dt
local tol_e = kr * dth^2 / 4 / closed + 1e-9
print(string.format("rolling cap %.12g N m (closed form muR R* kn delta = %.12g), kr = %.6g N m/rad", cap, M, kr))
print(string.format("energy of the cycle %.12g J (closed form 4 M (a - M/kr) = %.12g J, rel. error %.2e <= %.2e)",
                    cycle, closed, math.abs(cycle / closed - 1), tol_e))
assert(math.abs(cap / M - 1) <= 1e-9, "the rolling moment left its cap")
assert(math.abs(cycle / closed - 1) <= tol_e, "the energy of the cycle is off its closed form")
