-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/young_minus_huge.lua:6: field particles[2].material.young: value -inf out of range: must be > 0, or math.huge for a rigid body
return { law = "hertz_mindlin",
  particles = { { shape = "wall" },
                { radius = 0.01, material = { young = -math.huge } } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
