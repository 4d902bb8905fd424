-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/servo_gain.lua:12: field stages[2].servoGain: 2 is outside (0, 2), the servo's stability bound (docs/stage-scripts.md)
-- a servo gain on the stability bound: the error would not decay
return {
  name = "servo-gain", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } }, gap = -1e-5,
  record = false,
  stages = {
    { whats = "v.....", values = {0, 0,0,0,0,0}, till = "stage.step >= 2" },
    { whats = "s.....", values = {-10, 0, 0, 0, 0, 0}, till = "stage.step >= 10",
      servoGain = 2 },
  },
}
