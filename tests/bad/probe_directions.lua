-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_directions.lua:7: field directions: value 0 out of range: must be in [1, 1e+06]
-- a yield probe with no direction
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensile = 10, cohesion = 10 }, gap = -1e-5 },
  directions = 0, limit = 1e-4,
}
