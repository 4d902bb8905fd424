-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_tol_negative.lua:12: field cases[1].expect[2].tol: value -1e-12 out of range: must be >= 0
-- a case file: a negative tolerance
return { cases = {
  { name = "c", doc = "tol < 0",
  test = { law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 }, particles = { { fixed = true }, { fixed = true } },
           stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    expect = {
      { name = "kn", measure = "C.kn", value = 1e6, tol = 1e-12, why = "exact" },
      { name = "kt", measure = "C.kt", value = 5e5,
        tol = -1e-12, why = "exact" },
    } },
} }
