-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/unknown_shape.lua:7: field particles[1].shape: unknown shape 'cube' (known: sphere, capsule, facet, wall)
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "cube", radius = 0.1 },
                { shape = "sphere", radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
