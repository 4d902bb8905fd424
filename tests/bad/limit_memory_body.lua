-- command: run --max-memory 16
-- expect-status: 1
-- expect-stderr: tests/bad/limit_memory_body.lua:6: memory limit exceeded: the script's Lua state needs more than 16 MB (--max-memory MB; 0 = no limit)
-- a table that grows without end
local t = {}
for i = 1, 1e12 do t[i] = { i } end
