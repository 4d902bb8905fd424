-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_xfail_lines.lua:9: field cases[1].xfail: must be one line (it is printed in the rows)
-- a case file: an xfail of two lines (each row is one line)
return { cases = {
  { name = "c", doc = "two lines",
    test = { law = "linear", particles = { { fixed = true }, { fixed = true } },
             stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    xfail = "first\nsecond",
    expect = { { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x" } } },
} }
