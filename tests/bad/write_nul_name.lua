-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/write_nul_name.lua:5: lawtester.write: 'a' is not a valid file name (it holds a NUL byte)
-- a name with an embedded NUL would be cut short silently
lawtester.write("a\0b.txt", "x")
