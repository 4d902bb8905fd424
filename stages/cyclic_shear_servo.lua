-- stages/cyclic_shear_servo.lua - cyclic shear of the linear (Cundall) law under a constant
-- normal force held quasi-statically by the servo ('s', docs/stage-scripts.md): B approaches A
-- under the servo until the normal force is Fn = -1000 N (compressive), then the shear DoF is
-- driven between +ua and -ua at 0.1 m/s for three cycles while the servo keeps Fn.  No numerical
-- damping, no dynamics of the normal DoF (both bodies `fixed`: they move only as imposed, and
-- slowly, so that the kinetic energy stays small beside the energies of the contact): the
-- dissipation of every cycle is the closed form
-- 4 mu |Fn| (ua - mu |Fn| / kt) (docs/energy.md section 3), checked below with the amplitudes
-- reached (a stage ends at the first state past its bound).  Units SI.
-- Run: ./lawtester run stages/cyclic_shear_servo.lua -o out --plot
local kn, kt, mu = 1e6, 5e5, 0.5            -- N/m, N/m, -
local Fn, ua, v = -1000, 2e-3, 0.1          -- N (on A, < 0 in compression), m, m/s
local peaks, plast = {}, {}
local function mark(C, stage, E) peaks[#peaks + 1] = C.u[2]; plast[#plast + 1] = E.plast end
-- the driver's energies in scope are those of the previous state; the law's (plast) are current
local stages = {
  { whats = "s.....", values = {Fn, 0, 0, 0, 0, 0}, servoMaxSpeed = v,
    till = "C and math.abs(C.f[1] - (" .. Fn .. ")) <= 1e-9 * " .. -Fn },
}
for i = 1, 7 do                             -- up to +ua, then three cycles +ua -> -ua -> +ua
  local up = i % 2 == 1
  stages[#stages + 1] = { whats = "sv....", values = {Fn, up and v or -v, 0, 0, 0, 0},
    till = up and "C.u[2] >= " .. ua or "C.u[2] <= " .. -ua, done = mark }
end
local r = lawtester.run{
  name = "cyclic-shear-servo", law = "linear", params = { kn = kn, kt = kt, tanPhi = mu },
  particles = { { radius = 0.1, fixed = true }, { radius = 0.1, fixed = true } }, normal = {0, 0, 1},
  gap = 1e-4, dt = 1e-6,
  stages = stages,
  record = { every = 100 },
}
local fy = mu * math.abs(Fn)
for c = 1, 3 do
  local a, b, e = 2 * c - 1, 2 * c, 2 * c + 1       -- +peak, -peak, +peak
  local expected = fy * ((peaks[a] - peaks[b]) + (peaks[e] - peaks[b]) - 4 * fy / kt)
  local got = plast[e] - plast[a]
  print(string.format("cycle %d: dissipated %.10g J, closed form %.10g J (relative error %.1e)",
                      c, got, expected, (got - expected) / expected))
  -- the onsets of slip inside a step: <= kt (v dt)^2 / 8 each, two a cycle (docs/energy.md)
  assert(math.abs(got - expected) <= 2 * kt * (v * 1e-6)^2 / 8 + 1e-12 * expected, "cycle dissipation")
end
print(string.format("normal force %.12g N (target %g N); balance %.1e of the work", r.C.f[1], Fn,
                    r.E.balance_err / r.E.work))
assert(math.abs(r.C.f[1] - Fn) <= 1e-6 * math.abs(Fn), "normal force held")
assert(math.abs(r.E.balance_err) <= 1e-9 * r.E.work, "energy balance")
