-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/fault_kin_overflow.lua:8: field stages[1]: stage 1, step 0: non-finite energy: kin = inf (the motion overflowed or became unstable)
-- a kinetic energy beyond the largest double at the initial state
return {
  name = "fast", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1, vel = {-1e200, 0, 0} } },
  stages = { { whats = "......", till = "stage.step >= 10" } },
}
