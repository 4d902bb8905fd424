-- tests/scripts/case_wrong.lua - a case file whose claims are wrong in each way verify must
-- catch (tests/test_case_scripts.c): a closed form that forgets the elastic part of the slip
-- cycle, an order of convergence leapfrog does not have, a measure of an energy the law does not
-- book, a run that cannot end, a re-run of an order that cannot end; and one right case, which still passes among them.  Units SI.
local kn, kt, mu, delta, ua, v, dt = 1e6, 5e5, 0.5, 1e-3, 3e-3, 1.0, 1e-5
local fy, half = mu * kn * delta, v * dt / 2
local cycle = {
  law = "linear", params = { kn = kn, kt = kt, tanPhi = mu },
  particles = { { fixed = true }, { fixed = true } }, dt = dt,
  stages = {
    { whats = "v.....", values = {-v, 0,0,0,0,0}, till = function(C) return C and C.uN <= -delta + half end },
    { whats = "vv....", values = {0, v, 0,0,0,0}, till = function(C) return C.u[2] >= ua - half end },
    { whats = "vv....", values = {0, -v, 0,0,0,0}, till = function(C) return C.u[2] <= -ua + half end },
    { whats = "vv....", values = {0, v, 0,0,0,0}, till = function(C) return C.u[2] >= ua - half end },
  },
}
local function cycle_energy(r)
  local at2
  for i = 1, r.rows.n do if r.rows.stage[i] == 2 then at2 = r.rows.plast[i] end end
  return r.E.plast - at2
end
-- a linear spring of kn between two 0.1 m spheres of 2600 kg/m^3: t_c = pi sqrt(m*/kn)
local m = 2600 * 4 / 3 * math.pi * 0.1^3
local tc = math.pi * math.sqrt(m / 2 / kn)
local function contact_time(r)
  local x, t, c, t0 = r.rows.ux, r.rows.time, r.rows.contact
  for i = 2, r.rows.n do
    if not t0 and c[i] == 1 then t0 = t[i - 1] + (t[i] - t[i - 1]) * x[i - 1] / (x[i - 1] - x[i])
    elseif t0 and c[i] == 0 then return t[i - 1] + (t[i] - t[i - 1]) * x[i - 1] / (x[i - 1] - x[i]) - t0 end
  end
end
local impact_dt = tc / 200.3183
local impact = {
  law = "linear", params = { kn = kn, kt = kt, tanPhi = mu }, abWeight = 0.5, dt = impact_dt,
  gap = 1.0 * impact_dt / 2,
  stages = { { whats = "i.....", values = {-1, 0,0,0,0,0}, till = "stage.rebound" } },
}

return { cases = {
  { name = "wrong-closed-form", doc = "the elastic reversal forgotten: 4 mu |Fn| ua",
    test = cycle,
    expect = { { name = "cycle energy", measure = cycle_energy, value = 4 * fy * ua, tol = 1e-6,
                 why = "slip onset inside a step: kt du^2/4 per cycle" } } },
  { name = "wrong-order", doc = "leapfrog claimed third order",
    test = impact,
    expect = { { name = "t_contact", measure = contact_time, value = tc, tol = 1e-4, order = 3,
                 why = "leapfrog at 200 steps a contact" } } },
  { name = "no-such-energy", doc = "the linear law books no viscous energy",
    test = cycle,
    expect = { { name = "visc", measure = "E.visc", value = 0, tol = 0, why = "none" } } },
  { name = "never-ends", doc = "a stage whose until never holds",
    test = { law = "linear", particles = { { fixed = true }, { fixed = true } },
             stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "false", max_steps = 5 } } },
    expect = { { name = "kn", measure = "C.kn", value = kn, tol = 0, why = "never reached" } } },
  { name = "rerun-fails", doc = "a stage guard that holds at dt and dt/2, not at dt/4",
    test = { law = "linear", params = { kn = kn, kt = kt, tanPhi = mu }, abWeight = 0.5, dt = impact_dt,
             gap = 1.0 * impact_dt / 2,
             stages = { { whats = "i.....", values = {-1, 0,0,0,0,0}, till = "stage.rebound", max_steps = 600 } } },
    expect = { { name = "t_contact", measure = contact_time, value = tc, tol = 1e-4, order = 2,
                 why = "leapfrog at 200 steps a contact" } } },
  { name = "right", doc = "the slip cycle with its right closed form",
    test = cycle,
    expect = { { name = "cycle energy", measure = cycle_energy, value = 4 * fy * (ua - fy / kt),
                 tol = kt * (v * dt)^2 / 4 / (4 * fy * (ua - fy / kt)) + 1e-9,
                 why = "slip onset inside a step: kt du^2/8 per onset, two per cycle" } } },
} }
