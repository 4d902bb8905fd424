-- a probe whose rays together exceed the test's max_steps (1e9 by default): refused before it runs
lawtester.probe_yield{ test = { law = "linear", gap = -1e-4 }, limit = 1e-3,
  directions = 1000000, steps = 1000000000 }
