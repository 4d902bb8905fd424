-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_loadfile.lua:5: attempt to call a nil value (global 'loadfile')
-- no loadfile
local f = loadfile("stages/compress_shear_unload.lua")
