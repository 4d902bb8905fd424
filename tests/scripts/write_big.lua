-- tests/scripts/write_big.lua: lawtester.write of 1 MB, for the disk-full test of tests/test_io.c
local text = string.rep("0123456789abcdef\n", 65536)
lawtester.write("big.txt", text)
return { name = "after-write", law = "linear", record = false,
         stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
