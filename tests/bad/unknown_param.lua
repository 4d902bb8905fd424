-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/unknown_param.lua:8: field params.ktt: law 'linear' has no parameter 'ktt' (parameters: kn, kt, tanPhi, noSlip, noBreak, dissipation)
return {
  name = "bad",
  law = "linear",
  params = { kn = 1e6,
             ktt = 5e5 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
