-- a probe's control is by displacement or by force
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensile = 10, cohesion = 10 }, gap = -1e-5 },
  limit = 1e-4,
  control = "torque",
}
