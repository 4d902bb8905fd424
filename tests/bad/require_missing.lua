-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/require_missing.lua:5: require: module 'modules.nothere' not found: no file 'tests/bad/modules/nothere.lua'
-- a module that is not there: one line naming the file looked for
local m = require("modules.nothere")
