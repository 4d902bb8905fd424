-- stages/cohesive_bond.lua - the `cohesive` law's bond on three paths (kn = 1e6 N/m,
-- kt = 5e5 N/m, tan(phi) = 0.5, tensile strength Rt = 40 N, cohesion c = 30 N):
--   cohesive-shear-break    compress to 0.1 mm (Fn = -100 N), shear at constant overlap: the bond
--                           breaks at |Ft| = c + tan(phi) 100 N = 80 N and the contact slides at
--                           50 N; then normal unloading until the contact opens;
--   cohesive-tension-break  compress to 0.02 mm, then pull: the bond breaks at Fn = Rt;
--   cohesive-plastic        the elliptic cap with plastic flow instead of breakage: pull and
--                           shear together past the cap, then push back and shear again.
-- Every run's energy balance (work against elast, plast, bond and the kinetic energy) closes to
-- round-off, breakage included.  Units SI.
-- Run: ./lawtester run stages/cohesive_bond.lua -o out --plot   (stress_path.png shows the surface)
local function test(name, params, stages)
  return {
    name = name, law = "cohesive",
    params = params,
    particles = { { radius = 0.1 }, { radius = 0.1 } },
    normal = {0, 0, 1}, gap = 0, dt = 1e-6,
    stages = stages, record = { every = 5 },
  }
end
local bond = { kn = 1e6, kt = 5e5, tanPhi = 0.5, tensile = 40, cohesion = 30 }

lawtester.run(test("cohesive-shear-break", bond, {
  { whats = "v.....", values = {-0.1, 0,0,0,0,0}, till = "C and C.uN <= -1e-4" },
  { whats = "vv....", values = {0, 0.1, 0,0,0,0}, till = "C.u[2] >= 4e-4" },
  { whats = "vv....", values = {0.1, 0, 0,0,0,0}, till = "not C" },
}))

lawtester.run(test("cohesive-tension-break", bond, {
  { whats = "v.....", values = {-0.1, 0,0,0,0,0}, till = "C and C.uN <= -2e-5" },
  { whats = "v.....", values = {0.1, 0,0,0,0,0}, till = "not C" },
}))

local plastic = { kn = 1e6, kt = 5e5, tanPhi = 0.5, tensile = 40, cohesion = 30,
                  surface = "elliptic", plastic = true }
lawtester.run(test("cohesive-plastic", plastic, {
  { whats = "v.....", values = {-0.1, 0,0,0,0,0}, till = "C and C.uN <= -2e-5" },
  { whats = "vv....", values = {0.1, 0.05, 0,0,0,0}, till = "C.uN >= 8e-5" },
  { whats = "vv....", values = {-0.1, 0, 0,0,0,0}, till = "C.uN <= -5e-5" },
  { whats = "vv....", values = {0, 0.1, 0,0,0,0}, till = "C.u[2] >= 6e-4" },
}))
