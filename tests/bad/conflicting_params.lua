-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/conflicting_params.lua:7: field params: give the normal damping as en or as zetaN, not both
return {
  name = "bad",
  law = "spring_dashpot",
  params = { kn = 1e6, en = 0.5,
             zetaN = 0.2 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
