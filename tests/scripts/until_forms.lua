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

-- A step counter against its bound (the quiet form: the driver skips the evaluations at which it
-- cannot hold yet, docs/performance.md) ends each stage at the very step the same condition as a
-- Lua function (evaluated at every step of the cadence) ends it: each op, the bound on either
-- side, the run's counter S.step in a second stage, on two cadences, with constant values, with
-- a value function and with a Lua law (over whose steps Lua runs, so no step is skipped).
lawtester.law{ name = "quiet_spring", summary = "a normal spring in Lua",
  params = { { name = "kn", default = 1e6, min = 0, unit = "N/m", doc = "normal stiffness" } },
  step = function(p, c, s, out)
    if c.uN > 0 then return false end
    out.f[1], out.k[1] = p.kn * c.uN, p.kn
    return true
  end }
local forms = {
  { "stage.step >= 25", function(C, stage) return stage.step >= 25 end },
  { "stage.step > 25", function(C, stage) return stage.step > 25 end },
  { "stage.step == 28", function(C, stage) return stage.step == 28 end }, -- on both cadences
  { "25 <= stage.step", function(C, stage) return 25 <= stage.step end },
  { "S.step >= 70", function(C, stage, E, S) return S.step >= 70 end },
  { "tester.step > 69", function(C, stage, E, S, tester) return tester.step > 69 end },
}
local n_compared = 0
for _, law in ipairs{ "linear", "quiet_spring" } do
  for _, fn_value in ipairs{ false, true } do
    for _, every in ipairs{ 1, 7 } do
      for _, form in ipairs(forms) do
        local ends = {}
        for k, cond in ipairs{ form[1], form[2] } do
          local t = test("stage.step >= 40")
          t.law, t.params = law, law == "linear" and t.params or {}
          t.stages[2] = { whats = "v.....", untilEvery = every, ["until"] = cond,
                          values = { fn_value and function(time) return -1 end or -1, 0,0,0,0,0 } }
          ends[k] = lawtester.run(t).steps
        end
        assert(ends[1] == ends[2], ("%s (%s, untilEvery %d, value function %s): string ends at %d, "
          .. "function at %d"):format(form[1], law, every, tostring(fn_value), ends[1], ends[2]))
        n_compared = n_compared + 1
      end
    end
  end
end
assert(n_compared == 48, "compared " .. n_compared)
