-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/syntax.lua:7: '}' expected near 'values'
-- a syntax error on line 4
return {
  law = "linear",
  stages = { { whats = "v....." values = {-1,0,0,0,0,0}, till = "not C" } },
}
