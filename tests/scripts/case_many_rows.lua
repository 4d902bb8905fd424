-- tests/scripts/case_many_rows.lua - a case whose run records 50001 states: with --max-memory 8
-- they outgrow the limit (tests/test_case_scripts.c); with record = { every = 100 } they do not.
-- Units SI.
local function test(every)
  return { law = "linear", params = { kn = 1e6 }, particles = { { fixed = true }, { fixed = true } },
           stages = { { whats = "v.....", values = {-1e-3, 0,0,0,0,0}, till = "stage.step >= 50000" } },
           record = { every = every } }
end
local expect = { { name = "uN", measure = "C.uN", value = -1e-3 * 50000 * 1e-6, tol = 1e-9,
                   why = "5e4 steps of 1e-9 m: round-off" } }
return { cases = {
  { name = "every-state", doc = "50001 states kept", test = test(1), expect = expect },
  { name = "every-100th", doc = "501 states kept", test = test(100), expect = expect },
} }
