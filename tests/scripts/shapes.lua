-- tests/scripts/shapes.lua: shapes and stiffness rules through the script layer: the wall and
-- facet normal conventions, Woo's documented lens per pair in results.stiffness and C.l1/C.l2, the
-- yade and direct rules, law parameters overriding the rule, reduced lengths taken at the
-- overlap where the contact formed, and the count of contact formations.
local function rel(a, b) return math.abs(a - b) / math.abs(b) end
-- closed forms of a few operations: round-off only
local TOL = 1e-14
local E1, E2 = 2e7, 3e7
local function run(t)
  t.law = t.law or "linear"
  t.record = false
  t.materials = { a = { young = E1, ktDivKn = 0.2, tanPhi = 0.3 }, b = { young = E2, ktDivKn = 0.6, tanPhi = 0.7 } }
  t.stages = t.stages or { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "C and C.uN <= -1e-4" } }
  return lawtester.run(t)
end

-- a wall without its own normal takes the test's; flat: the sphere's radius on both sides
local r = run{ name = "wall", normal = {0, 1, 1},
  particles = { { shape = "wall", point = {1, 2, 3}, material = "a" }, { shape = "sphere", radius = 0.1, material = "b" } } }
assert(r.stiffness.l1 == 0.1 and r.stiffness.l2 == 0.1, "wall lens")
assert(r.C.l1 == 0.1 and r.C.l2 == 0.1, "C.l1, C.l2")
assert(rel(r.stiffness.kn, math.pi * 0.01 / (0.1 / E1 + 0.1 / E2)) < TOL, "wall kn")
assert(rel(r.stiffness.contA, math.pi * 0.01) < TOL and r.C.contA == r.stiffness.contA, "contA")
assert(r.stiffness.tanPhi == 0.3 and rel(r.stiffness.kt, 0.4 * r.stiffness.kn) < TOL, "kt, tanPhi")
assert(r.stiffness.rule == "connector" and r.stiffness.area == "radii" and r.stiffness.lengths == "raw", "defaults")
assert(r.C.uN <= -1e-4 and r.C.uN > -1e-4 - 2e-6, "compressed against the wall: uN " .. r.C.uN)

-- a facet: no test normal, its own normal (vertex order) is used; thick facet max(h, r)
r = run{ name = "facet",
  particles = { { shape = "facet", vertices = {{0, 0, 0}, {0, 1, 0}, {0, 0, 1}}, halfThick = 0.25, material = "a" },
                { shape = "sphere", radius = 0.1, material = "b" } } }
assert(r.stiffness.l1 == 0.25 and r.stiffness.l2 == 0.1, "thick facet lens (max(h, r), r)")
assert(rel(r.stiffness.kn, math.pi * 0.01 / (0.25 / E1 + 0.1 / E2)) < TOL, "thick facet kn")

-- capsule-capsule: the radii
r = run{ name = "capsules", normal = {0, 0, -1},
  particles = { { shape = "capsule", radius = 0.05, shaft = 0.2, axis = {1, 0, 0}, material = "a" },
                { shape = "capsule", radius = 0.08, shaft = 0.3, axis = {0, 1, 1}, material = "b" } } }
assert(r.stiffness.l1 == 0.05 and r.stiffness.l2 == 0.08, "capsule lens")
assert(rel(r.stiffness.kn, math.pi * 0.0025 / (0.05 / E1 + 0.08 / E2)) < TOL, "capsule kn")

-- the yade rule, with a given ratio
r = run{ name = "yade", stiffness = { rule = "yade", ratio = 0.25 },
  particles = { { radius = 0.1, material = "a" }, { radius = 0.2, material = "b" } } }
local kn = 2 * E1 * 0.1 * E2 * 0.2 / (E1 * 0.1 + E2 * 0.2)
assert(rel(r.stiffness.kn, kn) < TOL and rel(r.C.kn, kn) < TOL, "yade kn " .. r.stiffness.kn)
assert(rel(r.stiffness.kt, 0.25 * kn) < TOL, "yade kt = ratio kn")

-- direct kn, kt; law parameters still take precedence over the rule
r = run{ name = "direct", stiffness = { rule = "direct", kn = 3e6, kt = 1e6 } }
assert(r.stiffness.kn == 3e6 and r.C.kn == 3e6 and r.C.kt == 1e6, "direct")
r = run{ name = "override", stiffness = { rule = "direct", kn = 3e6 }, params = { kn = 5e5 },
  particles = { { radius = 0.1, material = "a" }, { radius = 0.2, material = "b" } } }
assert(r.stiffness.kn == 3e6 and r.C.kn == 5e5, "params.kn overrides the rule's kn")
assert(rel(r.C.kt, 0.4 * 5e5) < TOL, "kt from the rule's ratio applied to the given kn")

-- reduced lengths: by half the overlap at which the contact formed (here one step, -1e-6 m)
r = run{ name = "reduced", gap = 1e-6 + 1e-7, stiffness = { lengths = "reduced", area = "lengths" },
  particles = { { radius = 0.1, material = "a" }, { radius = 0.2, material = "b" } } }
local u0 = r.stiffness.uN0
assert(u0 < 0 and u0 > -1e-6, "formed within the first step of overlap: uN0 " .. u0)
assert(r.stiffness.step == 2, "formed at step 2, got " .. r.stiffness.step)
assert(rel(r.stiffness.l1, 0.1 + u0 / 2) < TOL and rel(r.stiffness.l2, 0.2 + u0 / 2) < TOL, "reduced lens")
assert(rel(r.stiffness.contA, math.pi * (0.1 + u0 / 2)^2) < TOL, "area from the reduced lengths")

-- two contacts: compress, open, compress again
r = run{ name = "twice", stages = {
  { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "C and C.uN <= -1e-5" },
  { whats = "v.....", values = {1, 0,0,0,0,0}, till = "not C" },
  { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "C and C.uN <= -1e-5" } } }
assert(r.stiffness.contacts == 2, "contacts formed: " .. r.stiffness.contacts)
