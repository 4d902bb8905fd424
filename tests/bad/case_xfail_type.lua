-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_xfail_type.lua:11: field cases[1].expect[1].xfail: expected a string: why the check is expected to fail (a known defect), got boolean
-- a case file: xfail must be a string saying why (a known defect), not a flag
return { cases = {
  { name = "c", doc = "xfail given as a flag",
    test = { law = "linear", particles = { { fixed = true }, { fixed = true } },
             stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    expect = {
      { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x",
        xfail = true },
    } },
} }
