-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/record_state_not_name.lua:6: field record.state[1]: expected the name of a state variable, got number
return {
  law = "linear",
  record = { state = { 4 } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
