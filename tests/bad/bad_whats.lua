-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/bad_whats.lua:9: field stages[2].whats: bad character 'x' at position 2 (expected . v i f s)
return {
  name = "bad",
  law = "linear",
  stages = {
    { whats = "v.....", values = {-1,0,0,0,0,0}, ["until"] = "C and C.uN < -1e-3" },
    { whats = "vx....", values = {0,1,0,0,0,0}, till = "C.u[2] > 1e-3" },
  },
}
