-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/predictor_not_bool.lua:6: field predictor: expected true or false, got string
return {
  name = "bad", law = "linear",
  predictor = "no",
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
