-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_move.lua:5: instruction budget exhausted: more than 1000000000 Lua instructions without returning to lawtester (a loop that never ends?  --max-instructions N; 0 = no limit; the work of lawtester's runs and of large strings counts too)
-- table.move's loop runs in C: the elements moved are charged to the instruction budget
table.move({}, 1, 1e15, 2)
