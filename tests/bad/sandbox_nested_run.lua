-- runs do not nest: lawtester.run from inside an until
local function go()
  return lawtester.run{ law = "linear", record = false, stages = { { whats = "v.....", values = {-1, 0,0,0,0,0},
    till = function()
      go()
      return true
    end } } }
end
go()
