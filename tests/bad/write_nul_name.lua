-- a name with an embedded NUL would be cut short silently
lawtester.write("a\0b.txt", "x")
