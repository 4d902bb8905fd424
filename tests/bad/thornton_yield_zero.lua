-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/thornton_yield_zero.lua:9: field params.yieldPressure: value 0 out of range: must be in (0, inf)
-- thornton's yieldPressure = 0 was read as "never yields" (the state's 0), an elastic rebound,
-- the opposite of p_y -> 0, the perfectly plastic limit: the range is open at 0 (laws/thornton.c)
return {
  name = "py0",
  law = "thornton",
  params = { yieldPressure = 0 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
