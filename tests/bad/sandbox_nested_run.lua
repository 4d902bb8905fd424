-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_nested_run.lua:6: field stages[1].till: at step 1: tests/bad/sandbox_nested_run.lua:6: lawtester.run: runs do not nest (called from an until, a done or a law function of another run)
-- runs do not nest: lawtester.run from inside an until
local function go()
  return lawtester.run{ law = "linear", record = false, stages = { { whats = "v.....", values = {-1, 0,0,0,0,0},
    till = function()
      go()
      return true
    end } } }
end
go()
