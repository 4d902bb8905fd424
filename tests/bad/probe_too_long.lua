-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_too_long.lua:5: field steps: 1000000 directions of 1000000000 steps exceed the test's max_steps = 1000000000 (raise test.max_steps to run them)
-- a probe whose rays together exceed the test's max_steps (1e9 by default): refused before it runs
lawtester.probe_yield{ test = { law = "linear", gap = -1e-4 }, limit = 1e-3,
  directions = 1000000, steps = 1000000000 }
