-- lawtester.verify_law with a parameter the law does not have: one line naming it
local name = "linear"
lawtester.verify_law(name, { quiet = true, params = { mu = 0.3 } })
