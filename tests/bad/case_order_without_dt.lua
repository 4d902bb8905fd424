-- a case file: an order asked of a test that gives no dt to halve
return { cases = {
  { name = "c", doc = "order without dt",
  test = { law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 }, particles = { { fixed = true }, { fixed = true } },
           stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } },
    expect = {
      { name = "kt", measure = "C.kt", value = 5e5, tol = 1e-12, why = "exact",
        order = 2 },
    } },
} }
