-- stages/hosted/lammps_oblique_dt.lua - the elastic oblique impact of LAMMPS's gran/hertz/history
-- (no damping, xmu = 0.5, Kt = 2/7 Kn) at 2000 ... 16000 steps a contact: verify's `KE gain` row
-- (generic-oblique, 4000 steps) finds E_out/E0 - 1 = 1.5e-6 at 18 deg.  Here the same impact of
-- an aluminium sphere (r = 5 mm, 2700 kg/m^3) on a fixed sphere (r = 10 mm) at 1 m/s: the change
-- of kinetic energy (translation and rotation of B) over the incoming E0 = m v^2/2 at each
-- resolution, for three incidences.  First order in dt and of changing sign: a discretisation
-- error, not an energy source (docs/hosted-lammps.md).  granular hertz/material with mindlin
-- (E = 70 GPa, nu = 0.3) for comparison.
-- Run: ./lawtester run -q stages/hosted/lammps_oblique_dt.lua --law-lib laws/hosted/lammps.lua
-- Units SI.
local E, nu, rho, Kn = 70e9, 0.3, 2700, 5e10
local rA, rB, v = 0.01, 0.005, 1.0
local mB = rho * 4 / 3 * math.pi * rB ^ 3
local K = Kn * math.sqrt(rA * rB / (rA + rB))
local tc = 2.9432 * (1.25 * mB * v * v / K) ^ 0.4 / v -- the elastic Hertz contact time
local laws = {
  { "lmp_gran_hertz_history", { Kn = Kn, gamma_n = 0, xmu = 0.5 } },
  { "lmp_hertz_material", { E = E, nu = nu, eta_v = 0, mu = 0.5 } },
}
print("law                      steps  theta  E_out/E0 - 1")
for _, l in ipairs(laws) do
  for _, steps in ipairs({ 2000, 4000, 8000, 16000 }) do
    for _, theta in ipairs({ 10, 18, 25 }) do
      local dt, th = tc / steps, math.rad(theta)
      local vn, vt = v * math.cos(th), v * math.sin(th)
      local r = lawtester.run{ name = "oblique-dt", law = l[1], params = l[2], record = false,
        materials = { al = { young = E, poisson = nu, density = rho } },
        particles = { { radius = rA, material = "al", fixed = true }, { radius = rB, material = "al" } },
        gap = vn * dt / 2, dt = dt,
        stages = { { whats = "ii....", values = { -vn, vt, 0, 0, 0, 0 }, till = "stage.rebound" } } }
      local u, w, I = r.B.vel, r.B.angvel, 0.4 * mB * rB * rB
      local ke = 0.5 * mB * (u[1] ^ 2 + u[2] ^ 2 + u[3] ^ 2) + 0.5 * I * (w[1] ^ 2 + w[2] ^ 2 + w[3] ^ 2)
      print(string.format("%-24s %5d %6g %13.3e", l[1], steps, theta, ke / (0.5 * mB * v * v) - 1))
    end
  end
end
