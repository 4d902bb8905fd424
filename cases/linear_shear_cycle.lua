-- cases/linear_shear_cycle.lua - the linear (Cundall) law cycled in shear at a constant overlap:
-- an elastic-perfectly-plastic spring of stiffness kt capped at the Coulomb force mu |Fn|, so
-- the loop 0 -> +ua -> -ua -> +ua is a parallelogram and the energy of one full cycle is its area
--     E = 4 mu |Fn| (ua - mu |Fn|/kt)       (Cundall & Strack 1979; docs/case-scripts.md)
-- Units SI.  Run: ./lawtester verify cases/linear_shear_cycle.lua -v
local kn, kt, mu = 1e6, 5e5, 0.5        -- N/m, N/m, -
local delta, ua = 1e-3, 3e-3            -- m: held overlap, shear amplitude
local v, dt = 1.0, 1e-6                 -- m/s, s: imposed rates, time step
local du = v * dt                       -- m per step
local fy = mu * kn * delta              -- N, the Coulomb cap at the held overlap
local energy = 4 * fy * (ua - fy / kt)  -- J per cycle

-- stages end on the displacement, half a step early so that the end does not hang on round-off
local half = du / 2
local test = {
  name = "linear-shear-cycle", law = "linear", params = { kn = kn, kt = kt, tanPhi = mu },
  particles = { { radius = 0.1, fixed = true }, { radius = 0.1, fixed = true } },
  normal = {0.36, 0.48, 0.80}, dt = dt,
  stages = {
    { whats = "v.....", values = {-v, 0,0,0,0,0}, till = function(C) return C and C.uN <= -delta + half end },
    { whats = "vv....", values = {0, v, 0,0,0,0}, till = function(C) return C.u[2] >= ua - half end },
    { whats = "vv....", values = {0, -v, 0,0,0,0}, till = function(C) return C.u[2] <= -ua + half end },
    { whats = "vv....", values = {0, v, 0,0,0,0}, till = function(C) return C.u[2] >= ua - half end },
  },
}

-- the last recorded value of column col in stage s
local function at_end_of(r, s, col)
  local x
  for i = 1, r.rows.n do if r.rows.stage[i] == s then x = r.rows[col][i] end end
  return x
end

return { cases = {
  { name = "linear-shear-cycle",
    doc = "energy per Coulomb slip cycle 4 mu|Fn| (ua - mu|Fn|/kt) (Cundall & Strack 1979)",
    test = test,
    expect = {
      { name = "cycle energy", measure = function(r) return r.E.plast - at_end_of(r, 2, "plast") end,
        value = energy, tol = kt * du * du / 4 / energy + 1e-9,
        why = "slip starting inside a step: the trapezoid books <= kt du^2/8 too little per onset, two per cycle" },
      { name = "slip force", measure = function(r)
          local m = 0
          for i = 1, r.rows.n do
            if r.rows.stage[i] >= 2 then m = math.max(m, math.sqrt(r.rows.Fy[i]^2 + r.rows.Fz[i]^2)) end
          end
          return m end,
        value = fy, tol = 1e-9, why = "radial return onto mu kn delta; the overlap from ~1e4 rounded steps: ~1e-11" },
      { name = "kt", measure = "C.kt", value = kt, tol = 1e-12, why = "constant stiffness: exact" },
      { name = "balance", measure = "math.abs(E.balance_err / E.work)", value = 0, kind = "abs", tol = 1e-9,
        why = "energy balance of the run: <= 1e-9 of the work (docs/energy.md)" },
    } },
} }
