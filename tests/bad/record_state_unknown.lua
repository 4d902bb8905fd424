-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/record_state_unknown.lua:7: field record.state[2]: 'deltaMax' is not a state variable of law 'linear' (its state: kn kt tanPhi Fn Fty Ftz slip)
return {
  law = "linear",
  record = { every = 10,
    state = { "Fn", "deltaMax" } },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
