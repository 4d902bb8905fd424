-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/gap_too_deep.lua:9: field gap: overlap 0.1 m reaches the cores of the bodies: gap must be > -0.1 m
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "wall" },
                { shape = "sphere", radius = 0.1 } },
  gap = -0.1,
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
