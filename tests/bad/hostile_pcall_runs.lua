-- command: run --max-instructions 100000
-- expect-status: 1
-- expect-stderr: tests/bad/hostile_pcall_runs.lua:14: instruction budget exhausted: more than 100000 Lua instructions without returning to lawtester (a loop that never ends?  --max-instructions N; 0 = no limit; the work of lawtester's runs and of large strings counts too)
-- expect-partial: t 1
-- catches the budget error of a run and starts another, for ever: the budget stays spent
local T = {
  name = "t", law = "linear",
  materials = { m = { young = 1e7, density = 2600, ktDivKn = 0.5, tanPhi = 0.5 } },
  particles = { { shape = "sphere", radius = 0.1, material = "m" }, { shape = "sphere", radius = 0.1, material = "m" } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-6,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = function() while true do end end } },
}
local n = 0
while true do pcall(lawtester.run, T); n = n + 1 end
