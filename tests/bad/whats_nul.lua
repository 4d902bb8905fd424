-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/whats_nul.lua:5: field stages[1].whats: bad character '\x00' at position 3 (expected . v i f s)
return { law = "linear",
  stages = { { whats = "v.\0...", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN < -1e-6" } },
}
