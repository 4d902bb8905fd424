-- few instructions, much copying: charged by the bytes allocated
local s = string.rep("x", 1e6)
for i = 1, 1e9 do local t = s .. i end
