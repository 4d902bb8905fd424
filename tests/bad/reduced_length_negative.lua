-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/reduced_length_negative.lua:11: field stages[1]: stage 1, step 0: stiffness rule: a branch length reduced by the initial overlap (uN = -0.25 m) is not positive (lens 0.3, 0.1 m)
return {
  name = "bad",
  law = "linear",
  particles = { { shape = "facet", vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, halfThick = 0.3 },
                { shape = "sphere", radius = 0.1 } },
  gap = -0.25,
  stiffness = { lengths = "reduced" },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
