-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/modules/badlaw.lua:8: field law.cases[1].load.speed: missing (a number)
-- a law table written in a module with a bad field: the error names the module's file and line
require("modules.badlaw")
