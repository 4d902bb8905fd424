-- tests/scripts/mutates_names.lua: two runs of the law of tests/plugins/mutates_names.c, which
-- rewrites its own names in its first step (run with --law-lib that object; tests/test_law_names.c
-- reads the tables and .meta files).  The second run finds the law, its parameter and choice
-- and its state variable Fn by the names declared when it was loaded.  Fn = 1e6 N/m * uN.
local function test(name)
  return {
    name = name, law = "mutates_names", params = { mode = "b" },
    particles = { { radius = 0.1 }, { radius = 0.1 } },
    normal = {0, 0, 1}, gap = 0, dt = 1e-6,
    stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "C and C.Fn <= -20" } },
    record = { every = 1 },
  }
end
for _, name in ipairs({ "first", "second" }) do
  local r = lawtester.run(test(name))
  assert(r.C.Fn <= -20 and r.C.uN < 0 and r.C.uN > -1e-4, name .. ": C.Fn " .. tostring(r.C.Fn))
  assert(r.E.elast > 0 and r.E.forged == nil, name .. ": energies")
end
