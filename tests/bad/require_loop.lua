-- modules/loop_a.lua requires modules/loop_b.lua, which requires modules/loop_a.lua again
local m = require("modules.loop_a")
