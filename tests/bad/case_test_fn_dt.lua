-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_test_fn_dt.lua:7: field cases[1].test: test(5e-06) returned a table whose dt is not the dt it was called with: leave dt out of it or set it to the argument
-- a case file: a test function(dt) whose table sets another dt
return { cases = {
  { name = "c", doc = "its own dt", dt = 1e-5,
    test = function(dt)
      return { law = "linear", particles = { { fixed = true }, { fixed = true } }, dt = 1e-5,
               stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.time >= 1e-4" } } }
    end,
    expect = { { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x", order = 2 } } },
} }
