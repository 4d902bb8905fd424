-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_dofs_unknown.lua:8: field dofs[2]: expected a DoF number 1..6 (normal, shear y, shear z, twist, bend y, bend z), got 7
-- a probe on a DoF that does not exist (there are six, 1..6)
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensile = 10, cohesion = 10 }, gap = -1e-5 },
  limit = 1e-4,
  dofs = {1, 7},
}
