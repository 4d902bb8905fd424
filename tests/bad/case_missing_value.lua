-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_missing_value.lua:10: field cases[1].expect[1].value: missing (the closed form: a number or a function(r, test))
-- a case file: an expectation without its closed form
return { cases = {
  { name = "c", doc = "no value",
  test = { law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 }, particles = { { fixed = true }, { fixed = true } },
           stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    expect = {
      { name = "kt", measure = "C.kt", tol = 1e-12, why = "exact" },
      { name = "kn", measure = "C.kn", value = 1e6, tol = 1e-12, why = "exact" },
    } },
} }
