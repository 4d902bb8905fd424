-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_require.lua:5: require: module 'os' not found: no file 'tests/bad/os.lua'
-- no require, so no way to load the os library or a C module
local os = require("os")
