-- tests/scripts/budget_loop.lua: about 600 000 Lua instructions in the body, then a short run:
-- fails with --max-instructions 100000, runs by default and with --max-instructions 0
local n = 0
for i = 1, 200000 do n = n + i end
assert(n == 200000 * 200001 / 2)
return { name = "budget-loop", law = "linear", record = false,
         stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
