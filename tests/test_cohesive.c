/* tests/test_cohesive.c - the cohesive law on hand-made contacts, no driver: the bonded elastic
 * response, breakage in tension and in shear (then frictional, then lost in tension), plastic
 * flow instead of breakage, the two bond surfaces (Mohr-Coulomb with a tension cut-off, the
 * elliptic cap: its tangency and tip), and the step energies against the trapezoid-rule work
 * (docs/energy.md): E_before + work = E_after + dissipated, on every step kind. */
#include "../laws/cohesive.h"
#include "check.h"
#include "contact/registry.h"
#include <lawtester/law.h>

/* Closed forms of a handful of operations on numbers of order 1e2 N and 1e-4 m: 1e-13 relative
 * covers their round-off with a wide margin (~500 ulp). */
#define TOL_ROUNDOFF 1e-13

static const double KN = 1e6, KT = 5e5, MU = 0.5, RT = 40, C = 30,
                    DT = 1e-6; /* N/m, N/m, -, N, N, s */

static const lt_law *cohesive(void) { return lt_find_law("cohesive"); }

typedef struct contact {
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE];
    lt_contact c;
    lt_response r;
    double uN_prev; /* m, for the trapezoid work of the normal force */
} contact;

static void setup(contact *k, int surface, int plastic, double uN)
{
    const lt_law *law = cohesive();
    memset(k, 0, sizeof *k);
    for (int i = 0; i < law->n_params; i++) k->p[i] = law->params[i].def;
    k->p[COH_P_KN] = KN, k->p[COH_P_KT] = KT, k->p[COH_P_TANPHI] = MU;
    k->p[COH_P_TENSILE] = RT, k->p[COH_P_COHESION] = C, k->p[COH_P_SURFACE] = surface,
    k->p[COH_P_PLASTIC] = plastic;
    k->c.dt = DT;
    k->c.uN = uN;
    k->c.fresh = 1;
    law->init(k->p, &k->c, k->s);
    CHECK(law->step(k->p, &k->c, k->s, &k->r) == 1);
    k->c.fresh = 0;
    k->uN_prev = uN;
}

/* One step to uN with tangential velocity vy; checks the energy identity of the step:
 * elast before + trapezoid work = elast after + plast increment + bond increment. */
static int step_to(contact *k, double uN, double vy)
{
    const lt_law *law = cohesive();
    lt_response before = k->r;
    k->c.uN = uN;
    k->c.v[0] = (uN - k->uN_prev) / DT;
    k->c.v[1] = vy;
    memset(&k->r, 0, sizeof k->r);
    int alive = law->step(k->p, &k->c, k->s, &k->r);
    if (!alive) return 0;
    double work = 0.5 * (before.f[0] + k->r.f[0]) * (uN - k->uN_prev) +
                  0.5 * (before.f[1] + k->r.f[1]) * vy * DT;
    double lhs = before.energy[COH_E_ELAST] + work;
    double rhs = k->r.energy[COH_E_ELAST] + k->r.energy[COH_E_PLAST] + k->r.energy[COH_E_BOND];
    CHECK_ABS(lhs, rhs, TOL_ROUNDOFF * (fabs(before.energy[COH_E_ELAST]) + fabs(work) + 1e-3),
              "step energy identity");
    k->uN_prev = uN;
    return 1;
}

static double g_mc(double fn) { return C - MU * fn; } /* the Mohr-Coulomb line, N */

static void test_registered_with_surface(void)
{
    const lt_law *law = cohesive();
    CHECK(law != NULL);
    if (!law) return;
    CHECK(law->api_version == LT_LAW_API_VERSION);
    CHECK(lt_law_yield(law) != NULL);
    CHECK(lt_law_energy_index(law, "bond") == COH_E_BOND &&
          law->energies[COH_E_BOND].kind == LT_DISSIPATED);
    CHECK(lt_law_param_index(law, "tensile") == COH_P_TENSILE &&
          lt_law_param_index(law, "plastic") == COH_P_PLASTIC);
}

