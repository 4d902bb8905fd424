-- command: verify
-- expect-status: 1
-- expect-stderr: tests/bad/case_sandbox.lua:6: attempt to index a nil value (global 'os')
-- a case file runs in the sandbox of `lawtester run`: no os
local kn = 1e6
local when = os.time()
return { cases = {} }
