-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/facet_two_vertices.lua:8: field particles[2].vertices: expected 3 vertices, got 2
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "sphere", radius = 0.1 },
                { shape = "facet", vertices = {{0, 0, 0}, {1, 0, 0}} } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
