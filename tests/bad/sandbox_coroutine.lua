-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_coroutine.lua:5: attempt to index a nil value (global 'coroutine')
-- no coroutine: not part of the stage API
local co = coroutine.create(print)
