-- require of a path out of the script's directory: refused (docs/stage-scripts.md, "Modules")
local m = require("../scripts/citizen/coulomb")
