-- tests/bad/modules/outside.lua is a symbolic link to a file outside tests/bad: refused
local m = require("modules.outside")
