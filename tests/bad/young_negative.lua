-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/young_negative.lua:7: field particles[1].material.young: value -1e+07 out of range: must be > 0, or math.huge for a rigid body
return {
  law = "linear",
  particles = { { radius = 0.1,
                  material = { young = -1e7 } }, { radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
