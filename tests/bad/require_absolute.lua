-- require of an absolute path: refused, modules come from below the script's directory
local m = require("/etc/passwd")
