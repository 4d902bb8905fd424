-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/fault_kin_overflow.lua:7: field particles[2].vel: the initial kinetic energy of the bodies is not a finite number (mass 10.8909 kg, |vel| 1e+200 m/s, |angvel| 0 rad/s)
-- a kinetic energy beyond the largest double at the initial state
return {
  name = "fast", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1, vel = {-1e200, 0, 0} } },
  stages = { { whats = "......", till = "stage.step >= 10" } },
}
