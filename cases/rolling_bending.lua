-- cases/rolling_bending.lua - the rolling resistance of linear_rolling (Ai, Chen, Rotter & Ooi
-- 2011, type C without damping) cycled in bending about local y at a constant overlap: an
-- elastic-perfectly-plastic spring of stiffness kr = 2.25 kn muR^2 R*^2 capped at
-- M = muR R* |Fn|, so the loop 0 -> +a -> -a -> +a is a parallelogram of energy per full cycle
--     E = 4 M (a - M/kr)                       (docs/laws.md, linear_rolling)
-- The same case as the law's C case `bending-cycle` (laws/linear_rolling_cases.c), written as a script.
-- Units SI (m, s, N, N m, rad, J).  Run: ./lawtester verify cases/rolling_bending.lua -v
local kn, kt, mu, muR = 1e6, 5e5, 0.5, 0.3  -- N/m, N/m, -, -
local r1, r2 = 0.1, 0.05                    -- m, sphere radii
local Rs = 1 / (1 / r1 + 1 / r2)            -- m, R* of the pair
local delta, a = 1e-3, 0.15                 -- m held overlap; rad bending amplitude
local w, dt = 1.0, 5e-5                     -- rad/s bending rate; s time step
local dphi = w * dt                         -- rad per step
local kr = 2.25 * kn * muR^2 * Rs^2         -- N m/rad (Ai et al. 2011)
local M = muR * Rs * kn * delta             -- N m, the rolling cap at the held overlap
local energy = 4 * M * (a - M / kr)         -- J per cycle

local half = dphi / 2 -- stages end half a step early, so that the end does not hang on round-off
local test = {
  name = "rolling-bending", law = "linear_rolling",
  params = { kn = kn, kt = kt, tanPhi = mu, muR = muR },
  particles = { { radius = r1, fixed = true }, { radius = r2, fixed = true } },
  normal = {0, 0, 1}, dt = dt,
  stages = {
    { whats = "v.....", values = {-0.01, 0,0,0,0,0}, till = function(C) return C and C.uN <= -delta + 5e-9 end },
    { whats = "v...v.", values = {0, 0,0,0, w, 0}, till = function(C) return C.u[5] >= a - half end },
    { whats = "v...v.", values = {0, 0,0,0, -w, 0}, till = function(C) return C.u[5] <= -a + half end },
    { whats = "v...v.", values = {0, 0,0,0, w, 0}, till = function(C) return C.u[5] >= a - half end },
  },
}

-- the last recorded value of column col in stage s
local function at_end_of(r, s, col)
  local x
  for i = 1, r.rows.n do if r.rows.stage[i] == s then x = r.rows[col][i] end end
  return x
end

return { cases = {
  { name = "rolling-bending",
    doc = "bending cycle at constant overlap: slope kr, cap muR R* |Fn|, 4 M (a - M/kr) a cycle (Ai et al. 2011)",
    test = test,
    expect = {
      { name = "cycle energy", measure = function(r) return r.E.plast - at_end_of(r, 2, "plast") end,
        value = energy, tol = kr * dphi * dphi / 4 / energy + 1e-9,
        why = "plastic flow starting inside a step: <= kr dphi^2/8 booked too little per onset, two per cycle" },
      { name = "stiffness", measure = function(r)
          for i = 2, r.rows.n do  -- the first step of bending: dT/dphi of the elastic spring
            if r.rows.stage[i] == 2 and r.rows.stage[i - 1] == 2 then
              return (r.rows.Ty[i] - r.rows.Ty[i - 1]) / (r.rows.phiy[i] - r.rows.phiy[i - 1])
            end
          end end,
        value = kr, tol = 1e-9, why = "an elastic step of a linear spring: exact to the rounding of dphi (~1e-12)" },
      { name = "cap", measure = function(r)
          local m = 0
          for i = 1, r.rows.n do if r.rows.stage[i] >= 2 then m = math.max(m, math.abs(r.rows.Ty[i])) end end
          return m end,
        value = M, tol = 1e-6,
        why = "radial return onto muR R* kn |uN|; the overlap is held to the 5e-9 m the approach ends within: 5e-6" },
      { name = "balance", measure = "math.abs(E.balance_err / E.work)", value = 0, kind = "abs", tol = 1e-9,
        why = "energy balance of the run: <= 1e-9 of the work (docs/energy.md)" },
    } },
} }
