-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/wall_point_for_b.lua:9: field particles[2].point: B is placed by the test's normal and gap; point applies to particle A only
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "sphere", radius = 0.1 },
                { shape = "wall",
                  point = {0, 0, 1} } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
