-- lawtester.verify_law with a parameter value outside the law's range: one line naming the
-- parameter and its range (docs/verify.md, "The parameter space")
local params = { en = 1.5 }
lawtester.verify_law("spring_dashpot", { params = params })
