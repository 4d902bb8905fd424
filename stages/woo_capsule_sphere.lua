-- stages/woo_capsule_sphere.lua - Woo's documented worked example 1 ("Linear (Cundall) contact model",
-- Examples): a capsule (r1 = 0.2 m, shaft 0.1 m, E1 = 10 MPa) and a sphere (r2 = 0.1 m,
-- E2 = 30 MPa) whose contact is created at uN = -0.001 m, the sphere over the middle of the shaft.
-- Woo printed kn = 1350254.7221732636 N/m; Woo's documented hand computation gave 1336785.9313195853 N/m.
-- They differ in the contact area only (docs/stiffness.md): Woo's code took A = pi min(r1, r2)^2
-- from the radii, the hand computation from the lengths l_i = r_i + uN/2 that both used.
-- Each convention runs once: the contact is created, held for a step, then unloaded normally
-- (Fn against uN is a line of slope kn); the summary prints the rule, kn, kt, lens and contA.
-- Units SI.  Run: ./lawtester run stages/woo_capsule_sphere.lua -o out --plot
local r1, r2, shaft, uN, E1, E2 = 0.2, 0.1, 0.1, -0.001, 10e6, 30e6
local conventions = {
  { tag = "woo-code", area = "radii",   lengths = "reduced", printed = 1350254.7221732636 }, -- Woo[4]
  { tag = "hand",     area = "lengths", lengths = "reduced", printed = 1336785.9313195853 }, -- Woo[6]
  { tag = "default",  area = "radii",   lengths = "raw" },  -- lawtester's default (Woo's code today)
}
for _, c in ipairs(conventions) do
  local r = lawtester.run{
    name = "woo-capsule-sphere-" .. c.tag, law = "linear",
    materials = { capsule = { young = E1 }, sphere = { young = E2 } },
    particles = { { shape = "capsule", radius = r1, shaft = shaft, axis = {1, 0, 0}, material = "capsule",
                    fixed = true },
                  { shape = "sphere", radius = r2, material = "sphere", fixed = true } },
    normal = {0, 0, 1}, gap = uN,   -- the sphere above the capsule, created in overlap
    stiffness = { rule = "connector", area = c.area, lengths = c.lengths },
    stages = {
      { whats = "......", values = {0, 0,0,0,0,0}, till = "stage.step >= 1" },
      { whats = "v.....", values = {1, 0,0,0,0,0}, till = "not C" },
    },
    record = { every = 10 },
  }
  -- the convention's formula, evaluated here: kn = A / (l1/E1 + l2/E2)
  local l1, l2 = r1, r2
  if c.lengths == "reduced" then l1, l2 = r1 + uN / 2, r2 + uN / 2 end
  local m = c.area == "radii" and math.min(r1, r2) or math.min(l1, l2)
  local kn = math.pi * m * m / (l1 / E1 + l2 / E2)
  local k = r.stiffness
  -- a handful of double operations in another order: a few ulp
  assert(math.abs(k.kn - kn) <= 1e-14 * kn, c.tag .. ": kn " .. k.kn .. ", formula " .. kn)
  -- >= 10 significant digits of Woo's printed numbers
  if c.printed then
    assert(math.abs(k.kn - c.printed) <= 1e-10 * c.printed, c.tag .. ": kn " .. k.kn .. ", printed " .. c.printed)
  end
end
