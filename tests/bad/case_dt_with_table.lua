-- a case file: the case's dt is for a test function; a test table gives its own
return { cases = {
  { name = "c", doc = "dt twice",
    test = { law = "linear", particles = { { fixed = true }, { fixed = true } }, dt = 1e-5,
             stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    dt = 1e-5,
    expect = { { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x" } } },
} }
