-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/unknown_record_key.lua:6: field record.evry: unknown key 'evry' (allowed: every, state)
return {
  law = "linear",
  record = { evry = 10 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
