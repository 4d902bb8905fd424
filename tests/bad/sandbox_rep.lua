-- string.rep of the empty string runs its loop n times in C: charged to the instruction budget
local s = ("").rep("", 2^40)
