-- a yield probe with no direction
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensile = 10, cohesion = 10 }, gap = -1e-5 },
  directions = 0, limit = 1e-4,
}
