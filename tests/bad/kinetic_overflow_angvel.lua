-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/kinetic_overflow_angvel.lua:8: field particles[1].angvel: the initial kinetic energy of the bodies is not a finite number (mass 10.8909 kg, |vel| 0 m/s, |angvel| 1e+200 rad/s)
-- the same for a spin: particles[1].angvel
return {
  name = "w",
  law = "linear",
  particles = { { radius = 0.1, angvel = {1e200, 0, 0} },
                { radius = 0.1 } },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "stage.step >= 2" } },
}
