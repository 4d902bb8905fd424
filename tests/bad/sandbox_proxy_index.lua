-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_proxy_index.lua:5: field stages[1].till: at step 1: tests/bad/sandbox_proxy_index.lua:7: bad argument #1 to '__index' (lawtester.stage expected, got number)
-- a proxy's __index called with something that is not that proxy
lawtester.run{ law = "linear", record = false, stages = { { whats = "v.....", values = {-1, 0,0,0,0,0},
  till = function(C, stage)
    return getmetatable(stage).__index(1, "step")
  end } } }
