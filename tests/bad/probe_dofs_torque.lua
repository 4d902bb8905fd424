-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_dofs_torque.lua:9: field dofs: DoF 5 (bend y) is not one law 'linear' declares its surface over (1 normal, 2 shear y, 3 shear z)
-- a law without torques (linear: its surface is over the normal and shear forces) asked for a
-- normal-bending probe
lawtester.probe_yield{
  test = { law = "linear", params = { tanPhi = 0.5 }, gap = -1e-5 },
  limit = 1e-4,
  dofs = {1, 5},
}
