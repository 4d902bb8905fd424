-- stages/benchmarks/chung_ooi_spin.lua - Chung & Ooi's (2011) test 7 [Chung & Ooi 2011]: two
-- identical spheres (R = 0.1 m) meet head-on at +0.2 and -0.2 m/s, spinning with opposite
-- angular velocities w and -w about the same axis (z, normal to the plane of approach),
-- mu = 0.4, e = 0.5, with hertz_mindlin: Al alloy (E 70 GPa, nu 0.33, 2700 kg/m^3) and copper
-- (120 GPa, 0.35, 8900), w from 0.175 to 22 rad/s.
-- Closed form: the contact points move together (A's at +r x moves at w x r x = +r w y, B's at
-- -r x at (-w) x (-r x) = +r w y), so there is no slip, no tangential force and no torque: the
-- spins stay w and -w, the centres keep no tangential velocity, the normal restitution is e.
-- A code that takes the relative velocity with a wrong sign, or one radius for both lever arms,
-- gets a tangential force here.  2000 steps per Hertz contact time; leverArm = "radius".
-- Units SI (rad/s, m/s).
-- Run:  ./lawtester run stages/benchmarks/chung_ooi_spin.lua -o out/benchmarks
-- Plot: make benchmarks (plots/benchmarks/chung_ooi_test7.gp).
-- Output: chung-ooi-test7.tsv (per run: the spins and tangential velocities after).
local bench = require("bench")
local steps = 2000
local materials = {
  al_alloy = { young = 7.0e10, poisson = 0.33, density = 2700, tanPhi = 0.4 },
  copper = { young = 1.2e11, poisson = 0.35, density = 8900, tanPhi = 0.4 },
}
local r, v, en = 0.1, 0.2, 0.5

local rows = { "material\tw\twA_after\twB_after\tvtA_after\tvtB_after\te" }
for _, name in ipairs(bench.pick({ "al_alloy", "copper" }, { "al_alloy", "copper" }, { "copper" })) do
  local mat = materials[name]
  local m = bench.sphere_mass(mat.density, r)
  local estar = mat.young / (2 * (1 - mat.poisson ^ 2))
  local h = bench.hertz(estar, r / 2, m / 2, 2 * v)
  for _, w in ipairs(bench.pick({ 0.175, 0.2, 0.3, 0.5, 0.7, 0.9, 1.3, 2, 3, 4, 5, 7, 9, 12, 16, 22 }, { 0.175, 22 },
                                { 22 })) do
    local res = bench.impact{
      name = "chung-ooi-test7", params = { en = en }, materials = { m = mat }, vn = 2 * v, dt = h.tc / steps,
      A = { radius = r, material = "m", vel = { v, 0, 0 }, angvel = { 0, 0, w } },
      B = { radius = r, material = "m", vel = { -v, 0, 0 }, angvel = { 0, 0, -w } },
    }
    rows[#rows + 1] = bench.row(name, w, res.A.angvel[3], res.B.angvel[3], res.A.vel[2], res.B.vel[2],
                                (res.B.vel[1] - res.A.vel[1]) / (2 * v))
  end
end
bench.write("chung-ooi-test7.tsv", rows)
print(table.concat(rows, "\n"))