/* Below the strength the bond is a linear spring in tension and in shear. */
static void test_bonded_elastic_in_tension(void)
{
    contact k;
    setup(&k, 0, 0, -1e-5);
    double u = 0.8 * RT / KN; /* tension at 80 % of the tensile strength */
    CHECK(step_to(&k, u, 0));
    CHECK_REL(k.r.f[0], KN * u, TOL_ROUNDOFF, "Fn = kn uN in tension");
    CHECK(k.s[COH_S_BONDED] == 1 && k.s[COH_S_YIELD] == 0);
    CHECK(step_to(&k, u, 0.5 * g_mc(KN * u) / KT / DT)); /* shear to half the limit in one step */
    CHECK_REL(k.r.f[1], 0.5 * g_mc(KN * u), TOL_ROUNDOFF, "Ft elastic");
    CHECK(k.s[COH_S_BONDED] == 1 && k.r.energy[COH_E_PLAST] == 0 && k.r.energy[COH_E_BOND] == 0);
}

/* Tension beyond Rt: the bond breaks on that step (zero force, bond energy = what it held plus
 * the step's work), and the unbonded contact is lost on the next step at uN > 0. */
static void test_breaks_in_tension(void)
{
    contact k;
    setup(&k, 0, 0, -1e-5);
    double u0 = 0.99 * RT / KN, u1 = 1.01 * RT / KN;
    CHECK(step_to(&k, u0, 0));
    CHECK(k.s[COH_S_BONDED] == 1);
    CHECK(step_to(&k, u1, 0));
    CHECK(k.s[COH_S_BONDED] == 0 && k.s[COH_S_YIELD] == 1);
    CHECK(k.r.f[0] == 0 && k.r.f[1] == 0 && k.r.energy[COH_E_ELAST] == 0);
    double held = 0.5 * KN * u0 * u0, work = 0.5 * KN * u0 * (u1 - u0);
    CHECK_REL(k.r.energy[COH_E_BOND], held + work, TOL_ROUNDOFF, "bond energy released");
    CHECK(step_to(&k, u1 + 1e-7, 0) == 0);
}

/* Shear at Fn = -100 N: the bond holds up to c + mu 100 = 80 N and breaks on the step that
 * crosses it; the broken contact returns to the Coulomb force mu |Fn| = 50 N and then slides. */
static void test_breaks_in_shear_then_frictional(void)
{
    contact k;
    double uN = -1e-4, fn = -KN * 1e-4;
    setup(&k, 0, 0, uN);
    double du = 1e-6, v = du / DT; /* 0.5 N per step */
    int n = 0;
    while (k.s[COH_S_BONDED] && n < 1000) {
        CHECK(step_to(&k, uN, v));
        n++;
    }
    CHECK_MSG(n == (int)floor(g_mc(fn) / (KT * du)) + 1, "broke after %d steps", n);
    CHECK_REL(k.r.f[1], -MU * fn, TOL_ROUNDOFF, "frictional force after breakage");
    CHECK(k.r.energy[COH_E_BOND] > 0 && k.s[COH_S_YIELD] == 1);
    CHECK(step_to(&k, uN, v));
    CHECK_REL(k.r.energy[COH_E_PLAST], -MU * fn * du, TOL_ROUNDOFF,
              "steady sliding dissipates mu |Fn| du");
    CHECK(step_to(&k, 1e-7, 0) == 0); /* unbonded: lost in tension */
}

/* plastic: the normal force stays at the tip while the opening grows (steady flow dissipates
 * Rt du); unloading is elastic about the plastic opening uNp; shear flows at g(Fn). */
static void test_plastic_flow(void)
{
    contact k;
    setup(&k, 0, 1, -1e-5);
    double u_tip = RT / KN, du = 1e-7;
    CHECK(step_to(&k, u_tip, 0));
    CHECK(step_to(&k, u_tip + du, 0));
    CHECK_REL(k.r.f[0], RT, TOL_ROUNDOFF, "Fn capped at Rt");
    CHECK(step_to(&k, u_tip + 2 * du, 0));
    /* du/u = 1e-2: positions round at 1e-16/1e-7 */
    CHECK_REL(k.r.energy[COH_E_PLAST], RT * du, 1e-9, "steady flow dissipates Rt du");
    CHECK_REL(k.s[COH_S_UNP], 2 * du, 1e-9, "plastic opening");
    CHECK(k.s[COH_S_BONDED] == 1 && k.s[COH_S_YIELD] == 1);
    CHECK(step_to(&k, 0, 0));
    CHECK_REL(k.r.f[0], -KN * 2 * du, 1e-9, "elastic unloading about uNp");
    CHECK(k.s[COH_S_YIELD] == 0);
    for (int i = 0; i < 200; i++) CHECK(step_to(&k, 0, 1));
    CHECK_REL(k.r.f[1], g_mc(k.r.f[0]), TOL_ROUNDOFF, "shear flows on the surface, no breakage");
    CHECK(k.s[COH_S_BONDED] == 1 && k.r.energy[COH_E_BOND] == 0);
}

