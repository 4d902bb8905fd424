-- the string metatable is locked: getmetatable("") is false, not the real string library
local mt = getmetatable("")
local real = mt.__index
