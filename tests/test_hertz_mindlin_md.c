/* tests/test_hertz_mindlin_md.c - the tangential rules of hertz_mindlin (`tangential` = rescale,
 * md, incremental), the law stepped directly: Cattaneo-Mindlin loops of the md rule against the
 * branches and cycle energy of Mindlin & Deresiewicz (1953), the no-slip oblique impact against
 * the superposition (laws/hertz_mindlin_cases.c) and its published value, gross sliding of all
 * three rules against the rigid-body limit, the energy balance and the observed orders.  SI
 * units; the impact is a sphere (I = 2/5 m r^2) on a wall, in a leapfrog of its own. */
#include "../laws/hertz_mindlin.h"
#include "../laws/kit/closed_mindlin.h"
#include "check.h"
#include "contact/registry.h"

/* round-off of a run's ~1e4 trapezoid sums, relative to the work or the stored energy */
#define TOL_BALANCE 1e-9
/* the md rule at 160 cells (mdCells' default): the cycle energy and the branch forces were
 * measured within 7e-5 and 6e-5 mu P (second order in the cell length); 1e-4 */
#define TOL_MD_CELLS 1e-4
/* the closed-form loop integrated numerically (midpoint rule, 2e5 intervals; the integrand has
 * a square-root end, error ~1e-9) */
#define TOL_LOOP_INTEGRAL 1e-7

static const lt_law *hm(void) { return lt_find_law("hertz_mindlin"); }

static void defaults(double *p)
{
    const lt_law *law = hm();
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
}

static lt_material mat = {1e9, 0.3, 1000, 0.5, 0.3}; /* unused: E*, G*, R*, mu are given */

/* ---- Cattaneo-Mindlin loops at a held overlap --------------------------------------------- */

typedef struct loop_setup {
    double estar, gstar, rstar, mu, delta; /* Pa, Pa, m, -, m */
} loop_setup;

static const loop_setup LOOP = {1e9, 0.8591e9 / 4, 0.01, 0.3, 1e-5};

/* The loading branch T(u) = mu P [1 - (1 - u/c0)^{3/2}] (u <= c0, then mu P). */
static double branch(double u, double muP, double c0)
{
    return muP * (1 - pow(1 - fmin(u / c0, 1), 1.5));
}

typedef struct loop_result {
    double energy;  /* J, dissipated (plast + kvar) over the last two legs */
    double work;    /* J, trapezoid work of the tangential force over them */
    double branch;  /* largest |F - closed form| / (mu P) along the three legs */
    double balance; /* largest |work - d elast - dissipated| / max elast */
} loop_result;

/* normal loading to delta in 1000 steps, then 0 -> ua -> -ua -> ua along local y (dof 1) or z
 * (dof 2) in n steps per amplitude, md with `cells` cells */
static loop_result md_loop(const loop_setup *L, double ua_c0, int n, int cells, int dof)
{
    const lt_law *law = hm();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    defaults(p);
    p[HM_P_ESTAR] = L->estar, p[HM_P_GSTAR] = L->gstar, p[HM_P_RSTAR] = L->rstar,
    p[HM_P_TANPHI] = L->mu;
    p[HM_P_TANGENTIAL] = LT_TANGENTIAL_MD, p[HM_P_MDCELLS] = cells;
    lt_contact c = {0};
    c.mat[0] = c.mat[1] = &mat, c.rcurv[0] = INFINITY, c.rcurv[1] = L->rstar, c.mstar = 1,
    c.tanPhi = L->mu;
    c.dt = 1;
    lt_response r = {0};
    for (int i = 1; i <= 1000; i++) {
        c.uN = -L->delta * i / 1000, c.v[0] = -L->delta / 1000, c.fresh = i == 1;
        if (c.fresh) law->init(p, &c, s);
        law->step(p, &c, s, &r);
    }
    double K = 4.0 / 3 * L->estar * sqrt(L->rstar), P = K * pow(L->delta, 1.5),
           a = sqrt(L->rstar * L->delta);
    double muP = L->mu * P, c0 = lt_mindlin_c0(L->mu, P, L->gstar, a), ua = ua_c0 * c0, du = ua / n;
    double Tstar = branch(ua, muP, c0), u = 0, f0 = 0, el0 = r.energy[HM_E_ELAST];
    loop_result o = {0, 0, 0, 0};
    double elmax = 0, bal = 0;
    c.v[0] = 0, c.fresh = 0;
    for (int leg = 0; leg < 3; leg++) {
        double sg = leg == 1 ? -1 : 1;
        for (int i = 0; i < (leg ? 2 * n : n); i++) {
            c.v[1] = dof == 1 ? sg * du : 0, c.v[2] = dof == 2 ? sg * du : 0;
            law->step(p, &c, s, &r);
            u += sg * du;
            double f = r.f[dof], dw = 0.5 * (f0 + f) * sg * du;
            double diss = r.energy[HM_E_PLAST] + r.energy[HM_E_KVAR] + r.energy[HM_E_VISC] +
                          r.energy[HM_E_QUAD];
            bal += dw - (r.energy[HM_E_ELAST] - el0) - diss;
            el0 = r.energy[HM_E_ELAST], elmax = fmax(elmax, el0), f0 = f;
            if (leg) o.energy += r.energy[HM_E_PLAST] + r.energy[HM_E_KVAR], o.work += dw;
            o.balance = fmax(o.balance, fabs(bal));
            /* Masing: the branch from the last reversal at +-T* is T* -+ 2 T((distance)/2) */
            double T = leg == 0   ? branch(u, muP, c0)
                       : leg == 1 ? Tstar - 2 * branch((ua - u) / 2, muP, c0)
                                  : -Tstar + 2 * branch((u + ua) / 2, muP, c0);
            o.branch = fmax(o.branch, fabs(f - T) / muP);
        }
    }
    o.balance /= elmax;
    return o;
}

