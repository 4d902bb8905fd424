-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/require_native.lua:5: require: 'modules.mylib.so' names a native library: the sandbox loads Lua text only (--unsafe lifts it)
-- require of a native library: the sandbox loads Lua text only
local m = require("modules.mylib.so")
