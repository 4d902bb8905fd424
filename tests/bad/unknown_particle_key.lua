-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/unknown_particle_key.lua:7: field particles[2].velocity: unknown key 'velocity' for a sphere (allowed: shape, radius, material, fixed, vel, angvel)
return {
  law = "linear",
  particles = { { radius = 0.1 }, { radius = 0.1,
                                    velocity = {-1, 0, 0} } },
  stages = { { whats = "......", till = "stage.step >= 2" } },
}