/* The loop energy formula of laws/hertz_mindlin_cases.c against a numerical integral of the
 * loop between the Masing branches (in units c0 = mu P = 1: the loop is the area between
 * ua - 2 d((T* - T)/2) and -ua + 2 d((T* + T)/2), d(T) = 1 - (1 - T)^{2/3}, plus, beyond full
 * slip, the sliding rectangle 4 (ua - 1)). */
static void test_md_cycle_energy_formula(void)
{
    const double ratios[] = {0.1, 0.5, 0.9, 1.0, 1.7};
    for (int i = 0; i < 5; i++) {
        double ua = ratios[i], phi = ua >= 1 ? 1 : 1 - pow(1 - ua, 1.5), us = fmin(ua, 1), area = 0;
        const int n = 200000;
        for (int k = 0; k < n; k++) {
            double T = -phi + (k + 0.5) * 2 * phi / n;
            double down = us - 2 * (1 - pow(1 - (phi - T) / 2, 2.0 / 3)),
                   up = -us + 2 * (1 - pow(1 - (phi + T) / 2, 2.0 / 3));
            area += (down - up) * 2 * phi / n;
        }
        if (ua > 1) area += 4 * (ua - 1);
        /* gstar, a such that c0 = 3 mu P/(16 G* a) = 1 with mu P = 1 */
        double W = lt_mindlin_cycle_energy(1, 1, 3.0 / 16, 1, ua);
        CHECK_REL(W, area, TOL_LOOP_INTEGRAL, "cycle energy formula = integral of the loop");
    }
}

/* The md loop against the branches and the energy (160 cells), along y and z; the energy the
 * law books equals the work of the loop, and balances step by step. */
static void test_md_cycle_against_mindlin_deresiewicz(void)
{
    const double ratios[] = {0.75, 2.0};
    for (int dof = 1; dof <= 2; dof++)
        for (int i = 0; i < 2; i++) {
            loop_result o = md_loop(&LOOP, ratios[i], 2000, HM_MD_MAX_CELLS, dof);
            double K = 4.0 / 3 * LOOP.estar * sqrt(LOOP.rstar), P = K * pow(LOOP.delta, 1.5);
            double a = sqrt(LOOP.rstar * LOOP.delta), c0 = lt_mindlin_c0(LOOP.mu, P, LOOP.gstar, a);
            double W = lt_mindlin_cycle_energy(LOOP.mu, P, LOOP.gstar, a, ratios[i] * c0);
            CHECK_REL(o.energy, W, TOL_MD_CELLS, "md cycle energy (Mindlin & Deresiewicz)");
            CHECK_MSG(o.branch <= TOL_MD_CELLS, "branches: |F - T|/(mu P) = %g", o.branch);
            CHECK_REL(o.energy, o.work, TOL_BALANCE,
                      "dissipated over the cycle = work of the loop");
            CHECK_MSG(o.balance <= TOL_BALANCE, "balance/elast %g", o.balance);
            if (dof == 1)
                printf("     ua = %.2f c0: energy %.10e (MD %.10e, %.1e), branches %.1e mu P\n",
                       ratios[i], o.energy, W, o.energy / W - 1, o.branch);
        }
}

/* Observed order of the cycle energy's error in the cell count (40, 80, 160; ua = c0): the
 * slip front is resolved to second order (measured 2.0-2.1); at least 1.8. */
