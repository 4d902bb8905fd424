-- a case file: the case and one of its expectations both marked xfail
return { cases = {
  { name = "c", doc = "marked twice", xfail = "a known defect",
    test = { law = "linear", particles = { { fixed = true }, { fixed = true } },
             stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    expect = {
      { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x",
        xfail = "the same defect" },
    } },
} }
