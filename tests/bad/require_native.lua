-- require of a native library: the sandbox loads Lua text only
local m = require("modules.mylib.so")
