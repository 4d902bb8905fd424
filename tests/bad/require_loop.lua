-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/modules/loop_b.lua:3: require: module 'modules.loop_a' is required again while it loads (a loop of requires)
-- modules/loop_a.lua requires modules/loop_b.lua, which requires modules/loop_a.lua again
local m = require("modules.loop_a")
