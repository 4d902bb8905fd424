-- command: run --max-instructions 100000
-- expect-status: 1
-- expect-stderr: tests/bad/limit_body_loop.lua:6: instruction budget exhausted: more than 100000 Lua instructions without returning to lawtester (a loop that never ends?  --max-instructions N; 0 = no limit; the work of lawtester's runs and of large strings counts too)
-- a loop that never ends in the script's body
local n = 0
while true do n = n + 1 end
