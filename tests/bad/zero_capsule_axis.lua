-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/zero_capsule_axis.lua:9: field particles[2].axis: must not be the zero vector
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "sphere", radius = 0.1 },
                { shape = "capsule", radius = 0.1, shaft = 0.2,
                  axis = {0, 0, 0} } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
