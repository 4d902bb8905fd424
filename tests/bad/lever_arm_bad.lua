-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lever_arm_bad.lua:7: field leverArm: 'centre' is not a lever arm ("contact" or "radius")
return {
  law = "linear",
  abWeight = 1,
  leverArm = "centre",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
