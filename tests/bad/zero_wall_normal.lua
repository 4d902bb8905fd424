-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/zero_wall_normal.lua:9: field particles[2].normal: must not be the zero vector
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "sphere", radius = 0.1 },
                { shape = "wall",
                  normal = {0, 0, 0} } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
