-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/record_state_string.lua:6: field record.state: expected a list of state variables, got string
return {
  law = "linear",
  record = { state = "Fn" },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
