-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_unknown_key.lua:7: field direction: unknown key 'direction' (allowed: test, directions, limit, steps, name, dofs, control)
-- a misspelt key of the probe itself
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensile = 10, cohesion = 10 }, gap = -1e-5 },
  direction = 8, limit = 1e-4,
}
