-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/bytecode.lua:4: attempt to call a nil value (global 'load')
local f = load("return 1")
return f()
