-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/zero_radius.lua:7: field particles[1].radius: must be a finite number > 0, got 0
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "sphere", radius = 0 },
                { shape = "sphere", radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
