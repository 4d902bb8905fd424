-- _G is the sandbox's own table, not the real global table
_G._G.os.exit(3)
