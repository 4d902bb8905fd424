-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_insert_len.lua:6: table.insert: a table with a __len metamethod is not accepted in the sandbox (its loops are charged to the instruction budget by the table's length)
-- a __len metamethod could make a short table look long to table.insert's C loop
local t = setmetatable({}, { __len = function() return 2^50 end })
table.insert(t, 1, "x")
