-- cases/linel6_rotations.lua - the elastic six-DoF law linel6 (laws/linel6.c) twisted and bent
-- at a constant overlap: its torques are linear springs,
--   Tw = kw phi_x,  Tb = kb phi_b,   kw = kn l^2,  kb = kt l^2   (N m/rad)
-- with l the connector radius sqrt(contA/pi) (= the smaller radius for spheres) when charLen is
-- not given.  Measured: the slope dT/dphi over each rotation stage, from the recorded states.
-- Units SI.  Run: ./lawtester verify cases/linel6_rotations.lua -v
local kn, kt = 2e6, 1e6                 -- N/m
local delta, dt = 1e-4, 1e-6            -- m, s
local w, steps = 2.0, 1000              -- rad/s, steps of rotation (2e-3 rad)
local rA, rB = 0.1, 0.05                -- m, sphere radii

-- the pair compressed to delta, then one rotation DoF driven at w (dof: 4 twist, 5 bend y)
local function rotation_test(dof)
  local whats, values = {"v", ".", ".", ".", ".", "."}, {0, 0, 0, 0, 0, 0}
  whats[dof], values[dof] = "v", w
  return {
    name = "linel6-rotation", law = "linel6", params = { kn = kn, kt = kt },
    particles = { { radius = rA, fixed = true }, { radius = rB, fixed = true } },
    normal = {0.36, 0.48, 0.80}, dt = dt,
    stages = {
      { whats = "v.....", values = {-delta / (steps * dt), 0,0,0,0,0}, till = "stage.step >= " .. steps },
      { whats = table.concat(whats), values = values, till = "stage.step >= " .. steps },
    },
  }
end

-- slope of column f over column u across stage 2: from its first recorded state to its last,
-- the state before it (the end of the compression, no torque) included
local function slope(u, f)
  return function(r)
    local first, last
    for i = 1, r.rows.n do
      if r.rows.stage[i] == 2 then first = first or i - 1; last = i end
    end
    return (r.rows[f][last] - r.rows[f][first]) / (r.rows[u][last] - r.rows[u][first])
  end
end

-- l^2 = contA/pi, contA as the stiffness rule gave it for this contact
local function l2(r) return r.stiffness.contA / math.pi end

local SLOPE_TOL = 1e-9
local SLOPE_WHY = "linear spring: the slope of two states is exact up to round-off of ~1e3 summed increments"
local BALANCE = { name = "balance", measure = "math.abs(E.balance_err / E.work)", value = 0, kind = "abs",
                  tol = 1e-9, why = "energy balance of the run: <= 1e-9 of the work (docs/energy.md)" }

return { cases = {
  { name = "linel6-twist",
    doc = "twist stiffness kw = kn l^2, l^2 = contA/pi (laws/linel6.c)",
    test = rotation_test(4),
    expect = {
      { name = "kw", measure = slope("phix", "Tx"), value = function(r) return kn * l2(r) end,
        tol = SLOPE_TOL, why = SLOPE_WHY },
      { name = "l^2", measure = function(r) return r.stiffness.contA / math.pi end, value = math.min(rA, rB)^2, tol = 1e-12,
        why = "connector area pi min(r1, r2)^2 (docs/stiffness.md): round-off" },
      BALANCE,
    } },
  { name = "linel6-bend-y",
    doc = "bending stiffness kb = kt l^2 about local y, l^2 = contA/pi (laws/linel6.c)",
    test = rotation_test(5),
    expect = {
      { name = "kb", measure = slope("phiy", "Ty"), value = function(r) return kt * l2(r) end,
        tol = SLOPE_TOL, why = SLOPE_WHY },
      BALANCE,
    } },
} }
