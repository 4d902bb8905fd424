-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/stiffness_direct_no_kn.lua:7: field stiffness: rule 'direct' needs kn (N/m)
return {
  name = "bad",
  law = "linear",
  stiffness = { rule = "direct", kt = 1e5 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
