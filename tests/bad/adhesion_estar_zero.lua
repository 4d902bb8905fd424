-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/adhesion_estar_zero.lua:7: field params: Estar must be positive and finite
return {
  name = "bad",
  law = "hertz_adhesion",
  params = { model = "jkr", gamma = 0.05,
             Estar = 0 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
