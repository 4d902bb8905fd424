-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_rep.lua:5: instruction budget exhausted: more than 1000000000 Lua instructions without returning to lawtester (a loop that never ends?  --max-instructions N; 0 = no limit; the work of lawtester's runs and of large strings counts too)
-- string.rep of the empty string runs its loop n times in C: charged to the instruction budget
local s = ("").rep("", 2^40)
