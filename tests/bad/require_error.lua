-- a module that raises while it loads: the error names the module's file and line
local m = require("modules.boom")
