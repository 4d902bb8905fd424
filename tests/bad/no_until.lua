-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/no_until.lua:8: field stages[1]: has no until (or till) condition; a stage must say when it ends
return {
  name = "bad",
  law = "linear",
  stages = {
    { whats = "v.....", values = {-1,0,0,0,0,0} },
  },
}
