-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/modules/boom.lua:4: attempt to index a nil value (local 'x')
-- a module that raises while it loads: the error names the module's file and line
local m = require("modules.boom")
