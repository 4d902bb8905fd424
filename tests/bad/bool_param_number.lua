-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/bool_param_number.lua:6: field params.noSlip: expected true or false (or 1, 0), got 0.5
return {
  law = "linear",
  params = { noSlip = 0.5 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
