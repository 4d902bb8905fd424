-- stages/benchmarks/chung_ooi_normal.lua - Chung & Ooi's (2011) normal-impact benchmarks, tests
-- 1 to 3 [Chung & Ooi 2011], with hertz_mindlin, against Hertz's impact in closed form.
--   test 1: two identical elastic spheres, R = 10 mm, at +10 and -10 m/s: glass (E 48 GPa,
--           nu 0.20, 2800 kg/m^3) and limestone (20 GPa, 0.25, 2500);
--   test 2: an elastic sphere on a rigid plane, R = 0.1 m at 0.2 m/s: Al alloy (70 GPa, 0.30,
--           2699) and Mg alloy (40 GPa, 0.35, 1800);
--   test 3: a sphere on a rigid plane, R = 2.5 mm at 3.9 m/s, with a set restitution e = 0.2,
--           0.4, ..., 1.0: Al oxide (380 GPa, 0.23, 4000) and cast iron (100 GPa, 0.25, 7000).
-- Closed forms [Hertz 1882]: delta_max, F_max, t_c (bench.lua) and the whole elastic impact in
-- the parameter s of the mapped oscillator (laws/hertz_mindlin.c's theory block, at zeta = 0):
--   delta = delta0 ((sqrt5/2) sin s)^(4/5),  t = t0 (2/sqrt5)^(6/5) int_0^s sin^(-1/5) u du,
--   F = K delta^(3/2),  delta0 = (m* v^2/K)^(2/5), t0 = delta0/v,  0 <= s <= pi;
-- test 3: e = en, the restitution hertz_mindlin's Tsuji dashpot is set to (exact for its
-- velocity-independent alpha(en), the contact ending at zero overlap).
-- The rigid plane: bench.rigid_plane (E* = E/(1 - nu^2), G* from the sphere alone).
-- Measured: delta_max and F_max (largest over the steps), t_c (touch half a step after the start;
-- the end extrapolated from the last state in contact, delta/|v_n|), e = v_n'/v_n.
-- 2000 steps per contact time.  Units SI (tables: m, N, s).
-- Run:  ./lawtester run stages/benchmarks/chung_ooi_normal.lua -o out/benchmarks
-- Plot: make benchmarks (plots/benchmarks/chung_ooi_normal.gp, chung_ooi_restitution.gp).
-- Output: chung-ooi-normal.tsv (closed form against lawtester per quantity),
--         chung-ooi-normal-curves.tsv (F(t), F(delta) of tests 1 and 2 with the closed form),
--         chung-ooi-restitution.tsv (test 3).
local bench = require("bench")
local steps = 2000

local materials = {
  glass = { young = 4.8e10, poisson = 0.20, density = 2800, tanPhi = 0.35 },
  limestone = { young = 2.0e10, poisson = 0.25, density = 2500, tanPhi = 0.35 },
  al_alloy = { young = 7.0e10, poisson = 0.30, density = 2699, tanPhi = 0 },
  mg_alloy = { young = 4.0e10, poisson = 0.35, density = 1800, tanPhi = 0 },
  al_oxide = { young = 3.8e11, poisson = 0.23, density = 4000, tanPhi = 0 },
  cast_iron = { young = 1.0e11, poisson = 0.25, density = 7000, tanPhi = 0 },
}

-- t(s)/t0 of the elastic impact: (2/sqrt5)^(6/5) int_0^s sin(u)^(-1/5) du, by Simpson's rule
-- after u = w^(5/4) (du = (5/4) w^(1/4) dw), which removes the singularity at 0
local function hertz_time(s)
  local n, W = 400, s ^ 0.8
  local function f(w)
    if w == 0 then return 1.25 end
    local u = w ^ 1.25
    return 1.25 * w ^ 0.25 * math.sin(u) ^ -0.2
  end
  local h, sum = W / n, f(0) + f(W)
  for i = 1, n - 1 do sum = sum + (i % 2 == 1 and 4 or 2) * f(i * h) end
  return (2 / math.sqrt(5)) ^ 1.2 * sum * h / 3
end

