-- a case file: a test function(dt) whose table is bad (checked as lawtester.run checks it)
return { cases = {
  { name = "c", doc = "a bad parameter", dt = 1e-5,
    test = function(dt)
      return { law = "linear", params = { kappa = 1 }, particles = { { fixed = true }, { fixed = true } },
               stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.time >= 1e-4" } } }
    end,
    expect = { { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x" } } },
} }
