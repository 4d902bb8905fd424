-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/unknown_keys_first_in_source.lua:8: field zeta: unknown key 'zeta' (allowed: name, law, params, materials, particles, normal, gap, stiffness, dt, abWeight, damping, stages, record, max_steps, predictor, leverArm, contactVelocity)
-- Several unknown keys: the error names the first in the source (not the first by name, nor the
-- first of Lua's table walk, whose order changes from run to run).
return {
  law = "linear",
  zeta = 1,
  alpha = 2,
  beta = 3,
  gamma = 4,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, until_ = "stage.step >= 2" } },
}
