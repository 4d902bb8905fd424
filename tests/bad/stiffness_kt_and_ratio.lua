-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/stiffness_kt_and_ratio.lua:8: field stiffness.ratio: give kt or ratio, not both
return {
  name = "bad",
  law = "linear",
  stiffness = { rule = "direct", kn = 1e6, kt = 1e5,
                ratio = 0.3 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
