-- stages/hosted/lammps_objectivity.lua - why LAMMPS's granular contacts fail verify's
-- generic-objectivity row (a loaded contact turned rigidly must keep its local forces): the pair
-- is compressed to delta = 0.1 mm, sheared to a tangential force Ft below the Coulomb cap, and
-- then turned rigidly by theta = 0.1 rad (all relative motion held, stage key `spin`) about
--   (a) the contact normal: LAMMPS keeps the tangential history in the global frame and only
--       projects it onto the tangent plane (its documentation says turns about n are not
--       corrected [LAMMPS], docs/references.md), so in the turning contact frame Ft turns by -theta:
--       |dF| = 2 sin(theta/2) Ft;
--   (b) a tangent axis perpendicular to the shear: LAMMPS's relative velocity at the contact,
--       v_t - (r_A w_A + r_B w_B) x n, takes the radii as lever arms, not the branches to the
--       contact point (r - delta/2); a rigid spin w then reads as a slip -delta (w x n), and the
--       spring moves by kt delta theta: |dF| = kt delta theta (the history's own turn, by
--       projection and rescaling, follows the frame).
-- The shear moves B on an arc about A, so the normal ends phi = u/(rA + rB - delta) off x: the
-- spin (a) about x has a tangent part sin(phi) and adds (b)'s slip kt delta theta sin(phi) along
-- z: predicted after (a): (Ft cos theta, -Ft sin theta - kt delta theta sin(phi)).
-- Printed: the predicted and measured |dF| (N) in lawtester's contact frame, for the granular
-- hooke law (linear_history) and gran/hooke/history (Kt given), both with kt = 5e5 N/m; with
-- theta = 0 the forces are kept exactly (the same run without spin, last line).
-- Run: ./lawtester run -q stages/hosted/lammps_objectivity.lua --law-lib laws/hosted/lammps.lua
-- Units SI.
local kn, kt, mu, d, u, theta = 1e6, 5e5, 0.5, 1e-4, 2e-5, 0.1
local steps = 10000 -- per stage; the spin stage turns theta/steps = 1e-5 rad a step
local dt = 1e-6

local function turned(law, params, axis)
  local before, after
  local w = theta / (steps * dt)
  lawtester.run{
    name = "objectivity", law = law, params = params, record = false, dt = dt,
    particles = { { radius = 0.01 }, { radius = 0.005 } }, normal = { 1, 0, 0 },
    stages = {
      { whats = "vvvvvv", values = { -d / (steps * dt), 0, 0, 0, 0, 0 }, till = "stage.step >= " .. steps },
      { whats = "vvvvvv", values = { 0, u / (steps * dt), 0, 0, 0, 0 }, till = "stage.step >= " .. steps,
        done = function(C) before = { C.f[1], C.f[2], C.f[3] } end },
      { whats = "vvvvvv", values = { 0, 0, 0, 0, 0, 0 }, spin = { axis[1] * w, axis[2] * w, axis[3] * w },
        till = "stage.step >= " .. steps,
        done = function(C) after = { C.f[1], C.f[2], C.f[3] } end },
    },
  }
  local df = math.sqrt((after[1] - before[1]) ^ 2 + (after[2] - before[2]) ^ 2 + (after[3] - before[3]) ^ 2)
  return df, math.sqrt(before[2] ^ 2 + before[3] ^ 2)
end

print(string.format("delta = %g m, Ft = kt u = %g N (cap mu kn delta = %g N), theta = %g rad", d, kt * u, mu * kn * d, theta))
print("law                      spin axis        |dF| predicted  |dF| measured")
local phi = u / (0.01 + 0.005 - d)
for _, l in ipairs({ { "lmp_hooke", { kn = kn, kt = kt, mu = mu, tangential = "linear_history" } },
                     { "lmp_gran_hooke_history", { Kn = kn, Kt = kt, xmu = mu } } }) do
  local df, ft = turned(l[1], l[2], { 1, 0, 0 })
  local dy, dz = ft * (math.cos(theta) - 1), ft * math.sin(theta) + kt * d * theta * math.sin(phi)
  print(string.format("%-24s %-16s %14.6g %14.6g", l[1], "normal (x)", math.sqrt(dy * dy + dz * dz), df))
  df = turned(l[1], l[2], { 0, 0, 1 })
  print(string.format("%-24s %-16s %14.6g %14.6g", l[1], "tangent (z)", kt * d * theta, df))
end
theta = 0
print(string.format("%-24s %-16s %14.6g %14.6g", "lmp_hooke", "(no spin)", 0,
  turned("lmp_hooke", { kn = kn, kt = kt, mu = mu, tangential = "linear_history" }, { 1, 0, 0 })))
