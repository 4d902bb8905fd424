-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_no_limit.lua:5: field limit: missing (the displacement, m, after which a direction counts as not yielding)
-- a yield probe without its limit (the displacement after which a direction counts as not yielding)
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensile = 10, cohesion = 10 }, gap = -1e-5 },
  directions = 8,
}
