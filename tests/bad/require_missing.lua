-- a module that is not there: one line naming the file looked for
local m = require("modules.nothere")
