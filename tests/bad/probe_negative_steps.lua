lawtester.probe_yield{ test = { law = "linear", gap = -1e-4 }, limit = 1e-3,
  steps = -5 }
