-- command: run --max-instructions 10000000
-- expect-status: 1
-- expect-stderr: tests/bad/hostile_concat.lua:6: instruction budget exhausted: more than 10000000 Lua instructions without returning to lawtester (a loop that never ends?  --max-instructions N; 0 = no limit; the work of lawtester's runs and of large strings counts too)
-- few instructions, much copying: charged by the bytes allocated
local s = string.rep("x", 1e6)
for i = 1, 1e9 do local t = s .. i end
