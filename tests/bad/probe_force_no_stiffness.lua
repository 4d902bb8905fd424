-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/probe_force_no_stiffness.lua:6: field control: force control needs a positive stiffness on DoF 5 at the initial state, got 0 N/m or N m/rad (the law reports none there, or its spring is off)
-- force control on the bending DoF of a bond without a bending spring (kr = 0 by default): no
-- stiffness to reach a target moment with
lawtester.probe_yield{
  test = { law = "cohesive", params = { tensile = 10, cohesion = 10, bondRadius = 0.01 }, gap = -1e-5 },
  limit = {10, 0.1},
  dofs = {1, 5},
  control = "force",
}
