-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/bad_spin.lua:7: field stages[1].spin: expected 3 numbers, got 2
return {
  name = "bad", law = "linear",
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C",
               spin = {1, 2} } },
}
