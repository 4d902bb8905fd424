-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_test_param.lua:12: field cases[2].test.params.kappa: law 'linear' has no parameter 'kappa' (parameters: kn, kt, tanPhi, noSlip, noBreak, dissipation)
-- a case file: the test table of the second case names a parameter the law does not have
return { cases = {
  { name = "a", doc = "fine",
  test = { law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 }, particles = { { fixed = true }, { fixed = true } },
           stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    expect = { { name = "kt", measure = "C.kt", value = 5e5, tol = 1e-12, why = "exact" } } },
  { name = "b", doc = "a parameter of another law",
    test = { law = "linear",
             params = { kn = 1e6, kappa = 2 },
             stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    expect = { { name = "kt", measure = "C.kt", value = 5e5, tol = 1e-12, why = "exact" } } },
} }
