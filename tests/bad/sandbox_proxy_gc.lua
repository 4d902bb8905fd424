-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_proxy_gc.lua:10: finished
-- a __gc put on a proxy's metatable would make the proxies of the next run finalizable: a
-- finalizer that never ends would hang the collector or the exit, outside the instruction budget
lawtester.run{ law = "linear", record = false, stages = { { whats = "v.....", values = {-1, 0,0,0,0,0},
  till = "stage.step >= 2", done = "getmetatable(stage).__gc = function() while true do end end" } } }
lawtester.run{ law = "linear", record = false, stages = { { whats = "v.....", values = {-1, 0,0,0,0,0},
  till = "stage.step >= 2" } } }
error("finished")
