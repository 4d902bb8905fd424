-- a loop that never ends in the script's body
local n = 0
while true do n = n + 1 end
