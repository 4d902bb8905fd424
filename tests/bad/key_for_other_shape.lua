-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/key_for_other_shape.lua:7: field particles[1].shaft: unknown key 'shaft' for a sphere (allowed: shape, radius, material, fixed, vel, angvel)
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "sphere", radius = 0.1, shaft = 0.3 },
                { shape = "sphere", radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
