-- a misspelt law parameter inside a probe's test
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensil = 10, cohesion = 10 }, gap = -1e-5 },
  directions = 8, limit = 1e-4,
}
