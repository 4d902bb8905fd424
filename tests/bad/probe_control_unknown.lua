-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_control_unknown.lua:8: field control: unknown value 'torque' (one of displacement, force)
-- a probe's control is by displacement or by force
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensile = 10, cohesion = 10 }, gap = -1e-5 },
  limit = 1e-4,
  control = "torque",
}
