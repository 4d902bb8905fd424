-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/vector_extra_key.lua:6: field normal.z: unexpected key 'z' (a list of 3 numbers {x, y, z})
return {
  law = "linear",
  normal = { 0, 0, 1, z = 1 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
