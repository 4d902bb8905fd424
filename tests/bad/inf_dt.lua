-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/inf_dt.lua:7: field dt: is not finite
return {
  name = "bad",
  law = "linear",
  dt = math.huge,
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
