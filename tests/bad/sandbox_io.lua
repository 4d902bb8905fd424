-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_io.lua:5: attempt to index a nil value (global 'io')
-- the sandbox has no io: a script cannot read or write files beside lawtester.write
local f = io.open("/etc/passwd")
