-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_debug.lua:5: attempt to index a nil value (global 'debug')
-- no debug library: no registry, no upvalues of lawtester's functions, no hooks to remove
local registry = debug.getregistry()
