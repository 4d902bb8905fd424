-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/normal_off_wall.lua:9: field normal: (1, 0, 0) is not along the normal of the wall A (either sign)
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "wall", normal = {0, 0, 1} },
                { shape = "sphere", radius = 0.1 } },
  normal = {1, 0, 0},
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
