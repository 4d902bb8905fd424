-- command: run --max-instructions 100000
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_pcall_loop.lua:4: instruction budget exhausted: more than 100000 Lua instructions without returning to lawtester (a loop that never ends?  --max-instructions N; 0 = no limit; the work of lawtester's runs and of large strings counts too)
while true do pcall(function() while true do end end) end -- catching the budget error does not help
