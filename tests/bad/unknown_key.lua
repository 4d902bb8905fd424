-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/unknown_key.lua:8: field abweight: unknown key 'abweight' (allowed: name, law, params, materials, particles, normal, gap, stiffness, dt, abWeight, damping, stages, record, max_steps, predictor, leverArm, contactVelocity)
return {
  name = "bad",
  law = "linear",
  dt = 1e-6,
  abweight = 0.5,
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