/* The surfaces through the yield descriptor: Mohr-Coulomb with its tip at min(Rt, c/mu); the
 * elliptic cap tangent to the Coulomb line at xt = mu rt^2/c (same value, same slope), through
 * (rt, 0), below the line between; the broken bond is the Coulomb cone. */
static void test_surfaces(void)
{
    const lt_yield *y = lt_law_yield(cohesive());
    contact k;
    setup(&k, 0, 0, -1e-5);
    CHECK(y->fn_max(k.p, k.s) == RT);
    CHECK_REL(y->ft_max(k.p, k.s, -100), g_mc(-100), TOL_ROUNDOFF, "MC in compression");
    CHECK_REL(y->ft_max(k.p, k.s, RT), g_mc(RT), TOL_ROUNDOFF, "MC at the cut-off");
    CHECK(y->ft_max(k.p, k.s, RT * (1 + 1e-12)) < 0);
    k.p[COH_P_TENSILE] = 1e3; /* beyond the apex c/mu = 60 N */
    CHECK_REL(y->fn_max(k.p, k.s), C / MU, TOL_ROUNDOFF, "tip at the apex");
    k.p[COH_P_TENSILE] = RT;
    k.p[COH_P_SURFACE] = 1;
    double xt = MU * RT * RT / C, h = 1e-6 * RT;
    CHECK_REL(y->ft_max(k.p, k.s, xt - h), g_mc(xt - h), TOL_ROUNDOFF, "line below xt");
    CHECK_REL(y->ft_max(k.p, k.s, xt + h), g_mc(xt + h), 1e-10,
              "tangent: value at xt"); /* off by O(h^2) */
    double slope = (y->ft_max(k.p, k.s, xt + 2 * h) - y->ft_max(k.p, k.s, xt + h)) / h;
    CHECK_REL(slope, -MU, 1e-4,
              "tangent: slope at xt"); /* forward difference: O(h / curvature radius) */
    CHECK(y->ft_max(k.p, k.s, RT) == 0);
    for (int i = 1; i < 100; i++) {
        double fn = xt + (RT - xt) * i / 100.0;
        CHECK(y->ft_max(k.p, k.s, fn) < g_mc(fn));
    }
    k.p[COH_P_COHESION] = 0.9 * MU * RT; /* no tangent ellipse: falls back to Mohr-Coulomb */
    CHECK_REL(y->ft_max(k.p, k.s, 0.5 * y->fn_max(k.p, k.s)),
              0.9 * MU * RT - MU * 0.5 * y->fn_max(k.p, k.s), TOL_ROUNDOFF, "fallback");
    k.s[COH_S_BONDED] = 0;
    CHECK(y->fn_max(k.p, k.s) == 0 && y->ft_max(k.p, k.s, 1) < 0);
    CHECK_REL(y->ft_max(k.p, k.s, -100), MU * 100, TOL_ROUNDOFF, "broken: Coulomb");
}

/* The elliptic bond breaks where the ellipse is: tension at Fn = 0.9 rt, shear grows until the
 * trial crosses g(Fn); the last elastic force is within one increment kt du below g. */
static void test_elliptic_breaks_on_the_cap(void)
{
    contact k;
    setup(&k, 1, 0, -1e-5);
    const lt_yield *y = lt_law_yield(cohesive());
    double uN = 0.9 * RT / KN, du = 1e-8, v = du / DT;
    CHECK(step_to(&k, uN, 0));
    double g = y->ft_max(k.p, k.s, KN * uN), last = 0;
    while (k.s[COH_S_BONDED]) {
        last = k.r.f[1];
        CHECK(step_to(&k, uN, v));
    }
    CHECK_MSG(last <= g && g - last <= KT * du,
              "last elastic |Ft| %.17g, surface %.17g, increment %g", last, g, KT * du);
}

