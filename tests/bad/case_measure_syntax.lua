-- a case file: a measure string that is not a Lua expression
return { cases = {
  { name = "c", doc = "measure does not parse",
  test = { law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 }, particles = { { fixed = true }, { fixed = true } },
           stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    expect = {
      { name = "kt", measure = "C.kt +", value = 5e5, tol = 1e-12, why = "exact" },
    } },
} }
