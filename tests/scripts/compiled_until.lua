-- tests/scripts/compiled_until.lua: `until` strings compiled to C (src/script/cond.c) keep Lua's meaning
-- when the script rebinds what they read.  Each run's length tells which meaning was used.
local function run(stages)
  return lawtester.run{ name = "rebind", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
                        gap = 1e-5, record = false, stages = stages }
end
-- a `done` string assigns the global `stage` of the condition environment: Lua's `stage.step`
-- is then that table's field (1e9), so stage 2 ends on its first step
local r = run{
  { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 3", done = "stage = { step = 1e9 }" },
  { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 50" } }
assert(r.steps == 4, "rebound stage: " .. r.steps .. " steps")
-- math.abs replaced by the script: the condition calls the replacement
local abs = math.abs
math.abs = function() return -1 end
r = run{ { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "math.abs(stage.step) > 10 or stage.step >= 20" } }
assert(r.steps == 20, "replaced math.abs: " .. r.steps .. " steps")
math.abs = abs
r = run{ { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "math.abs(stage.step) > 10 or stage.step >= 20" } }
assert(r.steps == 11, "math.abs: " .. r.steps .. " steps")
-- a proxy's metatable changed by a `done` string (last: the metatable is shared by later runs)
r = run{
  { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2", done = "getmetatable(E).__index = function() return 42 end" },
  { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "E.plast == 42 or stage.step >= 30" } }
assert(r.steps == 3, "changed E metatable: " .. r.steps .. " steps")
