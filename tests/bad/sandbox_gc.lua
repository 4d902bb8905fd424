-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_gc.lua:5: setmetatable: a __gc metamethod is not allowed in the sandbox (finalizers run outside the instruction budget; --unsafe lifts the sandbox)
-- a finalizer would run with Lua's hooks off (outside the instruction budget) and at exit
local t = setmetatable({}, { __gc = function() while true do end end })
