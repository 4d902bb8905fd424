-- Two densely recorded tests of 2500 steps each, about 0.75 MB of rows apiece: the output bound
-- (--max-output) counts what both write (tests/test_usability.c).
local function dense(name)
  return {
    name = name, law = "linear",
    params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
    particles = { { radius = 0.1 }, { radius = 0.1 } },
    normal = {0, 0, 1}, gap = -1e-4, dt = 1e-6,
    stages = { { whats = "vv....", values = {0, 1e-3, 0,0,0,0}, ["until"] = "stage.step >= 2500" } },
    record = { every = 1 },
  }
end
lawtester.run(dense("dense-1"))
lawtester.run(dense("dense-2"))
