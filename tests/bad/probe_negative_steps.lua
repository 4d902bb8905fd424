-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_negative_steps.lua:5: field steps: value -5 out of range: must be in [1, 1e+09]
lawtester.probe_yield{ test = { law = "linear", gap = -1e-4 }, limit = 1e-3,
  steps = -5 }
