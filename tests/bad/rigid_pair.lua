-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/rigid_pair.lua:7: field particles[2].material: both bodies are rigid (young = math.huge): no finite contact modulus, 1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2 = 0; give one body a finite young
return { law = "hertz_mindlin",
  materials = { rigid = { young = math.huge } },
  particles = { { radius = 0.01, material = "rigid" },
                { radius = 0.02, material = "rigid" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