#define ORDER_CELLS_MIN 1.8
static void test_md_cycle_order_in_cells(void)
{
    double K = 4.0 / 3 * LOOP.estar * sqrt(LOOP.rstar), P = K * pow(LOOP.delta, 1.5),
           a = sqrt(LOOP.rstar * LOOP.delta);
    double W = lt_mindlin_cycle_energy(LOOP.mu, P, LOOP.gstar, a,
                                       lt_mindlin_c0(LOOP.mu, P, LOOP.gstar, a)),
           e[3];
    for (int i = 0; i < 3; i++) e[i] = fabs(md_loop(&LOOP, 1.0, 2000, 40 << i, 1).energy / W - 1);
    double p1 = log2(e[0] / e[1]), p2 = log2(e[1] / e[2]);
    printf("     cycle energy error at 40, 80, 160 cells: %.2e %.2e %.2e, orders %.2f %.2f\n", e[0],
           e[1], e[2], p1, p2);
    CHECK_MSG(p1 >= ORDER_CELLS_MIN && p2 >= ORDER_CELLS_MIN, "orders %g %g", p1, p2);
}

/* ---- oblique impact of a sphere on a wall --------------------------------------------------- */

typedef struct impact_result {
    double ratio;   /* vc'/vc, contact point's tangential velocity */
    double et;      /* vt'/vt, centre's tangential velocity */
    double en;      /* -vn'/vn */
    double balance; /* |work - elast - dissipated| / max elast */
    double kvar;    /* J, booked kvar over the impact */
} impact_result;

/* kappa = 4 G* / E*, tan(theta) = vt/vn, mu (0: noSlip), n steps per contact time */
static impact_result wall_impact(double kappa, int rule, double tan_theta, double mu, int n,
                                 int cells)
{
    const lt_law *law = hm();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    defaults(p);
    const double estar = 1e9, rstar = 0.01, m = 1e-3, vn0 = 0.1;
    p[HM_P_ESTAR] = estar, p[HM_P_GSTAR] = kappa * estar / 4, p[HM_P_RSTAR] = rstar;
    p[HM_P_TANGENTIAL] = rule, p[HM_P_MDCELLS] = cells;
    p[HM_P_NOSLIP] = mu == 0, p[HM_P_TANPHI] = mu;
    lt_contact c = {0};
    c.mat[0] = c.mat[1] = &mat, c.rcurv[0] = INFINITY, c.rcurv[1] = rstar, c.mstar = m,
    c.tanPhi = mu;
    double K = 4.0 / 3 * estar * sqrt(rstar), tc = 3.2145 * pow(m * m / (K * K * vn0), 0.2),
           dt = tc / n;
    c.dt = dt;
    double mt = m / 3.5, d = 0, vn = -vn0, vc = tan_theta * vn0, vt = vc, fn0 = 0, ft0 = 0, el0 = 0,
           bal = 0, elmax = 0;
    impact_result o = {0, 0, 0, 0, 0};
    lt_response r = {0};
    for (long i = 0; i < 10L * n; i++) {
        double dd = -vn * dt;
        d += dd;
        if (d <= 0 && vn > 0) break;
        c.uN = -d, c.v[0] = vn, c.v[1] = vc, c.v[2] = 0, c.fresh = i == 0;
        if (c.fresh) law->init(p, &c, s);
        law->step(p, &c, s, &r);
        double fn = r.f[0], ft = r.f[1];
        double dw = 0.5 * (fn0 + fn) * -dd + 0.5 * (ft0 + ft) * vc * dt, diss = 0;
        for (int k = 1; k < HM_E_COUNT; k++) diss += r.energy[k];
        bal += dw - (r.energy[HM_E_ELAST] - el0) - diss;
        el0 = r.energy[HM_E_ELAST], elmax = fmax(elmax, el0), fn0 = fn, ft0 = ft;
        o.balance = fmax(o.balance, fabs(bal));
        o.kvar += r.energy[HM_E_KVAR];
        vn -= fn / m * dt; /* the force on the wall A is -(the force on the sphere B) */
        vc -= ft / mt * dt;
        vt -= ft / m * dt;
    }
    o.ratio = vc / (tan_theta * vn0), o.et = vt / (tan_theta * vn0), o.en = vn / vn0,
    o.balance /= elmax;
    return o;
}

/* the published no-slip value for kappa = 0.8591, K^2 = 2/5, 0.2826 (e_t = 0.795): a figure
 * of a finite resolution; the superposition converges to 0.282540 (its first-order form, at
 * 4000 ... 1024000 steps, extrapolates to the same 0.282540), 2e-4 below it; 1e-3 */
#define MD_STICK_PUBLISHED 0.2826
#define TOL_PUBLISHED 1e-3
/* the superposition at 20000 and 40000 steps: ~3e-8 apart (order 1.5); 2e-7 relative */
#define TOL_REFERENCE 2e-7
/* the law at 4000 steps, 160 cells against the converged superposition: measured 6e-5 (the
 * merged cells' history) */
#define TOL_LAW_STICK 1.5e-4

