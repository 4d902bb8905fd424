-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_measure_type.lua:10: field cases[1].expect[1].measure: expected a string (a Lua expression over the results) or a function(r, test), got number
-- a case file: a measure that is neither a string nor a function
return { cases = {
  { name = "c", doc = "measure a number",
  test = { law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 }, particles = { { fixed = true }, { fixed = true } },
           stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    expect = {
      { name = "kt", measure = 5e5, value = 5e5, tol = 1e-12, why = "exact" },
    } },
} }
