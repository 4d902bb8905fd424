-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/thornton_yield_zero.lua:9: field params: yieldPressure = 0 is refused: p_y -> 0 is the perfectly plastic limit, where the contact yields at first touch and carries no force (F_y = 0), which this law does not model; give p_y > 0, or leave it unset (never yields: Hertz)
-- thornton's yieldPressure = 0 was read as "never yields" (the state's 0), an elastic rebound,
-- the opposite of p_y -> 0, the perfectly plastic limit: the range is open at 0 (laws/thornton.c)
return {
  name = "py0",
  law = "thornton",
  params = { yieldPressure = 0 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
