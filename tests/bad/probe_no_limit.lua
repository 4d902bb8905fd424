-- a yield probe without its limit (the displacement after which a direction counts as not yielding)
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensile = 10, cohesion = 10 }, gap = -1e-5 },
  directions = 8,
}
