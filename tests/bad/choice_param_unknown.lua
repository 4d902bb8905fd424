-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/choice_param_unknown.lua:6: field params.dissipation: unknown value 'exact' (slip dissipation formula: trapezoid|doc|code|potential|path (docs/energy.md))
return {
  law = "linear",
  params = { dissipation = "exact" },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
