-- half of a loop of requires (tests/bad/require_loop.lua)
return require("modules.loop_b")
