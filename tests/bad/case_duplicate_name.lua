-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_duplicate_name.lua:10: field cases[2].name: 'same' is also the name of cases[1]
-- a case file: two cases of one name (--case could not tell them apart)
local t = { law = "linear", params = { kn = 1e6 }, particles = { { fixed = true }, { fixed = true } },
            stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 10" } } }
local e = { { name = "kn", measure = "C.kn", value = 1e6, tol = 1e-12, why = "exact" } }
return { cases = {
  { name = "same", doc = "first", test = t, expect = e },
  { name = "same", doc = "second", test = t, expect = e },
} }
