-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/unknown_law.lua:6: field law: unknown law 'hookean' (`lawtester laws` lists them)
return {
  name = "bad",
  law = "hookean",
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