-- one normal impact: the pair, its closed form, what lawtester measures
local function normal_impact(test, matname, en, curves, phase)
  local mat = materials[matname]
  local r = test == 1 and 0.010 or test == 2 and 0.1 or 0.0025
  local v = test == 1 and 20 or test == 2 and 0.2 or 3.9            -- relative approach speed
  local m = bench.sphere_mass(mat.density, r)
  local E, nu = mat.young, mat.poisson
  local params, mats, A, B, estar, rstar, mstar
  if test == 1 then                                                  -- two free spheres
    estar, rstar, mstar = E / (2 * (1 - nu * nu)), r / 2, m / 2
    params, mats = { en = en }, { m = mat }
    A = { radius = r, material = "m", vel = { v / 2, 0, 0 } }
    B = { radius = r, material = "m", vel = { -v / 2, 0, 0 } }
  else                                                               -- sphere B on the plane A
    local plane, extra = bench.rigid_plane(mat)
    estar, rstar, mstar = E / (1 - nu * nu), r, m
    params, mats = bench.merge({ en = en }, extra), { m = mat, plane = plane }
    A = { shape = "wall", material = "plane" }
    B = { radius = r, material = "m", vel = { -v, 0, 0 } }
  end
  local h = bench.hertz(estar, rstar, mstar, v)
  local dt = h.tc / steps
  local got = { dmax = 0, fmax = 0, tlast = 0, dlast = 0, vlast = 0 }
  local name = string.format("chung-ooi-test%d-%s", test, matname)
  local res = bench.impact{
    name = name, params = params, materials = mats, A = A, B = B, vn = v, dt = dt,
    sample = function(C, stage)
      local d, F = -C.uN, -C.f[1]
      if d > got.dmax then got.dmax = d end
      if F > got.fmax then got.fmax = F end
      got.tlast, got.dlast, got.vlast = stage.time, d, C.v[1]
      if curves and (stage.step + phase) % 80 == 0 then   -- the materials' markers staggered
        curves[#curves + 1] = bench.row(test, matname, stage.time - dt / 2, d, F, h.tc, h.dmax, h.fmax)
      end
    end,
  }
  -- touch at dt/2 (gap = v dt/2); the end: the last overlap closed at the last normal speed
  got.tc = got.tlast + got.dlast / math.abs(got.vlast) - dt / 2
  local vA, vB = res.A.vel[1], res.B.vel[1]
  got.e = (vB - vA) / v
  return h, got, { estar = estar, rstar = rstar, mstar = mstar, v = v }
end

local rows = { "test\tmaterial\tquantity\tclosed_form\tlawtester\trel_error\testar\trstar\tmstar\tv" }
local curves = { "test\tmaterial\tt\tdelta\tF\ttc_hertz\tdmax_hertz\tfmax_hertz" }
local worst = 0
local function report(test, matname, q, closed, measured, p)
  local err = math.abs(measured - closed) / math.abs(closed)
  worst = math.max(worst, err)
  rows[#rows + 1] = bench.row(test, matname, q, closed, measured, err, p.estar, p.rstar, p.mstar, p.v)
  print(string.format("test %d %-10s %-5s closed form %.9g  lawtester %.9g  rel. error %.2e", test, matname, q,
                      closed, measured, err))
end

-- tests 1 and 2: elastic, the whole curve
for i, c in ipairs(bench.pick({ { 1, "glass" }, { 1, "limestone" }, { 2, "al_alloy" }, { 2, "mg_alloy" } },
                              { { 1, "glass" }, { 2, "al_alloy" } }, { { 2, "al_alloy" } })) do
  local h, got, p = normal_impact(c[1], c[2], 1, curves, 20 * i)
  report(c[1], c[2], "dmax", h.dmax, got.dmax, p)
  report(c[1], c[2], "fmax", h.fmax, got.fmax, p)
  report(c[1], c[2], "tc", h.tc, got.tc, p)
  report(c[1], c[2], "e", 1, got.e, p)
end
-- the closed-form curve, in units of t_c, delta_max, F_max (the same for every elastic impact)
local hertz = { "s\tt_over_tc\tdelta_over_dmax\tF_over_fmax" }
local thalf = hertz_time(math.pi / 2)
for i = 0, 100 do
  local s = math.pi * i / 100
  local t = s <= math.pi / 2 and hertz_time(s) or 2 * thalf - hertz_time(math.pi - s)
  local x = math.sin(s) ^ 0.8                                         -- delta/delta_max
  hertz[#hertz + 1] = bench.row(s, t / (2 * thalf), x, x ^ 1.5)
end

-- test 3: the set restitution, e = en
local rest = { "material\ten_set\te_lawtester\trel_error" }
for _, matname in ipairs(bench.pick({ "al_oxide", "cast_iron" }, { "al_oxide", "cast_iron" }, { "al_oxide" })) do
  for _, en in ipairs(bench.pick({ 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0 }, { 0.2, 1.0 }, { 0.2 })) do
    local _, got, p = normal_impact(3, matname, en)
    report(3, matname, "e", en, got.e, p)
    rest[#rest + 1] = bench.row(matname, en, got.e, math.abs(got.e - en) / en)
  end
end

bench.write("chung-ooi-normal.tsv", rows)
bench.write("chung-ooi-normal-curves.tsv", curves)
bench.write("chung-ooi-normal-hertz.tsv", hertz)
bench.write("chung-ooi-restitution.tsv", rest)
print(string.format("largest relative error against the closed forms: %.2e (%d steps per contact)", worst, steps))
