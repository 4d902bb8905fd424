-- no loadfile
local f = loadfile("stages/compress_shear_unload.lua")
