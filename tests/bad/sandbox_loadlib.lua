-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_loadlib.lua:5: attempt to index a nil value (global 'package')
-- no native code from a script: package.loadlib (and require's C loaders) are not there
local open = package.loadlib("libc.so.6", "abort")
