-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/unknown_stage_key.lua:7: field stages[1].max_step: unknown key 'max_step' (allowed: whats, values, until, till, done, untilEvery, max_steps, name, spin, servoGain, servoMaxSpeed)
return {
  law = "linear",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2",
               max_step = 10 } },
}
