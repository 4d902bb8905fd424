-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_dt_with_table.lua:9: field cases[1].dt: only with a test function(dt): a test table gives its own dt
-- a case file: the case's dt is for a test function; a test table gives its own
return { cases = {
  { name = "c", doc = "dt twice",
    test = { law = "linear", particles = { { fixed = true }, { fixed = true } }, dt = 1e-5,
             stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    dt = 1e-5,
    expect = { { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x" } } },
} }
