-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/verify_law_param_range.lua:7: lawtester.verify_law: params.en takes a number in [1e-09, 1]
-- lawtester.verify_law with a parameter value outside the law's range: one line naming the
-- parameter and its range (docs/verify.md, "The parameter space")
local params = { en = 1.5 }
lawtester.verify_law("spring_dashpot", { params = params })
