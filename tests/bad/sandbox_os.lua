-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_os.lua:5: attempt to index a nil value (global 'os')
-- the sandbox has no os library: this fails on line 3 unless --unsafe
local t = os.time()
return nil
