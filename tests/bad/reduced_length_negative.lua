-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/reduced_length_negative.lua:9: field gap: the initial overlap (uN = -0.25 m) leaves a branch length not positive under stiffness.lengths = 'reduced' (l + uN/2; lens 0.3, 0.1 m): a smaller overlap, or lengths = 'raw'
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "facet", vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, halfThick = 0.3 },
                { shape = "sphere", radius = 0.1 } },
  gap = -0.25,
  stiffness = { lengths = "reduced" },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
