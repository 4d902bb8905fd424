-- examples/lammps_port/oblique_vs_hosted.lua - the ported law hertz_material.c beside it against
-- the model it ports, LAMMPS's own pair_style granular run in LAMMPS's library (a hosted law,
-- docs/hosted.md), on the same oblique impact of two spinning glass spheres (radius 5 mm, E = 48
-- GPa, nu = 0.2, 2800 kg/m^3; B at 1 m/s with 0.45 m/s across the normal, both spinning; dt =
-- 20 ns): hertz/material with damping velocity (eta_n = 2 kg/s) and tangential
-- linear_nohistory (x_gamma_t = 1, mu = 0.5).  contactVelocity = "state_radius" hands the port
-- the relative velocity as LAMMPS measures it (the state's positions, the radii as levers); the
-- torques act at r - delta/2 as LAMMPS's granular style applies them (leverArm "contact", the
-- default).  Then the two records agree to round-off (docs/hosted.md: 5e-12 of each force
-- component's largest value); with the default contactVelocity = "midstep" they differ by
-- 1.2e-4 in the tangential force, lawtester's own measure of the same impact.  Units SI.
-- Run:  ./lawtester run examples/lammps_port/oblique_vs_hosted.lua --law-lib ./hertz_material.so -o out
--       ./lawtester compare out/hosted.tsv out/port.tsv --cols Fx,Fy,Fz --rtol 1e-9
local hosted = lawtester.law{
  name = "lmp_hertz_material_nohistory", engine = "lammps",
  params = {
    E = { default = 4.8e10, range = {1e6, 1e12}, unit = "Pa", doc = "Young's modulus of both spheres" },
    eta = { default = 2.0, range = {0, 1e4}, unit = "kg/s", doc = "damping velocity: eta_n" },
    nu = { default = 0.2, range = {0, 0.49}, unit = "-", doc = "Poisson's ratio of both spheres" },
    mu = { default = 0.5, range = {0, 10}, unit = "-", doc = "friction coefficient" },
  },
  friction = "mu",
  commands = { "pair_style granular",
    "pair_coeff * * hertz/material ${E} ${eta} ${nu} tangential linear_nohistory 1.0 ${mu} damping velocity" },
}
local function test(name, law, params)
  return { name = name, law = law, params = params,
    materials = { glass = { young = 4.8e10, poisson = 0.2, density = 2800 } },
    particles = { { radius = 0.005, material = "glass", angvel = {5, -10, 15} },
                  { radius = 0.005, material = "glass", vel = {-1, 0.4, 0.2}, angvel = {10, 20, -30} } },
    normal = {1, 0, 0}, gap = 1e-8, dt = 2e-8, contactVelocity = "state_radius",
    stages = { { whats = "......", values = {0, 0, 0, 0, 0, 0}, till = "stage.rebound" } } }
end
lawtester.run(test("port", "hertz_material",
  { damping = "velocity", E = 4.8e10, eta_n0 = 2.0, nu = 0.2, x_gamma_t = 1, mu = 0.5 }))
lawtester.run(test("hosted", hosted, {}))
