-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/particles_extra_key.lua:6: field particles.C: unexpected key 'C' (a list of 2 particles, A and B)
return {
  law = "linear",
  particles = { { radius = 0.1 }, { radius = 0.1 }, C = { radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
