-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/stages_extra_key.lua:7: field stages.every: unexpected key 'every' (a list of stages)
return {
  law = "linear",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" },
             every = 10 },
}
