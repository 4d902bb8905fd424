-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_string_metatable.lua:6: attempt to index a boolean value (local 'mt')
-- the string metatable is locked: getmetatable("") is false, not the real string library
local mt = getmetatable("")
local real = mt.__index
