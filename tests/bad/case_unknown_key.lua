-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_unknown_key.lua:11: field cases[1].expect[1].tolerance: unknown key 'tolerance' (allowed: name, measure, value, tol, kind, why, order, order_tol, xfail)
-- a case file: an expectation with a key that is not in the format (tolerance misspelt)
return { cases = {
  { name = "c", doc = "a misspelt key",
  test = { law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 }, particles = { { fixed = true }, { fixed = true } },
           stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    expect = {
      { name = "kt", measure = "C.kt", value = 5e5, tol = 1e-12, why = "exact",
        tolerance = 1e-9 },
    } },
} }
