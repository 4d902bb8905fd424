-- tests/scripts/until_forms.lua: `until` as a string and as a function give the same run;
-- `till` is an alias; `done` runs once per stage, as a string (assigning a script global)
-- and as a function (seeing the stage counters); untilEvery spaces the evaluations.
local function test(until1, done1)
  return {
    name = "forms", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
    particles = { { radius = 0.1 }, { radius = 0.1 } }, normal = {0, 1, 0}, gap = 1e-5,
    record = false,
    stages = {
      { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = until1, done = done1 },
      { whats = "vv....", values = {0, 1, 0,0,0,0}, till = "C.u[2] >= 1e-4" },
    },
  }
end
done_count = 0
local r1 = lawtester.run(test("C and C.uN <= -1e-3", "done_count = done_count + 1"))
local seen_steps
local r2 = lawtester.run(test(function(C, stage, E, S, tester) return C ~= nil and C.uN <= -1e-3 end,
                              function(C, stage, E, S, tester) seen_steps = stage.step end))
assert(done_count == 1, "string done ran " .. done_count .. " times")
assert(seen_steps == 1010, "function done saw stage.step = " .. tostring(seen_steps))
assert(r1.steps == r2.steps, "string and function until differ: " .. r1.steps .. " vs " .. r2.steps)
assert(r1.C.uN == r2.C.uN and r1.C.f[2] == r2.C.f[2], "final states differ")
-- 10 steps to close the gap, 1000 to compress, about 100 to shear (rounding may add one)
assert(r1.steps >= 1110 and r1.steps <= 1112, "steps " .. r1.steps)

-- untilEvery = 7: the stage ends on a multiple of 7 steps
local t = test("stage.step >= 100")
t.stages[1].untilEvery = 7
t.stages[2] = nil
local r3 = lawtester.run(t)
assert(r3.steps == 105, "untilEvery 7 ended at step " .. r3.steps)
