-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_test_param.lua:5: field test.params.tensil: law 'cohesive' has no parameter 'tensil' (parameters: kn, kt, tanPhi, tensile, cohesion, surface, plastic, kr, ktw, bondRadius)
-- a misspelt law parameter inside a probe's test
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensil = 10, cohesion = 10 }, gap = -1e-5 },
  directions = 8, limit = 1e-4,
}
