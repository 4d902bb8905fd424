-- stages/adhesion_cycle.lua - one approach-separation cycle of `hertz_adhesion` in its JKR model
-- (laws/hertz_adhesion.c; Johnson, Kendall & Roberts 1971; docs/laws.md): two elastomer spheres
-- (E = 1 MPa, nu = 0.5, r = 10 mm, both held; work of adhesion 0.05 J/m^2) start 8 um apart,
-- approach to 20 um overlap, hold, and are pulled apart beyond the neck, 3 um further.  The contact forms at
-- touch with the attraction (4/3) pi w R*, follows the JKR branch, passes the largest attraction
-- (3/2) pi w R* (the pull-off under force control) and snaps at the neck
-- delta_c = -(3/4) (pi^2 w^2 R*/E*^2)^(1/3) (tension: uN = +|delta_c|) with (5/6) pi w R*; the
-- loop encloses the energy lost, pi w (2/5 a_c^2 + 3/5 a_t^2).  The script prints the measured
-- values against these closed forms and checks them.
-- Units SI; Fx > 0 is an attraction (include/lawtester/law.h).  Run:
--   ./lawtester run stages/adhesion_cycle.lua -o out --plot
-- (out/adhesion-cycle-force_displacement.png shows the loop in its normal panel).
local rubber = { young = 1e6, poisson = 0.5, density = 1100, tanPhi = 0.5 }
local r, w, v = 0.01, 0.05, 1e-3          -- m, J/m^2, m/s
local h = 5e-9                            -- m: overlap change per step
local dt = h / v
local Es = 1 / (2 * (1 - 0.5^2) / 1e6)    -- E*, Pa
local Rs = r / 2                          -- R*, m
local pi = math.pi
local neck = 0.75 * (pi^2 * w^2 * Rs / Es^2)^(1 / 3)      -- |delta_c|, m
local ac = (pi * w * Rs^2 / (8 * Es))^(1 / 3)
local at = (2 * pi * w * Rs^2 / Es)^(1 / 3)
local loss = pi * w * (0.4 * ac^2 + 0.6 * at^2)             -- J
local pull = 1.5 * pi * w * Rs                              -- N

local fmax, un_last = 0, nil
local function pulling(C, stage, E)
  if not C then return true end
  fmax = math.max(fmax, C.f[1])
  if C.f[1] ~= 0 then un_last = C.uN end
  return false
end
local res = lawtester.run{
  name = "adhesion-cycle", law = "hertz_adhesion",
  params = { model = "jkr", gamma = w },
  materials = { rubber = rubber },
  particles = { { radius = r, material = "rubber", fixed = true }, { radius = r, material = "rubber", fixed = true } },
  dt = dt, gap = 8e-6 + 0.3 * h,          -- apart beyond the neck; the contact forms inside a step
  stages = {
    { whats = "v.....", values = {-v, 0,0,0,0,0}, till = "C and C.uN <= -2e-5" },
    { whats = "v.....", values = {0, 0,0,0,0,0}, till = "stage.step >= 200" },
    { whats = "v.....", values = {v, 0,0,0,0,0}, till = pulling },
    { whats = "v.....", values = {v, 0,0,0,0,0}, till = "stage.step >= 600" },   -- 3 um further apart
  },
  record = { every = 4 },
}
local work = res.E.work - res.E.kin
print(string.format("largest attraction %.10g N (JKR pull-off (3/2) pi w R* = %.10g N, rel. %.1e)", fmax, pull,
                    math.abs(fmax / pull - 1)))
print(string.format("separated after uN = %.6g m (neck |delta_c| = %.6g m, step %.1g m)", un_last, neck, h))
print(string.format("energy lost over the cycle: adh %.10g J, work %.10g J (closed form %.10g J; rel. %.1e, %.1e)",
                    res.E.adh, work, loss, math.abs(res.E.adh / loss - 1), math.abs(work / loss - 1)))
print(string.format("balance %.2e of the work", math.abs(res.E.balance_err / res.E.work)))
-- tolerances (tests/test_adhesion.c): the sampled peak, kappa (h/2)^2/2 with
-- kappa = 72 3^(4/3)/256 pull/delta_c^2, margin 2; separation within one step of the neck; adh
-- exact to round-off; the work misses half the force jumped times h at touch and at the neck
assert(math.abs(fmax / pull - 1) <= 2 * 72 * 3^(4 / 3) / 256 * (h / neck)^2 / 8, "pull-off off its closed form")
assert(un_last <= neck + 1e-13 and un_last > neck - h * (1 + 1e-6), "did not separate at the neck")
assert(math.abs(res.E.adh / loss - 1) <= 1e-12, "adh off the closed-form cycle loss")
assert(math.abs(work - loss) <= (4 / 3 + 5 / 6) * pi * w * Rs * h / 2, "work over the cycle off the closed form")
assert(math.abs(res.E.balance_err / res.E.work) <= 1e-9, "energy balance")
