-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/runtime_error.lua:5: attempt to index a nil value (field 'missing')
local function helper(x)
  return x.missing.field
end
helper({})
