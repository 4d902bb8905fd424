-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/require_parent.lua:5: require: '../scripts/citizen/coulomb' leaves the script's directory ('..'): modules come from below it
-- require of a path out of the script's directory: refused (docs/stage-scripts.md, "Modules")
local m = require("../scripts/citizen/coulomb")
