-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_xfail_both.lua:11: field cases[1].expect[1].xfail: the case is marked xfail already: mark the case or its expectations, not both
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
