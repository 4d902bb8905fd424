-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/require_absolute.lua:5: require: '/etc/passwd' is an absolute path: modules come from below the script's directory
-- require of an absolute path: refused, modules come from below the script's directory
local m = require("/etc/passwd")
