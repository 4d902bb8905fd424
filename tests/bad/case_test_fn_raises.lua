-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_test_fn_raises.lua:7: field cases[1].test: test(2.5e-06) raised: tests/bad/case_test_fn_raises.lua:8: too small a dt
-- a case file: a test function(dt) that raises at dt/4 (checked before any case runs)
return { cases = {
  { name = "c", doc = "raises at the re-run", dt = 1e-5,
    test = function(dt)
      assert(dt > 3e-6, "too small a dt")
      return { law = "linear", particles = { { fixed = true }, { fixed = true } },
               stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.time >= 1e-4" } } }
    end,
    expect = { { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x", order = 2 } } },
} }
