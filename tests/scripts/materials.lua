-- tests/scripts/materials.lua: stiffness from materials by the connector model,
-- kn = A/(l1/E1 + l2/E2), A = pi min(r1,r2)^2, kt = mean(ktDivKn) kn, tanPhi = min;
-- and a parameter loop in plain Lua (the normal force scales with kn).
local function run(E1, E2, r1, r2, kn)
  return lawtester.run{
    name = "mat", law = "linear", record = false, params = { kn = kn },
    particles = { { radius = r1, material = { young = E1, ktDivKn = 0.2, tanPhi = 0.3 } },
                  { radius = r2, material = { young = E2, ktDivKn = 0.6, tanPhi = 0.7 } } },
    stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "C and C.uN <= -1e-4" } },
  }
end
local r = run(1e7, 3e7, 0.1, 0.2)
local A = math.pi * 0.1^2
local kn = A / (0.1 / 1e7 + 0.2 / 3e7)
local function rel(a, b) return math.abs(a - b) / math.abs(b) end
assert(rel(r.C.kn, kn) < 1e-15, "kn " .. r.C.kn .. " vs " .. kn)
assert(rel(r.C.kt, 0.4 * kn) < 1e-15, "kt")
assert(r.C.tanPhi == 0.3, "tanPhi = min")
for _, k in ipairs{1e5, 1e6, 1e7} do
  local rk = run(1e7, 1e7, 0.1, 0.1, k)
  assert(rel(rk.C.f[1], k * rk.C.uN) < 1e-15, "Fn = kn uN for kn = " .. k)
end
-- kn given, kt left to the materials: the materials' ratio applies to the given kn
local rr = run(1e7, 1e7, 0.1, 0.1, 2e6)
assert(rel(rr.C.kt, 0.4 * 2e6) < 1e-15, "kt " .. rr.C.kt)
