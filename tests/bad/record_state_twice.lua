-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/record_state_twice.lua:6: field record.state[3]: 'Fn' is named twice
return {
  law = "linear",
  record = { state = { "Fn", "slip", "Fn" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
