-- no loadstring (Lua 5.1's load of a string), like no load
local f = loadstring("return os")
