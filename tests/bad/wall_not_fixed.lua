-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/wall_not_fixed.lua:8: field particles[1].fixed: a wall has no finite mass: it is always fixed (moved only by imposed motion)
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "wall", normal = {0, 0, 1},
                  fixed = false },
                { shape = "sphere", radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
