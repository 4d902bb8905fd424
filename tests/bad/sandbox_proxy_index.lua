-- a proxy's __index called with something that is not that proxy
lawtester.run{ law = "linear", record = false, stages = { { whats = "v.....", values = {-1, 0,0,0,0,0},
  till = function(C, stage)
    return getmetatable(stage).__index(1, "step")
  end } } }
