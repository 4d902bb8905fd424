-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_test_fn_param.lua:7: field cases[1].test.params.kappa: law 'linear' has no parameter 'kappa' (parameters: kn, kt, tanPhi, noSlip, noBreak, dissipation)
-- a case file: a test function(dt) whose table is bad (checked as lawtester.run checks it)
return { cases = {
  { name = "c", doc = "a bad parameter", dt = 1e-5,
    test = function(dt)
      return { law = "linear", params = { kappa = 1 }, particles = { { fixed = true }, { fixed = true } },
               stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.time >= 1e-4" } } }
    end,
    expect = { { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x" } } },
} }
