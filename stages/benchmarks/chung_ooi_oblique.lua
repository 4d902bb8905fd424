-- stages/benchmarks/chung_ooi_oblique.lua - Chung & Ooi's (2011) oblique-impact benchmarks, tests
-- 4, 5, 6 and 8 [Chung & Ooi 2011], with hertz_mindlin (tangential rule md, the default:
-- Mindlin-Deresiewicz by the method of dimensionality reduction), against the rigid-body theory
-- of a frictional impact and the no-slip limit.
--   test 4: a sphere (R = 2.5 mm) on a rigid plane at 3.9 m/s, incidence theta from the normal
--           (vn = v cos theta, vt = v sin theta, no spin), mu = 0.092, e = 0.98: Al oxide
--           (E 380 GPa, nu 0.23, 4000 kg/m^3) and Al alloy (70 GPa, 0.33, 2700);
--   test 5: a sphere on a rigid plane at a fixed normal speed, 5 m/s, and tangential speeds vt,
--           no spin, e = 1, mu = 0.3: steel (208 GPa, 0.30, 7850); R = 1 mm (the normalised
--           result does not depend on R; the paper's radius and its second material,
--           polyethylene, were not found by our search and are not run);
--   test 6: a sphere (R = 0.1 m) on a rigid plane at vn = 0.2 m/s with a spin w (0.175 to 21
--           rad/s) and no tangential speed of its centre, mu = 0.4, e = 0.5: Al alloy (70 GPa,
--           0.33, 2700) and nylon (2.5 GPa, 0.40, 1000);
--   test 8: the spinning sphere of test 6 (R1 = 0.1 m) at 0.2 m/s against a free sphere of
--           R2 = 0.5 m at rest, same material (the radius of the second sphere was not found by
--           our search in the paper: 0.5 m; the rigid-body theory below does not depend on it).
-- Variables: vs, vs' the tangential velocity of the contact point of B relative to A before and
-- after (along vs), vn the approach and vn' the separation speed.
-- Rigid-body theory (solid spheres, I = (2/5) m r^2, so 1/m_t = (1 + r^2 m/I)/m = 3.5/m for each
-- sphere; the Coulomb impulse mu J_n, J_n = m* (1 + e) vn):
--   gross sliding throughout, while vs >= 3.5 mu (1 + e) vn:  vs' = vs - 3.5 mu (1 + e) vn,
--     test 4 (vs = vt): e_t = vt'/vt = 1 - mu (1 + e)/tan(theta), w' = 2.5 mu (1 + e) vn/R;
--   else the contact point sticks: vs' = 0, e_t = 5/7, w' = 5 vt/(7 R).
-- No-slip limit (elastic tangential compliance, no Coulomb limit): vs' = rho vs, rho the ratio
-- hertz_mindlin gives with noSlip = true (computed here, one run per point; it depends on
-- nu and e only: [Maw, Barber & Fawcett 1981]'s chi = (1 - nu)/(2 - nu) (1 + R^2/k^2)).
-- Test 5 in the normalised variables of Maw, Barber & Fawcett and Thornton et al.:
--   kappa = 2 (1 - nu)/(2 - nu) (= 4 G*/E*), Psi1 = kappa vs/(mu vn), Psi2 = kappa vs'/(mu vn)
--   (both over the incident vn), chi = 1.75 kappa; gross sliding Psi2 = Psi1 - 2 chi (1 + e).
-- 4000 steps per Hertz contact time; leverArm = "radius" (the theory's lever).  Units SI
-- (velocities m/s, spins rad/s, angles deg).
-- Run:  ./lawtester run stages/benchmarks/chung_ooi_oblique.lua -o out/benchmarks
-- Plot: make benchmarks (plots/benchmarks/chung_ooi_test4.gp, chung_ooi_test5.gp,
--       chung_ooi_spin_plane.gp).
-- Output: chung-ooi-test4.tsv, chung-ooi-test5.tsv, chung-ooi-test6.tsv, chung-ooi-test8.tsv.
local bench = require("bench")
local steps = 4000

local materials = {
  al_oxide = { young = 3.8e11, poisson = 0.23, density = 4000, tanPhi = 0.092 },
  al_alloy4 = { young = 7.0e10, poisson = 0.33, density = 2700, tanPhi = 0.092 },
  steel = { young = 2.08e11, poisson = 0.30, density = 7850, tanPhi = 0.3 },
  al_alloy = { young = 7.0e10, poisson = 0.33, density = 2700, tanPhi = 0.4 },
  nylon = { young = 2.5e9, poisson = 0.40, density = 1000, tanPhi = 0.4 },
}

-- One impact.  c: mat (name), r (the spinning sphere's radius), r2 (the radius of the sphere at
-- rest, B; nil: B is the sphere and A the rigid plane), vn, vt (B's centre, along y), w (the
-- spin about z of A, whose contact point then moves at +r w in y; on the plane, B's spin about
-- -z: its contact point moves at +r w), en, noSlip.
-- Returns vs, vs', vn', vt' (B's centre, plane) and wB' (about z) and the run's restitution.
local function impact(c)
  local mat = materials[c.mat]
  local params = { en = c.en, tanPhi = mat.tanPhi, noSlip = c.noSlip or false }
  local mats, A, B, estar, rstar, mstar
  local m = bench.sphere_mass(mat.density, c.r)
  local E, nu = mat.young, mat.poisson
  if c.r2 then                            -- A: the spinning sphere of radius r, B (r2) at rest
    local m2 = bench.sphere_mass(mat.density, c.r2)
    estar, rstar, mstar = E / (2 * (1 - nu * nu)), c.r * c.r2 / (c.r + c.r2), m * m2 / (m + m2)
    mats = { m = mat }
    A = { radius = c.r, material = "m", vel = { c.vn, 0, 0 }, angvel = { 0, 0, c.w } }
    B = { radius = c.r2, material = "m" }
  else
    local plane, extra = bench.rigid_plane(mat)
    estar, rstar, mstar = E / (1 - nu * nu), c.r, m
    params, mats = bench.merge(params, extra), { m = mat, plane = plane }
    A = { shape = "wall", material = "plane" }
    B = { radius = c.r, material = "m", vel = { -c.vn, c.vt or 0, 0 }, angvel = { 0, 0, -(c.w or 0) } }
  end
  local h = bench.hertz(estar, rstar, mstar, c.vn)
  local res = bench.impact{ name = "chung-ooi-oblique", params = params, materials = mats, A = A, B = B,
                            vn = c.vn, dt = h.tc / steps }
  local vs0 = c.r2 and -c.r * c.w or (c.vt or 0) + c.r * (c.w or 0)   -- B's point relative to A's
  local sgn = vs0 >= 0 and 1 or -1
  local vn1, vs1
  if c.r2 then vn1, vs1 = bench.contact_velocity(res, c.r, c.r2) else vn1, vs1 = bench.contact_velocity(res, 0, c.r) end
  return { vs = sgn * vs0, vs1 = sgn * vs1, vn1 = vn1, vt1 = res.B.vel[2], w1 = res.B.angvel[3], e = vn1 / c.vn }
end

-- the rigid-body theory: vs' for an impact of contact-point speed vs (>= 0) at normal speed vn
local nan = 0 / 0
-- the no-slip run of impact c (or NaNs, bench.noslip)
local function noslip(c)
  if not bench.noslip then return { vs1 = nan, vt1 = nan } end
  return impact(bench.merge(c, { noSlip = true }))
end

local function rigid_vs1(vs, vn, mu, e)
  local d = 3.5 * mu * (1 + e) * vn
  return vs >= d and vs - d or 0
end
-- hertz_mindlin's own gross sliding (its |Fn| impulse m* vn (1 + 2 e_f - e), bench.tsuji_ef):
-- the rigid line with (1 + e) replaced by g = 1 + 2 e_f - e
local function law_g(e) return 1 + 2 * bench.tsuji_ef(e) - e end

-- test 4: incidence angles
local t4 = { "material\ttheta_deg\tet\tet_rigid\tet_noslip\tw\tw_rigid\trecoil_deg\trecoil_rigid_deg\tet_law\tw_law\tmu\te\tvn\tr" }
local v4, r4, mu4, e4 = 3.9, 0.0025, 0.092, 0.98
for _, mat in ipairs(bench.pick({ "al_oxide", "al_alloy4" }, { "al_oxide" }, { "al_oxide" })) do
  for _, th in ipairs(bench.pick({ 2, 5, 10, 15, 20, 25, 30, 32.5, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 88 },
                                 { 10, 60, 85 }, { 60 })) do
    local t = math.rad(th)
    local vn, vt = v4 * math.cos(t), v4 * math.sin(t)
    local got = impact{ mat = mat, r = r4, vn = vn, vt = vt, en = e4 }
    local ns = noslip{ mat = mat, r = r4, vn = vn, vt = vt, en = e4 }
    local vs1r = rigid_vs1(vt, vn, mu4, e4)
    local sliding = vs1r > 0
    local et_r = sliding and 1 - mu4 * (1 + e4) / math.tan(t) or 5 / 7
    local w_r = sliding and 2.5 * mu4 * (1 + e4) * vn / r4 or 5 * vt / (7 * r4)
    t4[#t4 + 1] = bench.row(mat, th, got.vt1 / vt, et_r, ns.vt1 / vt, got.w1, w_r,
                            math.deg(math.atan(got.vs1 / got.vn1)), math.deg(math.atan(vs1r / (e4 * vn))),
                            1 - mu4 * law_g(e4) / math.tan(t), 2.5 * mu4 * law_g(e4) * vn / r4, mu4, e4, vn, r4)
  end
end

-- test 5: fixed normal speed, normalised incidence
local t5 = { "material\tpsi1\tpsi2\tpsi2_gross\tpsi2_rigid\tpsi2_noslip\tkappa\tchi\tmu\te" }
do
  local mat, vn, mu, e, r = "steel", 5, 0.3, 1, 0.001
  local nu = materials[mat].poisson
  local kappa = 2 * (1 - nu) / (2 - nu)
  local chi = 1.75 * kappa
  for _, psi1 in ipairs(bench.pick({ 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 10, 12, 14 },
                                   { 1, 3, 10 }, { 10 })) do
    local vt = psi1 * mu * vn / kappa
    local got = impact{ mat = mat, r = r, vn = vn, vt = vt, en = e }
    local ns = noslip{ mat = mat, r = r, vn = vn, vt = vt, en = e }
    local k = kappa / (mu * vn)
    t5[#t5 + 1] = bench.row(mat, psi1, k * got.vs1, psi1 - 2 * chi * (1 + e), k * rigid_vs1(vt, vn, mu, e),
                            k * ns.vs1, kappa, chi, mu, e)
  end
end

-- tests 6 and 8: spin
local function spin_table(r2)
  local t = { "material\tw\tx\ty\ty_rigid\ty_gross\ty_noslip\ty_law\ten_obtained\tmu\te\tvn\tr" }
  local vn, mu, e, r = 0.2, 0.4, 0.5, 0.1
  for _, mat in ipairs(bench.pick({ "al_alloy", "nylon" }, { "al_alloy", "nylon" }, { "al_alloy" })) do
    for _, w in ipairs(bench.pick({ 0.175, 0.25, 0.35, 0.5, 0.7, 1, 1.3, 1.7, 2, 2.5, 3, 3.5, 4, 4.2, 4.5, 5, 6,
                                    7, 8.5, 10, 12, 14, 17, 21 }, { 1, 10 }, { 10 })) do
      local got = impact{ mat = mat, r = r, r2 = r2, vn = vn, w = w, en = e }
      local ns = noslip{ mat = mat, r = r, r2 = r2, vn = vn, w = w, en = e }
      local vs = got.vs
      t[#t + 1] = bench.row(mat, w, vs / vn, got.vs1 / (e * vn), rigid_vs1(vs, vn, mu, e) / (e * vn),
                            (vs - 3.5 * mu * (1 + e) * vn) / (e * vn), ns.vs1 / (e * vn),
                            (vs - 3.5 * mu * law_g(e) * vn) / (e * vn), got.e, mu, e, vn, r)
    end
  end
  return t
end
local t6 = spin_table(nil)
local t8 = spin_table(0.5)

bench.write("chung-ooi-test4.tsv", t4)
bench.write("chung-ooi-test5.tsv", t5)
bench.write("chung-ooi-test6.tsv", t6)
bench.write("chung-ooi-test8.tsv", t8)
for _, t in ipairs({ t4, t5, t6, t8 }) do print(table.concat(t, "\n")) end
