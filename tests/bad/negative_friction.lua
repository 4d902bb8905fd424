-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/negative_friction.lua:7: field params.tanPhi: value -0.2 out of range: must be >= 0
return {
  law = "linear",
  params = { kn = 1e6, kt = 5e5,
             tanPhi = -0.2 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
