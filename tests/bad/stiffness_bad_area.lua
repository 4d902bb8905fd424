-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/stiffness_bad_area.lua:7: field stiffness.area: unknown value 'disk' (one of radii, lengths)
return {
  name = "bad",
  law = "linear",
  stiffness = { area = "disk",
                lengths = "raw" },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
