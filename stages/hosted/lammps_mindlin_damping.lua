-- stages/hosted/lammps_mindlin_damping.lua - LAMMPS's tangential mindlin with a tangential dashpot
-- (pair_style granular, hertz/material, damping tsuji, xt = 1) pushes the sphere forward along
-- its slip while an oblique impact loads: on those steps the friction force does negative work,
-- which no verify row sees (the work over the whole impact stays dissipative).
-- docs/hosted-lammps.md, "mindlin with a tangential dashpot".
-- Run: ./lawtester run -q stages/hosted/lammps_mindlin_damping.lua --law-lib laws/hosted/lammps.lua
--
-- A sphere B (r = 5 mm, aluminium: E = 70 GPa, nu = 0.3, 2700 kg/m^3) hits a fixed sphere A
-- (r = 10 mm) at v = 1 m/s, theta from the normal, no spin, mu = 0.5, 2500 steps a contact time.
-- At every state in contact, D = Ft_A . v_t (W): the tangential force on A times the velocity of
-- B relative to A at the contact point (the force on B is -Ft_A, so D > 0 is friction slowing
-- the slip, D < 0 the contact pushing B forward along it).  Printed per tangential model:
--   slip&D<0 (load): the states of the loading half (up to the largest overlap) where the
--     contact slips, its force on the Coulomb cone (|Ft| >= (1 - 1e-9) mu |Fn|), and D < 0:
--     friction along the slip, which cannot be: a slipping contact's force opposes the slip
--     (in the unloading half a shrinking cone may return the spring's stored energy, so only the
--     loading half is counted); first..last: their steps, counted from touch;
--   W(those)/E0: sum D dt over them, over the incoming kinetic energy E0 = m v^2/2;
--   W_t/E0: the tangential work over the whole contact.
-- Units SI.
local E, nu, rho, mu = 70e9, 0.3, 2700, 0.5
local rA, rB, v = 0.01, 0.005, 1.0
local mB = rho * 4 / 3 * math.pi * rB ^ 3
local estar, rstar = E / (2 * (1 - nu * nu)), rA * rB / (rA + rB)
local K = 4 / 3 * estar * math.sqrt(rstar)
-- the elastic Hertz contact time on the fixed sphere, t_c = 2.9432 delta_max/v (m* = mB)
local tc = 2.9432 * (1.25 * mB * v * v / K) ^ 0.4 / v
local steps = 2500
local dt = tc / steps

local function impact(tangential, xt, theta_deg)
  local th = math.rad(theta_deg)
  local vn, vt = v * math.cos(th), v * math.sin(th)
  local D, slip, uN = {}, {}, {}
  lawtester.run{
    name = "mindlin-damping", law = "lmp_hertz_material", record = false,
    params = { E = E, nu = nu, damping = "tsuji", cor = 0.5, tangential = tangential, xt = xt, mu = mu },
    materials = { al = { young = E, poisson = nu, density = rho } },
    particles = { { radius = rA, material = "al", fixed = true }, { radius = rB, material = "al" } },
    gap = vn * dt / 2, dt = dt,
    stages = { { whats = "ii....", values = { -vn, vt, 0, 0, 0, 0 },
      till = function(C, stage)
        if C then
          local f = C.f
          D[#D + 1] = f[2] * C.v[2] + f[3] * C.v[3]
          slip[#slip + 1] = math.sqrt(f[2] ^ 2 + f[3] ^ 2) >= (1 - 1e-9) * mu * math.abs(f[1])
          uN[#uN + 1] = C.uN
        end
        return stage.rebound
      end } },
  }
  local e0, imax = 0.5 * mB * v * v, 1
  for i = 2, #uN do if uN[i] < uN[imax] then imax = i end end
  local r = { n = #D, neg = 0, wneg = 0, w = 0 }
  for i = 1, #D do
    r.w = r.w + D[i] * dt
    if i <= imax and slip[i] and D[i] < 0 then
      r.neg, r.wneg = r.neg + 1, r.wneg + D[i] * dt
      r.first, r.last = r.first or i, i
    end
  end
  r.wneg, r.w = r.wneg / e0, r.w / e0
  return r
end

print(string.format("aluminium sphere r = %g m on a fixed sphere r = %g m, v = %g m/s, mu = %g, "
  .. "tsuji cor 0.5, %d steps a contact time", rB, rA, v, mu, steps))
print("tangential        xt theta steps slip&D<0(load) first..last  W(those)/E0     W_t/E0")
for _, t in ipairs({ { "mindlin", 1 }, { "mindlin_rescale", 1 }, { "mindlin", 0 },
                     { "linear_history", 1 }, { "mindlin_force", 1 } }) do
  for _, theta in ipairs({ 20, 45, 70, 85 }) do
    local r = impact(t[1], t[2], theta)
    print(string.format("%-16s %3g %5g %5d %15d %5s..%-5s %11.3e %10.3e", t[1], t[2], theta,
      r.n, r.neg, tostring(r.first or "-"), tostring(r.last or "-"), r.wneg, r.w))
  end
end