/* ---- the bond's moments (Potyondy & Cundall's parallel bond, laws/cohesive.c) ---------------- */

static const double RB = 0.01, KR = 25, KTW = 25; /* m, N m/rad, N m/rad */

/* One step of every DoF at once: normal to uN, the others at the velocities v[1..5] (m/s,
 * rad/s); the step's energy identity over all six DoFs: elast before + trapezoid work = elast
 * after + plast + bond increments. */
static int step6(contact *k, double uN, const double v[LT_DOF], double *work_sum)
{
    const lt_law *law = cohesive();
    lt_response before = k->r;
    k->c.uN = uN;
    k->c.v[0] = (uN - k->uN_prev) / DT;
    for (int i = 1; i < LT_DOF; i++) k->c.v[i] = v[i];
    memset(&k->r, 0, sizeof k->r);
    if (!law->step(k->p, &k->c, k->s, &k->r)) return 0;
    double work = 0.5 * (before.f[0] + k->r.f[0]) * (uN - k->uN_prev);
    for (int i = 1; i < LT_DOF; i++) work += 0.5 * (before.f[i] + k->r.f[i]) * v[i] * DT;
    double lhs = before.energy[COH_E_ELAST] + work;
    double rhs = k->r.energy[COH_E_ELAST] + k->r.energy[COH_E_PLAST] + k->r.energy[COH_E_BOND];
    CHECK_ABS(lhs, rhs, TOL_ROUNDOFF * (fabs(before.energy[COH_E_ELAST]) + fabs(work) + 1e-6),
              "step energy identity (6 DoFs)");
    if (work_sum) *work_sum += work;
    k->uN_prev = uN;
    return 1;
}

static void with_moments(contact *k, int plastic)
{
    setup(k, COH_SURF_MOHR_COULOMB, plastic, -1e-5);
    k->p[COH_P_KR] = KR, k->p[COH_P_KTW] = KTW, k->p[COH_P_RBOND] = RB;
}

/* Without the new parameters (kr = ktw = 0, R_b infinite) a rotation gives no moment and does
 * not touch the strengths: the law of before. */
static void test_moments_default_off(void)
{
    contact k;
    setup(&k, COH_SURF_MOHR_COULOMB, 0, -1e-5);
    CHECK(k.p[COH_P_KR] == 0 && k.p[COH_P_KTW] == 0 && isinf(k.p[COH_P_RBOND]));
    const double v[LT_DOF] = {0, 0, 0, 100, 100, -100};
    for (int i = 0; i < 100; i++) CHECK(step6(&k, -1e-5, v, NULL));
    CHECK(k.r.f[3] == 0 && k.r.f[4] == 0 && k.r.f[5] == 0 && k.s[COH_S_BONDED] == 1);
    CHECK_REL(k.r.f[0], -KN * 1e-5, TOL_ROUNDOFF, "normal force unchanged");
}

/* Bonded, below the strength: M = k theta on A (the sign of laws/linear_rolling.c), stored energy
 * M^2/(2k) in elast. */
static void test_moments_elastic(void)
{
    contact k;
    with_moments(&k, 0);
    const double v[LT_DOF] = {0, 0, 0, 1, 2, -1}; /* rad/s */
    int n = 100;
    for (int i = 0; i < n; i++) CHECK(step6(&k, -1e-5, v, NULL));
    double th[3] = {n * DT * 1, n * DT * 2, -n * DT * 1};
    CHECK_REL(k.r.f[3], KTW * th[0], TOL_ROUNDOFF, "Mt = ktw theta");
    CHECK_REL(k.r.f[4], KR * th[1], TOL_ROUNDOFF, "Mby = kr theta");
    CHECK_REL(k.r.f[5], KR * th[2], TOL_ROUNDOFF, "Mbz = kr theta");
    double e =
        0.5 * KN * 1e-10 + 0.5 * KTW * th[0] * th[0] + 0.5 * KR * (th[1] * th[1] + th[2] * th[2]);
    CHECK_REL(k.r.energy[COH_E_ELAST], e, TOL_ROUNDOFF, "elast with the rotational springs");
}

/* Bending alone breaks the bond at |Mb| = (rt - Fn) R_b/4; the last elastic moment is within one
 * increment kr dtheta below; the moments vanish after, and the bond energy is what they held. */
