-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/require_symlink.lua:5: require: 'tests/bad/modules/outside.lua' leads outside the script's directory 'tests/bad' (through a symbolic link): refused
-- tests/bad/modules/outside.lua is a symbolic link to a file outside tests/bad: refused
local m = require("modules.outside")
