-- a case file: a test function(dt) whose table sets another dt
return { cases = {
  { name = "c", doc = "its own dt", dt = 1e-5,
    test = function(dt)
      return { law = "linear", particles = { { fixed = true }, { fixed = true } }, dt = 1e-5,
               stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.time >= 1e-4" } } }
    end,
    expect = { { name = "kn", measure = "C.kn", value = 1, tol = 0, why = "x", order = 2 } } },
} }
