-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_loadstring.lua:5: attempt to call a nil value (global 'loadstring')
-- no loadstring (Lua 5.1's load of a string), like no load
local f = loadstring("return os")
