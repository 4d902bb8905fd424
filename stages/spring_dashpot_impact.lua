-- stages/spring_dashpot_impact.lua - normal impacts of two spheres (0.1 m, 2600 kg/m^3) with
-- the spring-dashpot law, kn = 1e6 N/m, en = 0.5, in both termination modes: the contact ends
-- when the overlap returns to zero (e = en) or the force is clipped at zero (no attraction;
-- Schwager & Poeschel: e = exp(-beta t_f), t_f = (2/w) atan(w/beta)).  An 'i' stage gives the
-- approach speed of 1 m/s and runs until stage.rebound.  Units SI.
-- Run: ./lawtester run stages/spring_dashpot_impact.lua -o out --plot
local m = 2600 * 4 / 3 * math.pi * 0.1^3          -- kg, each sphere
local mstar, kn, v = m / 2, 1e6, 1.0
local l = math.log(0.5)
local zeta = -l / math.sqrt(math.pi^2 + l^2)
local w0 = math.sqrt(kn / mstar)
local beta, w = zeta * w0, w0 * math.sqrt(1 - zeta^2)
local tf = 2 / w * math.atan(w / beta)
local expected = { [false] = 0.5, [true] = math.exp(-beta * tf) }
local dt = (math.pi / w) / 10000.3                 -- ~10^4 steps per contact
for _, clip in ipairs({false, true}) do
  local r = lawtester.run{
    name = clip and "spring-dashpot-impact-clip" or "spring-dashpot-impact",
    law = "spring_dashpot", params = { kn = kn, en = 0.5, clip = clip },
    particles = { { radius = 0.1 }, { radius = 0.1 } }, normal = {0, 0, 1},
    gap = v * dt / 2, dt = dt, abWeight = 0.5,
    stages = { { whats = "i.....", values = {-v, 0,0,0,0,0}, till = "stage.rebound" } },
    record = { every = 20 },
  }
  local e = 2 * math.sqrt(r.E.kin / m) / v           -- both spheres fly apart at e v/2
  print(string.format("clip=%s: e = %.8f (closed form %.8f), balance error %.2e of the work",
                      tostring(clip), e, expected[clip], r.E.balance_err / r.E.work))
  assert(math.abs(e / expected[clip] - 1) < 1e-4, "restitution off the closed form")
  assert(math.abs(r.E.balance_err) <= 1e-9 * r.E.work, "energy balance")
end
