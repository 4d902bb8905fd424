-- a finalizer would run with Lua's hooks off (outside the instruction budget) and at exit
local t = setmetatable({}, { __gc = function() while true do end end })
