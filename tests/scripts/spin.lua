-- tests/scripts/spin.lua: a stage with `spin` turns the loaded pair rigidly about its centre of
-- mass; the local forces (C.f) stay and uN stays.  1 rad in 10^4 steps: the driver's spurious
-- relative velocity of a rotating pair moves the springs by ~ angle (|W| dt)^2 |d|/12 = 1e-10 m,
-- kt times that is 1e-4 N on ~500 N: 1e-6 relative is the bound with a margin.
local f0, uN0
local r = lawtester.run{
  name = "spin", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5, noSlip = true },
  particles = { { radius = 0.1 }, { radius = 0.05 } }, normal = {0, 0, 1}, record = false,
  stages = {
    { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 1000" },
    { whats = "vv....", values = {0, 0.5, 0,0,0,0}, till = "stage.step >= 500",
      done = function(C) f0 = {C.f[1], C.f[2], C.f[3]}; uN0 = C.uN end },
    { whats = "vvvvvv", values = {0,0,0,0,0,0}, spin = {100, 0, 0}, till = "stage.step >= 10000" },
  },
}
for k = 1, 3 do
  assert(math.abs(r.C.f[k] - f0[k]) <= 1e-6 * 500, "f[" .. k .. "] " .. f0[k] .. " -> " .. r.C.f[k])
end
assert(math.abs(r.C.uN - uN0) <= 1e-12, "uN " .. uN0 .. " -> " .. r.C.uN)
assert(math.abs(r.E.balance_err) <= 1e-9 * r.E.work, "balance " .. r.E.balance_err)
