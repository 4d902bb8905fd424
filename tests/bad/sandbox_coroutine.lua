-- no coroutine: not part of the stage API
local co = coroutine.create(print)
