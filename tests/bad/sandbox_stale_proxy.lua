-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_stale_proxy.lua:8: stage is only valid inside the until or done of its run (the run has ended)
-- a proxy (C, stage, E, S, tester) kept after its run has ended: an error, not a dangling pointer
local kept
lawtester.run{ law = "linear", record = false, stages = { { whats = "v.....", values = {-1, 0,0,0,0,0},
  till = function(C, stage) kept = stage; return true end } } }
local n = kept.step
