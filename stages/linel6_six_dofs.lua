-- stages/linel6_six_dofs.lua - the elastic six-DoF law (kw = kn l^2, kb = kt l^2): compress,
-- then shear, twist and bend a pair of unequal spheres (0.1 and 0.05 m) and bring every DoF back;
-- an elastic law returns all the work: the net work and the balance close to round-off.
-- Units SI.  Run: ./lawtester run stages/linel6_six_dofs.lua -o out --plot
local rates = {0, 0.5, -0.25, 2.0, 1.0, -1.5}      -- m/s and rad/s for 1000 steps of 1e-6 s
local back = {}
for k = 1, 6 do back[k] = -rates[k] end
local work_at_load
local r = lawtester.run{
  name = "linel6-six-dofs", law = "linel6", params = { kn = 2e6, kt = 1e6, charLen = 0.05 },
  particles = { { radius = 0.1 }, { radius = 0.05 } }, normal = {0.3, -0.4, 0.866}, abWeight = 0.3,
  stages = {
    { whats = "vvvvvv", values = {-1, 0,0,0,0,0}, till = "stage.step >= 1000" },
    -- the driver's energies in scope are those of the previous state (README): on the first
    -- step of this stage, the state that ended the compression
    { whats = "vvvvvv", values = rates, till = function(C, stage, E)
        if stage.step == 1 then work_at_load = E.work - E.kin end
        return stage.step >= 1000 end },
    { whats = "vvvvvv", values = back, till = "stage.step >= 1000" },
    { whats = "vvvvvv", values = {0,0,0,0,0,0}, till = "stage.step >= 1" },
  },
  record = { every = 10 },
}
local net = (r.E.work - r.E.kin) - work_at_load
print(string.format("net work of the excursion %.2e J of %.3g J stored; balance %.1e of the work",
                    net, r.E.elast, r.E.balance_err / r.E.work))
assert(math.abs(net) <= 1e-9 * r.E.elast, "an elastic law kept some of the work")
assert(math.abs(r.E.balance_err) <= 1e-9 * r.E.work, "energy balance")
-- retracing the local velocities does not bring every DoF back exactly (finite rotations do
-- not commute), but the springs follow the displacements: F = k u, T = k phi
local stiff = {2e6, 1e6, 1e6, 2e6 * 0.05^2, 1e6 * 0.05^2, 1e6 * 0.05^2}
for k = 2, 6 do
  assert(math.abs(r.C.f[k] - stiff[k] * r.C.u[k]) <= 1e-9 * math.abs(r.C.f[1]), "spring " .. k .. " off k u")
end
print(string.format("after the excursion: uy %.1e m, phix %.1e rad (F = k u holds)", r.C.u[2], r.C.u[4]))
