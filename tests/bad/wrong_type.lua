-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/wrong_type.lua:8: field particles[2].radius: expected a number, got string
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "sphere", radius = 0.1 },
                { shape = "sphere", radius = "big" } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
