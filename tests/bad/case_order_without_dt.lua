-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_order_without_dt.lua:11: field cases[1].expect[1].order: needs the test's dt (the case is re-run at dt/2 and dt/4): give test.dt
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
