-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_dofs_same.lua:8: field dofs: the same DoF 5 (bend y) twice: a probe needs two different DoFs
-- a probe on the same DoF twice: a plane needs two different DoFs
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensile = 10, cohesion = 10 }, gap = -1e-5 },
  limit = 1e-4,
  dofs = {5, 5},
}
