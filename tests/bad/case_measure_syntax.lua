-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_measure_syntax.lua:10: field cases[1].expect[1].measure: 'C.kt +' is not a Lua expression: unexpected symbol near ')'
-- a case file: a measure string that is not a Lua expression
return { cases = {
  { name = "c", doc = "measure does not parse",
  test = { law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 }, particles = { { fixed = true }, { fixed = true } },
           stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    expect = {
      { name = "kt", measure = "C.kt +", value = 5e5, tol = 1e-12, why = "exact" },
    } },
} }
