-- tests/hosted/liggghts_hertz.lua - a hosted law for tests/test_hosted.c: LIGGGHTS's pair_style
-- gran model hertz tangential history, materials as property/global fixes, with a head-on
-- impact without damping (e = 1: LIGGGHTS's beta = 0) whose closed forms are Hertz's (Johnson
-- 1985, ch. 11) with LIGGGHTS's Y* = E / (2 (1 - nu^2)) and R* = R / 2.  Units SI.
return {
  name = "lig_test_hertz", engine = "liggghts", wall = true,
  params = {
    E = { default = 70e9, range = {1e6, 1e12}, unit = "Pa", doc = "Young's modulus of both spheres" },
    nu = { default = 0.3, range = {0, 0.49}, unit = "-", doc = "Poisson's ratio" },
    e = { default = 0.5, range = {0.05, 1}, unit = "-", doc = "coefficient of restitution" },
    mu = { default = 0.5, range = {0, 10}, unit = "-", doc = "friction coefficient" },
  },
  friction = "mu",
  commands = {
    "fix m1 all property/global youngsModulus peratomtype ${E}",
    "fix m2 all property/global poissonsRatio peratomtype ${nu}",
    "fix m3 all property/global coefficientRestitution peratomtypepair 1 ${e}",
    "fix m4 all property/global coefficientFriction peratomtypepair 1 ${mu}",
    "pair_style gran model hertz tangential history",
    "pair_coeff * *",
  },
  cases = {
    { name = "wall-elastic", doc = "Hertz impact on LIGGGHTS's own primitive wall, e = 1: R* = R, "
        .. "E* = E / (2 (1 - nu^2)) (a wall of the sphere's material)",
      kind = "impact", set = { e = 1 }, shape = { "wall", "sphere" }, fixed = { true, false },
      radius = 0.005, mat = { young = 70e9, poisson = 0.3, density = 2700 }, load = { vn = 1.0 },
      steps = 2000,
      expect = function(env)
        local Es, R, m, v = env.p.E / (2 * (1 - env.p.nu ^ 2)), 0.005, env.c.mstar, 1.0
        local why = "leapfrog at 2000 steps per contact: O((pi/2000)^2) = 2.5e-6, times 4 for the end phase"
        return { e = { value = 1, tol = 1e-5, why = why },
                 t_contact = { value = 2.868265 * (m * m / (R * Es * Es * v)) ^ 0.2, tol = 1e-5, why = why },
                 max_overlap = { value = (15 * m * v * v / (16 * Es * math.sqrt(R))) ^ 0.4, tol = 1e-5, why = why } }
      end },
    { name = "elastic", doc = "Hertz head-on impact at 1 m/s, e = 1: t_c, delta_max",
      kind = "impact", set = { e = 1 }, radius = 0.005,
      mat = { young = 70e9, poisson = 0.3, density = 2700 }, load = { vn = 1.0 }, steps = 2000,
      expect = function(env)
        local Es = env.p.E / (2 * (1 - env.p.nu ^ 2))
        local R, m, v = 0.005 / 2, env.c.mstar, 1.0
        local why = "leapfrog at 2000 steps per contact: O((pi/2000)^2) = 2.5e-6, times 4 for the end phase"
        return { e = { value = 1, tol = 1e-5, why = why },
                 t_contact = { value = 2.868265 * (m * m / (R * Es * Es * v)) ^ 0.2, tol = 1e-5, why = why },
                 max_overlap = { value = (15 * m * v * v / (16 * Es * math.sqrt(R))) ^ 0.4, tol = 1e-5, why = why } }
      end },
  },
}
