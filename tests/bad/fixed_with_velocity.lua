-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/fixed_with_velocity.lua:7: field particles[2].vel: a fixed body takes no initial velocity (it moves only by imposed motion)
return {
  law = "linear",
  particles = { { radius = 0.1 }, { radius = 0.1, fixed = true,
                                    vel = {-1, 0, 0} } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
