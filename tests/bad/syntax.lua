-- a syntax error on line 4
return {
  law = "linear",
  stages = { { whats = "v....." values = {-1,0,0,0,0,0}, till = "not C" } },
}