/* No slip: md against the superposition (and the published 0.2826), kappa = 2/7 reverses the
 * contact point's velocity exactly (-1); the defects of the two other rules: rescale keeps too
 * much of vc (about 0.574), incremental creates energy (|vc'| > |vc|, kvar < 0). */
static void test_md_no_slip_impact(void)
{
    double ref = lt_mindlin_stick_ratio(0.8591, 0.4, 40000),
           ref2 = lt_mindlin_stick_ratio(0.8591, 0.4, 20000);
    CHECK_REL(ref, ref2, TOL_REFERENCE, "superposition converged in steps");
    CHECK_REL(ref, MD_STICK_PUBLISHED, TOL_PUBLISHED / MD_STICK_PUBLISHED,
              "no-slip vc'/vc = 0.2826");
    CHECK_ABS(lt_mindlin_stick_ratio(2.0 / 7, 0.4, 40000), -1, TOL_REFERENCE,
              "kappa = 2/7: vc'/vc = -1");
    impact_result md = wall_impact(0.8591, LT_TANGENTIAL_MD, 0.1, 0, 4000, HM_MD_MAX_CELLS);
    impact_result md27 = wall_impact(2.0 / 7, LT_TANGENTIAL_MD, 0.1, 0, 4000, HM_MD_MAX_CELLS);
    impact_result rs = wall_impact(0.8591, LT_TANGENTIAL_RESCALE, 0.1, 0, 4000, HM_MD_MAX_CELLS);
    impact_result inc =
        wall_impact(0.8591, LT_TANGENTIAL_INCREMENTAL, 0.1, 0, 4000, HM_MD_MAX_CELLS);
    CHECK_REL(md.ratio, ref, TOL_LAW_STICK, "md no-slip impact");
    CHECK_ABS(md27.ratio, -1, TOL_LAW_STICK, "md no-slip impact, kappa = 2/7");
    CHECK(rs.ratio > 0.55 && rs.ratio < 0.6);
    CHECK(inc.ratio > 1 && inc.kvar < 0);
    const impact_result *all[4] = {&md, &md27, &rs, &inc};
    for (int i = 0; i < 4; i++)
        CHECK_MSG(all[i]->balance <= TOL_BALANCE, "balance %g", all[i]->balance);
    printf(
        "     no slip, kappa 0.8591: superposition %.6f, md %.6f, rescale %.6f, incremental %.6f\n",
        ref, md.ratio, rs.ratio, inc.ratio);
}

/* Observed order of the no-slip ratio in dt, the superposition (no cells): 8000, 16000, 32000
 * steps against 256000.  Measured 1.55 and 1.57: the tangential force ~ sqrt(delta) is not
 * smooth where the contact ends (the half increment of the entering annulus removes the first-
 * order error of the loading; the whole increment gives order 1); at least 1.4. */
#define ORDER_DT_MIN 1.4
static void test_md_no_slip_order_in_dt(void)
{
    double ref = lt_mindlin_stick_ratio(0.8591, 0.4, 256000), e[3];
    for (int i = 0; i < 3; i++) e[i] = fabs(lt_mindlin_stick_ratio(0.8591, 0.4, 8000 << i) - ref);
    double p1 = log2(e[0] / e[1]), p2 = log2(e[1] / e[2]);
    printf(
        "     superposition error at 8000, 16000, 32000 steps: %.2e %.2e %.2e, orders %.2f %.2f\n",
        e[0], e[1], e[2], p1, p2);
    CHECK_MSG(p1 >= ORDER_DT_MIN && p2 >= ORDER_DT_MIN, "orders %g %g", p1, p2);
}

/* Gross sliding (tan(theta)/mu = 10 > 3.5 (1 + e), and kappa tan(theta) > mu: every spring
 * slides from touch): the friction impulse is mu times the normal one, vt'/vt = 1 - mu (1 +
 * e_n)/tan(theta), for all three rules; e_n as measured (the same kicks). */
#define TOL_GROSS 1e-6
static void test_gross_sliding_all_rules(void)
{
    const double mu = 0.3, tan_theta = 10 * mu;
    for (int rule = 0; rule < 3; rule++) {
        impact_result o = wall_impact(0.8591, rule, tan_theta, mu, 4000, HM_MD_MAX_CELLS);
        CHECK_REL(o.et, 1 - mu * (1 + o.en) / tan_theta, TOL_GROSS, "gross sliding e_t");
        CHECK_MSG(o.balance <= TOL_BALANCE, "balance %g", o.balance);
    }
}

const test_case hertz_mindlin_md_tests[] = {
    TEST(md_cycle_energy_formula),
    TEST(md_cycle_against_mindlin_deresiewicz),
    TEST(md_cycle_order_in_cells),
    TEST(md_no_slip_impact),
    TEST(md_no_slip_order_in_dt),
    TEST(gross_sliding_all_rules),
    {0, 0},
};
