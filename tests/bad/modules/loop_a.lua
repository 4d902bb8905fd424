-- expect: module, required by tests/bad/require_loop.lua
-- half of a loop of requires (tests/bad/require_loop.lua)
return require("modules.loop_b")
