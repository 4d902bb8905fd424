-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/degenerate_facet.lua:8: field particles[1].vertices: degenerate triangle: the vertices are collinear or coincide
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "facet",
                  vertices = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}} },
                { shape = "sphere", radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
