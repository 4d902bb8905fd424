-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_test_fn_no_dt.lua:6: field cases[1].dt: missing (the time step, s, the test function is called with)
-- a case file: a test function(dt) without the case's dt to call it with
return { cases = {
  { name = "c", doc = "no dt",
    test = function(dt)
      return { law = "linear", particles = { { fixed = true }, { fixed = true } }, gap = dt,
               stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } }
    end,
    expect = { { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x" } } },
} }
