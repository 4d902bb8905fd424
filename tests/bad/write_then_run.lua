-- the script writes t.tsv, then a test named t would record into it
lawtester.write("t.tsv", "step\n")
lawtester.run{ name = "t", law = "linear",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN < -1e-4" } } }
