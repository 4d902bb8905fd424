-- no require, so no way to load the os library or a C module
local os = require("os")
