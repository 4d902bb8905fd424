-- few instructions, large strings: each round allocates 10 MB (tests/test_sandbox.c, run with
-- --unsafe to print the rounds; docs/reliability.md, "loops the budget did not see")
local a = string.rep("x", 5e6)
local n = 0
while true do
  local s = a .. a
  n = n + 1
  io.stderr:write("round ", n, "\n")
end
