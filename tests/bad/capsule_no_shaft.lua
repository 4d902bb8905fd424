-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/capsule_no_shaft.lua:8: field particles[2].shaft: missing (the length between the cap centres, m, > 0; without a shaft use a sphere)
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "sphere", radius = 0.1 },
                { shape = "capsule", radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
