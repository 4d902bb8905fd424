-- stages/shapes_compress_shear_unload.lua - the canonical path of the linear law (compress to
-- 1 mm of overlap, shear 3 mm at constant overlap, unload normally) for a sphere against each
-- other shape, all at oblique orientations, with the stiffness from the materials by the
-- connector rule: the summary of every run shows how the shapes set lens, contA and kn
-- (README "Shapes"; flat bodies take the sphere's radius, a thick facet max(halfThick, r)).
-- Units SI.  Run: ./lawtester run stages/shapes_compress_shear_unload.lua -o out --plot
local n = {1, 2, 3}                          -- contact normal A -> B, not along an axis
local stone = { young = 1e7, poisson = 0.25, density = 2600, ktDivKn = 0.5, tanPhi = math.tan(0.5) }
local steel = { young = 2e8, poisson = 0.3, density = 7800, ktDivKn = 0.4, tanPhi = 0.8 }
local sphere = { shape = "sphere", radius = 0.1, material = "stone" }
-- a triangle of about 0.5 m around the origin in the plane perpendicular to n
local function cross(a, b) return {a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1]} end
local function unit(a) local l = math.sqrt(a[1]^2 + a[2]^2 + a[3]^2) return {a[1] / l, a[2] / l, a[3] / l} end
local u = unit(cross(n, {1, 0, 0}))         -- perpendicular to n
local w = unit(cross(n, u))                 -- perpendicular to n and u
local function p(a, b) return {a * u[1] + b * w[1], a * u[2] + b * w[2], a * u[3] + b * w[3]} end
local triangle = {p(-0.4, -0.3), p(0.5, -0.2), p(0.1, 0.45)}   -- counter-clockwise about n
local cases = {
  { tag = "wall",        A = { shape = "wall", point = {0, 0, 0}, material = "steel" } },
  { tag = "thin-facet",  A = { shape = "facet", vertices = triangle, material = "steel" } },
  { tag = "thick-facet", A = { shape = "facet", vertices = triangle, halfThick = 0.15, material = "steel" } },
  { tag = "capsule",     A = { shape = "capsule", radius = 0.05, shaft = 0.4, axis = w, material = "steel",
                               fixed = true } },
}
for _, c in ipairs(cases) do
  lawtester.run{
    name = "shapes-csu-" .. c.tag, law = "linear",
    materials = { stone = stone, steel = steel },
    particles = { c.A, sphere },
    normal = n, gap = 0,
    stages = {
      { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN <= -1e-3" },
      { whats = "vv....", values = {0, 1, 0,0,0,0}, till = "C.u[2] >= 3e-3" },
      { whats = "vv....", values = {1, 0, 0,0,0,0}, till = "not C" },
    },
    record = { every = 10 },
  }
end
