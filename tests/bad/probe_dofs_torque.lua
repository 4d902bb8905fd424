-- a law without torques (linear: its surface is over the normal and shear forces) asked for a
-- normal-bending probe
lawtester.probe_yield{
  test = { law = "linear", params = { tanPhi = 0.5 }, gap = -1e-5 },
  limit = 1e-4,
  dofs = {1, 5},
}
