-- a __len metamethod could make a short table look long to table.insert's C loop
local t = setmetatable({}, { __len = function() return 2^50 end })
table.insert(t, 1, "x")
