-- a case file: an xfail of two lines (each row is one line)
return { cases = {
  { name = "c", doc = "two lines",
    test = { law = "linear", particles = { { fixed = true }, { fixed = true } },
             stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    xfail = "first\nsecond",
    expect = { { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x" } } },
} }
