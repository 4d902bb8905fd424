-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/verify_law_param_unknown.lua:6: lawtester.verify_law: params: law linear has no parameter 'mu'
-- lawtester.verify_law with a parameter the law does not have: one line naming it
local name = "linear"
lawtester.verify_law(name, { quiet = true, params = { mu = 0.3 } })
