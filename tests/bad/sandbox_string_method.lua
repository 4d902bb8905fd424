-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_string_method.lua:5: attempt to call a nil value (method 'dump')
-- string methods come from the sandbox's string copy: no dump there either
local code = ("x"):dump()
