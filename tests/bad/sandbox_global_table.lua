-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_global_table.lua:5: attempt to index a nil value (field 'os')
-- _G is the sandbox's own table, not the real global table
_G._G.os.exit(3)
