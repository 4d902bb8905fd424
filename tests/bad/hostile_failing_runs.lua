-- command: run --max-instructions 1000000
-- expect-status: 1
-- expect-stderr: tests/bad/hostile_failing_runs.lua:13: instruction budget exhausted: more than 1000000 Lua instructions without returning to lawtester (a loop that never ends?  --max-instructions N; 0 = no limit; the work of lawtester's runs and of large strings counts too)
-- expect-partial: t 1000
-- catches the max_steps error of a cheap run and starts another, for ever: the runs' steps count
local T = {
  name = "t", law = "linear",
  materials = { m = { young = 1e7, density = 2600, ktDivKn = 0.5, tanPhi = 0.5 } },
  particles = { { shape = "sphere", radius = 0.1, material = "m" }, { shape = "sphere", radius = 0.1, material = "m" } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-6, max_steps = 1000,
  stages = { { whats = "v.....", values = {-1e-3, 0,0,0,0,0}, ["until"] = "false" } },
}
while true do pcall(lawtester.run, T) end
