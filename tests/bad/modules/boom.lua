-- expect: module, required by tests/bad/require_error.lua
-- a module that raises while it loads (tests/bad/require_error.lua)
local x = nil
return x.field
