-- stages/benchmarks/thornton_oblique.lua - the normalised oblique impact of a sphere on a rigid
-- plane, as Thornton, Cummins & Cleary plot it for elastic (e = 1, [Thornton et al. 2011]) and
-- inelastic (e < 1, [Thornton et al. 2013]) impacts, after Maw, Barber & Fawcett
-- [Maw, Barber & Fawcett 1981]: hertz_mindlin's variants (the table `variants` below) against the
-- rigid-body theory and the no-slip limit.  The published curves are not reproduced (no
-- digitised points are shipped): compare with the papers' figures.
-- Variables (vn the incident normal speed, vs and vs' the tangential velocity of the contact
-- point before and after, along vs; nu Poisson's ratio of the sphere, the plane rigid):
--   kappa = 2 (1 - nu)/(2 - nu)  (= 4 G*/E*, the ratio of the tangential to the normal stiffness),
--   Psi1 = kappa vs/(mu vn), the normalised incidence (= kappa tan(theta)/mu without spin),
--   Psi2 = kappa vs'/(mu vn), the normalised recoil of the contact point (over the incident vn),
--   chi = (1 - nu)/(2 - nu) (1 + R^2/k^2) = 1.75 kappa for a solid sphere (k^2 = 2 R^2/5): the
--     one parameter of the problem (Maw, Barber & Fawcett; their value 1.2558 at nu = 0.28 for a
--     thin diametral slice, k^2 = R^2/2, is this formula).
-- Closed forms: gross sliding throughout, Psi2 = Psi1 - 2 chi (1 + e) (the rigid-body line,
-- Coulomb impulse mu m vn (1 + e) on the contact point's 1/m_t = 3.5/m); the rigid body's stick
-- Psi2 = 0 below Psi1 = 2 chi (1 + e); the no-slip limit Psi2 = rho Psi1, rho from hertz_mindlin
-- with noSlip = true (one run per point).  hertz_mindlin's own sliding line for e < 1 (its
-- Tsuji dashpot, unclipped, carries the tensile tail, |Fn| impulse m vn (1 + 2 e_f - e):
-- bench.tsuji_ef) is Psi2 = Psi1 - 2 chi (1 + 2 e_f - e): the default law leaves the rigid-body
-- line by 2 chi (2 e_f - 2 e) (a documented finding, docs/verify.md).  The theory lines use
-- the restitution each variant obtains (clip = true raises it above en).
-- Material: Al oxide (E 380 GPa, nu 0.23, 4000 kg/m^3), R = 2.5 mm, vn = 1 m/s, mu = 0.3 (the
-- normalised result depends on nu, mu only through Psi and on e; the papers' own material was
-- not found by our search).  4000 steps per Hertz contact time; leverArm = "radius".  Units SI.
-- Run:  ./lawtester run stages/benchmarks/thornton_oblique.lua -o out/benchmarks
-- Plot: make benchmarks (plots/benchmarks/thornton_oblique.gp).
-- Output: thornton-oblique.tsv (one row per variant and Psi1).
local bench = require("bench")
local steps = 4000

-- The law variants: key (the table's `variant`), the set restitution en and the parameters
-- added to hertz_mindlin's (tangential rule md, the default).  "e0.5-line" is the damping that
-- keeps the sliding limit (docs/laws.md): the clipped dashpot (no tensile tail), en the clipped
-- contact's restitution (clipEn) and the Tsuji tangential dashpot, whose force the Coulomb limit
-- scales with the spring's, so that the friction impulse is mu times the normal one every step.
local variants = {
  { key = "e1", en = 1, params = {} },
  { key = "e0.5", en = 0.5, params = {} },
  { key = "e0.5-clip", en = 0.5, params = { clip = true } },
  { key = "e0.5-line", en = 0.5, params = { clip = true, clipEn = true, tangentialDashpot = true } },
}

local mat = { young = 3.8e11, poisson = 0.23, density = 4000, tanPhi = 0.3 }
local r, vn, mu = 0.0025, 1.0, 0.3
local nu = mat.poisson
local kappa = 2 * (1 - nu) / (2 - nu)
local chi = 1.75 * kappa
local m = bench.sphere_mass(mat.density, r)
local h = bench.hertz(mat.young / (1 - nu * nu), r, m, vn)
local plane, extra = bench.rigid_plane(mat)

local function impact(params, psi1)
  local vt = psi1 * mu * vn / kappa
  local res = bench.impact{
    name = "thornton-oblique", params = bench.merge(bench.merge(params, extra), { tanPhi = mu }),
    materials = { m = mat, plane = plane }, vn = vn, dt = h.tc / steps,
    A = { shape = "wall", material = "plane" }, B = { radius = r, material = "m", vel = { -vn, vt, 0 } },
  }
  local vn1, vs1 = bench.contact_velocity(res, 0, r)
  return kappa * vs1 / (mu * vn), vn1 / vn
end

local rows = { "variant\ten_set\te\tpsi1\tpsi2\tpsi2_gross\tpsi2_rigid\tpsi2_noslip\tpsi2_law\tkappa\tchi\tmu" }
local psis = bench.pick({ 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 8, 9, 10, 12, 14 },
                        { 1, 4, 14 }, { 14 })
for _, var in ipairs(bench.pick(variants, variants, { variants[2] })) do
  local params = bench.merge(var.params, { en = var.en })
  local g_law = 1 + 2 * bench.tsuji_ef(var.en) - var.en   -- unclipped Tsuji's |Fn| impulse / (m vn)
  for _, psi1 in ipairs(psis) do
    local psi2, e = impact(params, psi1)
    local psi2_ns = bench.noslip and impact(bench.merge(params, { noSlip = true }), psi1) or 0 / 0
    local gross = psi1 - 2 * chi * (1 + e)
    rows[#rows + 1] = bench.row(var.key, var.en, e, psi1, psi2, gross, gross > 0 and gross or 0, psi2_ns,
                                var.params.clip and gross or psi1 - 2 * chi * g_law, kappa, chi, mu)
  end
end
bench.write("thornton-oblique.tsv", rows)
print(table.concat(rows, "\n"))