static void test_bending_breaks_at_the_strength(void)
{
    contact k;
    with_moments(&k, 0);
    double dth = 1e-6, strength = (RT + KN * 1e-5) * RB / 4, last = 0, work = 0;
    const double v[LT_DOF] = {0, 0, 0, 0, dth / DT, 0};
    while (k.s[COH_S_BONDED]) {
        last = k.r.f[4];
        CHECK(step6(&k, -1e-5, v, &work));
    }
    CHECK_MSG(last <= strength && strength - last <= KR * dth,
              "last elastic moment %.17g, strength %.17g", last, strength);
    CHECK(k.r.f[3] == 0 && k.r.f[4] == 0 && k.r.f[5] == 0);
    /* the bond released the moment's spring energy (and nothing of the normal spring, which holds)
     * */
    CHECK_REL(k.r.energy[COH_E_BOND], 0.5 * (last + 0) * (last + KR * dth) / KR, TOL_ROUNDOFF,
              "released energy");
}

/* Twisting at Fn = -10 N breaks at |Mt| = (c - mu Fn) R_b/2; a shear force takes its share of
 * the same strength: |Ft| + 2|Mt|/R_b = c - mu Fn. */
static void test_twist_shares_the_shear_strength(void)
{
    const double ft = 15; /* N of shear first */
    contact k;
    with_moments(&k, 0);
    const double vs[LT_DOF] = {0, ft / KT / (100 * DT), 0, 0, 0, 0};
    for (int i = 0; i < 100; i++) CHECK(step6(&k, -1e-5, vs, NULL));
    CHECK_REL(k.r.f[1], ft, TOL_ROUNDOFF, "shear force");
    double dth = 1e-6, strength = (C + MU * KN * 1e-5 - ft) * RB / 2, last = 0;
    const double v[LT_DOF] = {0, 0, 0, dth / DT, 0, 0};
    while (k.s[COH_S_BONDED]) {
        last = k.r.f[3];
        CHECK(step6(&k, -1e-5, v, NULL));
    }
    CHECK_MSG(last <= strength && strength - last <= KTW * dth,
              "last elastic twist %.17g, strength %.17g", last, strength);
}

/* A plastic bond under opening, bending, shear and twist together: it stays on its surface
 * (Fn + 4|Mb|/R_b <= rt, |Ft| + 2|Mt|/R_b <= g) and every step's energy identity holds; over the
 * run, work = elast + plast to round-off. */
static void test_plastic_flow_with_moments(void)
{
    contact k;
    with_moments(&k, 1);
    const lt_yield *y = lt_law_yield(cohesive());
    double work = 0, uN = -1e-5, e0 = k.r.energy[COH_E_ELAST], plast = 0;
    const double v[LT_DOF] = {0, 0.02, 0.01, 0.5, 1, -0.7};
    for (int i = 0; i < 4000; i++) {
        uN += 2e-11;
        CHECK(step6(&k, uN, v, &work));
        plast += k.r.energy[COH_E_PLAST];
        CHECK(y->excess(k.p, k.s, k.r.f) <= 1e-12);
    }
    CHECK(k.s[COH_S_BONDED] == 1 && plast > 0);
    CHECK_ABS(e0 + work, k.r.energy[COH_E_ELAST] + plast, 1e-12 * (fabs(work) + e0),
              "run energy balance");
    double fn_eq = k.r.f[0] + 4 * hypot(k.r.f[4], k.r.f[5]) / RB,
           ft_eq = hypot(k.r.f[1], k.r.f[2]) + 2 * fabs(k.r.f[3]) / RB;
    CHECK_REL(ft_eq, C - MU * fn_eq, 1e-9, "on the shear surface of the extreme fibre");
}

const test_case cohesive_tests[] = {
    TEST(moments_default_off),
    TEST(moments_elastic),
    TEST(bending_breaks_at_the_strength),
    TEST(twist_shares_the_shear_strength),
    TEST(plastic_flow_with_moments),
    TEST(registered_with_surface),
    TEST(bonded_elastic_in_tension),
    TEST(breaks_in_tension),
    TEST(breaks_in_shear_then_frictional),
    TEST(plastic_flow),
    TEST(surfaces),
    TEST(elliptic_breaks_on_the_cap),
    {0, 0},
};
