-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/write_then_run.lua:7: field name: 't': its record t.tsv is a file lawtester.write wrote in this script
-- expect-files: t.tsv
-- the script writes t.tsv, then a test named t would record into it
lawtester.write("t.tsv", "step\n")
lawtester.run{ name = "t", law = "linear",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN < -1e-4" } } }
