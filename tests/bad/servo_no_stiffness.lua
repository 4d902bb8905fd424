-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/servo_no_stiffness.lua:12: field stages[2].values[2]: stage 2, step 2: servo on DoF 2: the law reports no tangential stiffness (kt = 0 N/m)
-- a servo on a shear DoF of a contact without tangential stiffness (kt = 0): no gain, at run time
return {
  name = "servo-no-stiffness", law = "linear", params = { kn = 1e6, kt = 0, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } }, gap = -1e-5,
  record = false,
  stages = {
    { whats = "v.....", values = {0, 0,0,0,0,0}, till = "stage.step >= 2" },
    { whats = "vs....",
      values = {0, 10, 0,0,0,0}, till = "stage.step >= 10" },
  },
}
