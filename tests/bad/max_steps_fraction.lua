-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/max_steps_fraction.lua:6: field max_steps: expected a whole number, got 1.5
return {
  law = "linear",
  max_steps = 1.5,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
