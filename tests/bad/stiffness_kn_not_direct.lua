-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/stiffness_kn_not_direct.lua:8: field stiffness.kn: applies to rule 'direct' only (rule 'yade' computes it from the materials)
return {
  name = "bad",
  law = "linear",
  stiffness = { rule = "yade",
                kn = 1e6 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
