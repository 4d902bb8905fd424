-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/servo_twist.lua:12: field stages[2].values[4]: a servo ('s') on DoF 4, which has no stiffness: its gain is set from the contact's stiffness on the DoF, and laws report only kn and kt (normal and shear DoFs 1-3)
-- a servo on the twist DoF: laws report no twist stiffness, so the servo has no gain
return {
  name = "servo-twist", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } }, gap = -1e-5,
  record = false,
  stages = {
    { whats = "v.....", values = {0, 0,0,0,0,0}, till = "stage.step >= 2" },
    { whats = "v..s..",
      values = {0, 0, 0, 1e-3, 0, 0}, till = "stage.step >= 10" },
  },
}
