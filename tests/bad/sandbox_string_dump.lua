-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_string_dump.lua:5: attempt to call a nil value (field 'dump')
-- string.dump is removed: bytecode is never loaded, so there is nothing to dump for
local code = string.dump(function() return 1 end)
