-- The bodies A and B in until/done and in the results (tests/test_usability.c).
--
-- A central impact (spring_dashpot, en = 0.5) along the global z axis, normal = {0, 0, 1}: the
-- contact-local x axis is global z, and the force on B is minus the force on A, -C.f[1].  The
-- until function rebuilds B's velocity from the contact impulses, step by step as leapfrog
-- does: at state n (n >= 1) B.vel holds v_{n-1/2}; the step that leaves state n adds
-- dt F_n / m_B, F_n the force at state n (body.h, driver.h).  State 1 follows the imposed first
-- step ('i'); from there on B is free.  Printed: the largest difference between B.vel[3] and
-- the rebuilt velocity over the run, the steps compared, and the velocities at the end.
local rebuilt, worst, compared, mB, dt
local r = lawtester.run{
  name = "bodies", law = "spring_dashpot", params = { kn = 1e6, en = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } }, normal = {0, 0, 1},
  gap = 5e-6, dt = 1e-5, abWeight = 0.5,
  stages = { {
    whats = "i.....", values = {-1, 0,0,0,0,0},
    till = function(C, stage, E, S, tester)
      local B = tester.B
      if not rebuilt then
        rebuilt, worst, compared, mB, dt = B.vel[3], 0, 0, B.mass, S.dt
      else
        worst = math.max(worst, math.abs(B.vel[3] - rebuilt))
        compared = compared + 1
      end
      if C then rebuilt = rebuilt + dt / mB * -C.f[1] end
      return stage.rebound
    end,
  } },
}
-- the until string sees A and B too: the same rebound read in a string
local s = lawtester.run{
  name = "bodies-string", law = "spring_dashpot", params = { kn = 1e6, en = 0.5 },
  particles = { { radius = 0.1 }, { radius = 0.1 } }, normal = {0, 0, 1},
  gap = 5e-6, dt = 1e-5, abWeight = 0.5,
  stages = { { whats = "i.....", values = {-1, 0,0,0,0,0}, till = "not C and B.vel[3] > 0 and A.vel[3] < 0" } },
}
print(string.format("worst %.17g compared %d final %.17g rebuilt %.17g approach %.17g", worst, compared,
                    r.B.vel[3], rebuilt, -0.5))
print(string.format("string-steps %d function-steps %d string-final %.17g A-final %.17g B-mass %.17g",
                    s.steps, r.steps, s.B.vel[3], s.A.vel[3], r.B.mass))
print(string.format("positions A %.17g B %.17g angvel %g %g %g", r.A.pos[3], r.B.pos[3], r.B.angvel[1],
                    r.B.angvel[2], r.B.angvel[3]))
