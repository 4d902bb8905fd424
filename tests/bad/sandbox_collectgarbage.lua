-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_collectgarbage.lua:5: attempt to call a nil value (global 'collectgarbage')
-- no collectgarbage: a script cannot stop the collector and outgrow the memory limit's accounting
collectgarbage("stop")
