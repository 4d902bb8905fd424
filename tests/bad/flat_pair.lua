-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/flat_pair.lua:7: field particles: no contact geometry for wall-facet (a contact of two flat bodies is undefined)
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "wall", normal = {0, 0, 1} },
                { shape = "facet", vertices = {{0, 0, 1}, {1, 0, 1}, {0, 1, 1}} } },
  normal = {0, 0, 1},
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
