-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/stiffness_unknown_rule.lua:7: field stiffness.rule: unknown value 'hertz' (one of connector, yade, direct)
return {
  name = "bad",
  law = "linear",
  stiffness = { rule = "hertz" },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
