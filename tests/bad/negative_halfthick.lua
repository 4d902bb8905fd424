-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/negative_halfthick.lua:8: field particles[1].halfThick: value -0.01 out of range: must be >= 0
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "facet", vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}},
                  halfThick = -0.01 },
                { shape = "sphere", radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
