-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/contact_velocity_bad.lua:7: field contactVelocity: unknown value 'end' (one of midstep, state, state_radius)
return {
  law = "linear",
  abWeight = 1,
  contactVelocity = "end",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
