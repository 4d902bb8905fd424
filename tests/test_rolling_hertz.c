/* tests/test_rolling_hertz.c - the option `rolling` of the Hertz laws `hertz_mindlin` and
 * `thornton` (laws/kit/rolling.h):
 *   - the stiffnesses of a step against their documented formulas, by hand (one step of the law):
 *     epsd k_r = 2.25 kn muR^2 R*^2 with kn = 2 E* a, epsd2 k_r = kt R*^2 with kt = 8 G* a,
 *     k_tw = 4.5 kt muTw^2 R*^2, given kr, ktw used as they are, thornton's a on its plastic
 *     branch, and hertz_mindlin's damping C_r = eta_r 2 sqrt(I_r k_r);
 *   - the caps: a rotation beyond them returns the moments to muR R* |Fn| and muTw R* |Fn| in the
 *     trial's direction, and the yield function is 0 there (with `rolling` none it ignores the
 *     torques);
 *   - the history when k_r changes: on unloading at a held rotation the moment follows k_r
 *     (M/k_r constant) unless hertz_mindlin's tangential rule is `incremental` (M constant);
 *   - defaults unchanged: with `rolling` none no torque and no rolling state; switching it on
 *     changes no force, on a path through all six DoFs;
 *   - the energy balance, with rolling on (both rules, damping, thornton plastic), on free bodies
 *     through every DoF and with loading and unloading;
 *   - a free sphere on a wall under a constant moment T > M_max turns with dw/dt = (T - M_max)/I
 *     (both laws).
 * Units SI; signs of include/lawtester/law.h (torque on A). */
#include "../laws/hertz_mindlin.h"
#include "../laws/kit/rolling.h"
#include "../laws/thornton.h"
#include "check.h"
#include "contact/registry.h"
#include "drive.h"
#include "verify/verify_int.h"
#include <string.h>

/* A few operations on the same numbers by two routes: round-off, ~1e-15; 1e-12 with margin. */
#define TOL_FORMULA 1e-12
/* The driver's energy balance: docs/energy.md's rule for every run, <= 1e-9 of the work. */
#define TOL_BALANCE 1e-9
/* Constant angular acceleration under a constant net moment: leapfrog integrates it exactly; the
 * slope of w over ~2e4 steps carries round-off only (~1e-13 relative), and the held overlap's
 * round-off (~1e-11) enters M_max; 1e-9 with margin. */
#define TOL_LEAPFROG 1e-9

static const lt_law *law_named(const char *name) { return lt_find_law(name); }

static void defaults(const lt_law *law, double *p)
{
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
}

/* ---- the stiffnesses of one step, by hand ------------------------------------------------ */

typedef struct hand {
    lt_material m;
    lt_contact c;
    double s[LT_MAX_STATE];
    lt_response out;
} hand;

/* A contact of spheres r1 = 0.1, r2 = 0.04 m (R* = 0.4/14 m) of the default material, created
 * at the overlap delta with the rotation rates v3, v4, v5 (rad/s) over dt = 1e-6 s: one step. */
static void hand_step(const lt_law *law, const double *p, hand *h, double delta, double v3,
                      double v4, double v5)
{
    memset(h, 0, sizeof *h);
    h->m = (lt_material){1e7, 0.25, 2600, 0.5, 0.5};
    h->c.rcurv[0] = h->c.lens[0] = 0.1, h->c.rcurv[1] = h->c.lens[1] = 0.04;
    h->c.mat[0] = h->c.mat[1] = &h->m;
    h->c.mstar = 1;
    h->c.dt = 1e-6, h->c.uN = -delta, h->c.fresh = 1;
    h->c.v[3] = v3, h->c.v[4] = v4, h->c.v[5] = v5;
    if (law->init) law->init(p, &h->c, h->s);
    CHECK(law->step(p, &h->c, h->s, &h->out) == 1);
}

static double estar_default(void) { return 1.0 / (2 * (1 - 0.0625) / 1e7); }
static double gstar_default(void)
{
    double g = 1e7 / 2.5;
    return 1.0 / (2 * 1.75 / g);
}

static void test_hertz_mindlin_stiffness_formulas(void)
{
    const lt_law *law = law_named("hertz_mindlin");
    double p[LT_MAX_PARAMS];
    defaults(law, p);
    const double R = 0.1 * 0.04 / 0.14, d = 2e-4, a = sqrt(R * d), dt = 1e-6;
    const double kn = 2 * estar_default() * a, kt = 8 * gstar_default() * a, muR = 0.3, muTw = 0.2;
    p[HM_P_MUR] = muR, p[HM_P_MUTW] = muTw;
    const double *kr = NULL;
    hand h;
    /* epsd, small rates: elastic; the first step's moment is k v dt */
    p[HM_P_ROLLING] = LT_RR_EPSD;
    hand_step(law, p, &h, d, 0.1, 0.2, -0.1);
    kr = h.s + HM_S_RR;
    double k_epsd = 2.25 * kn * muR * muR * R * R, k_tw = 4.5 * kt * muTw * muTw * R * R;
    CHECK_REL(kr[LT_RR_S_KR], k_epsd, TOL_FORMULA, "epsd: kr = 2.25 kn muR^2 R*^2, kn = 2 E* a");
    CHECK_REL(kr[LT_RR_S_KTW], k_tw, TOL_FORMULA, "ktw = 4.5 kt muTw^2 R*^2, kt = 8 G* a");
    CHECK_REL(h.out.f[4], k_epsd * 0.2 * dt, TOL_FORMULA, "first step: My = kr v4 dt");
    CHECK_REL(h.out.f[5], -k_epsd * 0.1 * dt, TOL_FORMULA, "first step: Mz = kr v5 dt");
    CHECK_REL(h.out.f[3], k_tw * 0.1 * dt, TOL_FORMULA, "first step: Mt = ktw v3 dt");
    CHECK_REL(h.out.k[0], kn, TOL_FORMULA, "the reported kn is the kn of the rule");
    /* epsd2 */
    p[HM_P_ROLLING] = LT_RR_EPSD2;
    hand_step(law, p, &h, d, 0, 0.2, 0);
    CHECK_REL(h.s[HM_S_RR + LT_RR_S_KR], kt * R * R, TOL_FORMULA,
              "epsd2: kr = kt R*^2, kt = 8 G* a");
    /* given stiffnesses */
    p[HM_P_KR] = 7.5, p[HM_P_KTW] = 2.5;
    hand_step(law, p, &h, d, 0.1, 0.2, 0);
    CHECK(h.s[HM_S_RR + LT_RR_S_KR] == 7.5 && h.s[HM_S_RR + LT_RR_S_KTW] == 2.5);
    p[HM_P_KR] = p[HM_P_KTW] = NAN;
    /* damping: C_r = eta_r 2 sqrt(I_r kr), I_r = [sum 1/((7/5) m r^2)]^-1; on the first step the
     * extrapolated rate is the rate itself */
    p[HM_P_ROLLING] = LT_RR_EPSD, p[HM_P_ETAR] = 0.3;
    hand_step(law, p, &h, d, 0, 0.2, 0);
    double m1 = 2600 * 4.0 / 3.0 * LT_TEST_PI * 1e-3,
           m2 = 2600 * 4.0 / 3.0 * LT_TEST_PI * 0.04 * 0.04 * 0.04;
    double Ir = 1 / (1 / (1.4 * m1 * 0.01) + 1 / (1.4 * m2 * 0.0016)),
           cr = 0.3 * 2 * sqrt(Ir * k_epsd);
    CHECK_REL(h.out.f[4], k_epsd * 0.2 * dt + cr * 0.2, TOL_FORMULA,
              "My = kr v dt + C_r v, C_r = etaR 2 sqrt(I_r kr)");
}

static void test_thornton_stiffness_formulas(void)
{
    const lt_law *law = law_named("thornton");
    double p[LT_MAX_PARAMS];
    defaults(law, p);
    const double R = 0.1 * 0.04 / 0.14, E = estar_default(), G = gstar_default(), muR = 0.3,
                 dt = 1e-6;
    /* p_y such that delta_y = 1e-4 m: a plastic contact at 2e-4 m */
    const double py = 2 * E * sqrt(1e-4 / R) / LT_TEST_PI, d = 2e-4;
    p[TH_P_PY] = py, p[TH_P_MUR] = muR, p[TH_P_ROLLING] = LT_RR_EPSD;
    lt_th_model m = lt_th_model_of(E, R, py);
    CHECK_REL(m.dy, 1e-4, TOL_FORMULA, "setup: delta_y");
    hand h;
    hand_step(law, p, &h, d, 0, 0.2, 0);
    double F = lt_th_virgin_force(&m, d), a = sqrt((2 * F + m.fy) / (2 * LT_TEST_PI * py));
    CHECK_REL(h.s[TH_S_RR + LT_RR_S_KR], 2.25 * 2 * E * a * muR * muR * R * R, TOL_FORMULA,
              "plastic: kr = 2.25 kn muR^2 R*^2, kn = 2 E* a, a^2 = (2F + Fy)/(2 pi p_y)");
    CHECK_REL(h.out.f[4], h.s[TH_S_RR + LT_RR_S_KR] * 0.2 * dt, TOL_FORMULA,
              "first step: My = kr v4 dt");
    CHECK(d > 1.5 * m.dy); /* setup: on the plastic branch */
    p[TH_P_ROLLING] = LT_RR_EPSD2;
    hand_step(law, p, &h, d, 0, 0.2, 0);
    CHECK_REL(h.s[TH_S_RR + LT_RR_S_KR], 8 * G * a * R * R, TOL_FORMULA,
              "epsd2: kr = kt R*^2, kt = 8 G* a");
}

/* ---- the caps and the yield function ---------------------------------------------------- */

static void check_caps(const char *name, int i_rolling, int i_mur, int i_mutw)
{
    const lt_law *law = law_named(name);
    const lt_yield *y = lt_law_yield(law);
    double p[LT_MAX_PARAMS];
    defaults(law, p);
    p[i_rolling] = LT_RR_EPSD, p[i_mur] = 0.3, p[i_mutw] = 0.2;
    hand h;
    hand_step(law, p, &h, 2e-4, 1e5, 3e5,
              -4e5); /* 0.1 to 0.4 rad in one step: ~10 times the elastic range */
    const double R = 0.1 * 0.04 / 0.14, fn = fabs(h.out.f[0]);
    char what[160];
    snprintf(what, sizeof what, "%s: |Mr| = muR R* |Fn|", name);
    CHECK_REL(hypot(h.out.f[4], h.out.f[5]), 0.3 * R * fn, TOL_FORMULA, what);
    snprintf(what, sizeof what, "%s: Mr along the trial (3, -4)", name);
    CHECK_REL(h.out.f[4] / h.out.f[5], -0.75, TOL_FORMULA, what);
    snprintf(what, sizeof what, "%s: Mt = muTw R* |Fn|", name);
    CHECK_REL(h.out.f[3], 0.2 * R * fn, TOL_FORMULA, what);
    CHECK_MSG(y->yielding(p, h.s), "%s: a step returned to a cap yields", name);
    CHECK_MSG(y->dofs == 0x3f && y->excess, "%s: the surface is declared over the six forces",
              name);
    snprintf(what, sizeof what, "%s: excess 0 on the caps", name);
    CHECK_ABS(y->excess(p, h.s, h.out.f), 0, TOL_FORMULA, what);
    double g[LT_DOF];
    memcpy(g, h.out.f, sizeof g);
    g[4] *= 1.5, g[5] *= 1.5;
    snprintf(what, sizeof what, "%s: excess 0.5 at 1.5 times the rolling cap", name);
    CHECK_REL(y->excess(p, h.s, g), 0.5, TOL_FORMULA, what);
    /* rolling none: no torque; the yield function ignores torques */
    p[i_rolling] = LT_RR_NONE;
    hand_step(law, p, &h, 2e-4, 1e5, 3e5, -4e5);
    CHECK_MSG(h.out.f[3] == 0 && h.out.f[4] == 0 && h.out.f[5] == 0,
              "%s: rolling none gives no torque", name);
    memcpy(g, h.out.f, sizeof g);
    double e0 = y->excess(p, h.s, g);
    g[3] = g[4] = g[5] = 1e9;
    CHECK_MSG(y->excess(p, h.s, g) == e0, "%s: rolling none: the torques are free", name);
    CHECK_MSG(!y->yielding(p, h.s), "%s: rolling none: no yield from rotations", name);
}

static void test_caps_and_yield_function(void)
{
    check_caps("hertz_mindlin", HM_P_ROLLING, HM_P_MUR, HM_P_MUTW);
    check_caps("thornton", TH_P_ROLLING, TH_P_MUR, TH_P_MUTW);
}

/* hertz_mindlin's coulombOn = compressive: the rolling and twisting caps take the normal force the
 * Coulomb limit takes, so while the unclipped dashpot pulls (Fn > 0) no moment is carried; with
 * `total` the caps are muR R* |Fn| of the pulling force.  One step of a contact separating fast
 * (en = 0.3, vn = +10 m/s at delta = 1e-6 m: the dashpot outweighs the spring) and bending. */
static void test_caps_follow_coulomb_on(void)
{
    const lt_law *law = law_named("hertz_mindlin");
    double p[LT_MAX_PARAMS];
    defaults(law, p);
    p[HM_P_ROLLING] = LT_RR_EPSD, p[HM_P_MUR] = 0.3, p[HM_P_MUTW] = 0.3, p[HM_P_EN] = 0.3;
    const double R = 0.1 * 0.04 / 0.14;
    for (int compressive = 0; compressive <= 1; compressive++) {
        p[HM_P_COULOMB] = compressive ? LT_COULOMB_COMPRESSIVE : LT_COULOMB_TOTAL;
        hand h;
        memset(&h, 0, sizeof h);
        h.m = (lt_material){1e7, 0.25, 2600, 0.5, 0.5};
        h.c.rcurv[0] = h.c.lens[0] = 0.1, h.c.rcurv[1] = h.c.lens[1] = 0.04;
        h.c.mat[0] = h.c.mat[1] = &h.m;
        h.c.mstar = 1, h.c.dt = 1e-6, h.c.uN = -1e-6, h.c.fresh = 1;
        h.c.v[0] = 10, h.c.v[3] = 1e8, h.c.v[4] = 1e8; /* 100 rad in the step: beyond both caps */
        law->init(p, &h.c, h.s);
        CHECK(law->step(p, &h.c, h.s, &h.out) == 1);
        double fn = h.out.f[0], cap = 0.3 * R * fn;
        CHECK_MSG(fn > 0, "the dashpot pulls: Fn = %g N", fn);
        if (compressive) {
            CHECK_MSG(h.out.f[3] == 0 && h.out.f[4] == 0,
                      "compressive: no moment while Fn pulls (Mt %g, My %g)", h.out.f[3],
                      h.out.f[4]);
        } else {
            CHECK_REL(fabs(h.out.f[4]), cap, TOL_FORMULA, "total: the rolling cap muR R* |Fn|");
            CHECK_REL(fabs(h.out.f[3]), cap, TOL_FORMULA, "total: the twisting cap muTw R* |Fn|");
        }
    }
}

/* ---- the history when k_r changes -------------------------------------------------------- */

/* Fixed spheres (0.1 m and 0.07 m, default material) pressed 4e-4 m, bent 1e-3 rad about y
 * (elastic: M_max/k_r = |Fn|/(2.25 kn muR R*) ~ 3e-2 rad at muR = 0.3), then unloaded to 1e-4 m
 * at that rotation: returns the last state's My/k_r and My, and the first unloaded state's. */
static void unload_under_moment(const char *name, int i_rolling, int i_mur, int i_tangential,
                                int tangential, double *ratio0, double *ratio1, double *m0,
                                double *m1, double *bal)
{
    const lt_law *law = law_named(name);
    lt_test t = lt_default_test();
    t.law = law;
    defaults(law, t.params);
    t.params[i_rolling] = LT_RR_EPSD, t.params[i_mur] = 0.3;
    if (i_tangential >= 0) t.params[i_tangential] = tangential;
    t.body[0].fixed = t.body[1].fixed = 1;
    t.body[1].radius = 0.07;
    t.normal = v3(0.36, 0.48, 0.8);
    t.dt = 1e-6;
    cond c[3] = {
        {COND_STEPS, 0, 0, 400, 0}, {COND_STEPS, 0, 0, 100, 0}, {COND_STEPS, 0, 0, 300, 0}};
    lt_stage st[3] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c[0]),
                      stage("v...v.", 0, 0, 0, 0, 10, 0, &c[1]),
                      stage("v...v.", 1, 0, 0, 0, 0, 0, &c[2])};
    t.stages = st;
    t.n_stages = 3;
    recorded_run r;
    record_run(&t, &r);
    CHECK_MSG(r.rc == 0, "%s: %s", name, lt_tester_view(r.T)->err);
    if (r.rc == 0) {
        size_t first = 0;
        for (size_t i = 0; i < r.r.n && !first; i++)
            if (r.r.s[i].stage == 3) first = i;
        const lt_snapshot *a = &r.r.s[first - 1], *b = &r.r.s[r.r.n - 1];
        /* k_r = 2.25 kn muR^2 R*^2 with kn the reported Hertz tangent k[0] */
        double R = 0.1 * 0.07 / 0.17, ka = 2.25 * a->k[0] * 0.09 * R * R,
               kb = 2.25 * b->k[0] * 0.09 * R * R;
        *ratio0 = a->f[4] / ka, *ratio1 = b->f[4] / kb, *m0 = a->f[4], *m1 = b->f[4];
        *bal = lt_vr_balance(r.T);
    }
    free_run(&r);
}

static void test_moment_history_on_unloading(void)
{
    double q0, q1, m0, m1, bal;
    /* rescaled (hertz_mindlin's md and rescale rules, thornton): M/k_r = theta stays */
    unload_under_moment("hertz_mindlin", HM_P_ROLLING, HM_P_MUR, HM_P_TANGENTIAL, LT_TANGENTIAL_MD,
                        &q0, &q1, &m0, &m1, &bal);
    CHECK_REL(q1, q0, TOL_FORMULA,
              "hertz_mindlin md: M/kr kept on unloading (the moment rescaled with kr)");
    CHECK_REL(q0, 1e-3, 1e-9, "hertz_mindlin: M/kr = the rotation (held overlap's round-off)");
    CHECK(m1 < 0.7 * m0);
    CHECK_ABS(bal, 0, TOL_BALANCE, "hertz_mindlin md: balance / work");
    unload_under_moment("thornton", TH_P_ROLLING, TH_P_MUR, -1, 0, &q0, &q1, &m0, &m1, &bal);
    CHECK_REL(q1, q0, TOL_FORMULA, "thornton: M/kr kept on unloading");
    CHECK_ABS(bal, 0, TOL_BALANCE, "thornton: balance / work");
    /* incremental: the moment is kept as it is (LIGGGHTS' r_torque) */
    unload_under_moment("hertz_mindlin", HM_P_ROLLING, HM_P_MUR, HM_P_TANGENTIAL,
                        LT_TANGENTIAL_INCREMENTAL, &q0, &q1, &m0, &m1, &bal);
    CHECK_MSG(m1 == m0, "hertz_mindlin incremental: M kept on unloading (%.17g -> %.17g)", m0, m1);
    CHECK_ABS(bal, 0, TOL_BALANCE, "hertz_mindlin incremental: balance / work");
}

/* ---- defaults unchanged; rolling changes no force --------------------------------------- */

/* Fixed bodies, every DoF imposed (the same kinematics for both runs): compress, all six DoFs,
 * back and forth with the overlap changing. */
static lt_test all_dofs_fixed(lt_stage st[4], cond c[4], const lt_law *law)
{
    lt_test t = lt_default_test();
    t.law = law;
    defaults(law, t.params);
    t.body[0].fixed = t.body[1].fixed = 1;
    t.body[1].radius = 0.07;
    t.normal = v3(1, 2, 3);
    t.dt = 1e-6;
    const cond cs[4] = {{COND_STEPS, 0, 0, 300, 0},
                        {COND_STEPS, 0, 0, 2000, 0},
                        {COND_STEPS, 0, 0, 2000, 0},
                        {COND_STEPS, 0, 0, 1500, 0}};
    memcpy(c, cs, sizeof cs);
    st[0] = stage("vvvvvv", -1, 0, 0, 0, 0, 0, &c[0]);
    st[1] = stage("vvvvvv", 0.05, 0.1, -0.05, 20, 30, -10, &c[1]);
    st[2] = stage("vvvvvv", -0.1, -0.15, 0.07, -40, -15, 25, &c[2]);
    st[3] = stage("vvvvvv", 0.15, 0.03, 0.12, 10, -30, -30, &c[3]);
    t.stages = st;
    t.n_stages = 4;
    return t;
}

static void check_no_force_change(const char *name, int i_rolling, int i_mur, int i_etar, int rule)
{
    const lt_law *law = law_named(name);
    lt_stage s0[4], s1[4];
    cond c0[4], c1[4];
    lt_test t0 = all_dofs_fixed(s0, c0, law), t1 = all_dofs_fixed(s1, c1, law);
    t1.params[i_rolling] = rule, t1.params[i_mur] = 0.3;
    if (i_etar >= 0) t1.params[i_etar] = 0.4;
    recorded_run a, b;
    record_run(&t0, &a);
    record_run(&t1, &b);
    CHECK_MSG(a.rc == 0 && b.rc == 0, "%s: %s / %s", name, lt_tester_view(a.T)->err,
              lt_tester_view(b.T)->err);
    CHECK(a.r.n == b.r.n && a.r.n > 5000);
    size_t differ = 0, torque_off = 0, torqued = 0, rolled = 0;
    int ne = law->n_energies;
    for (size_t i = 0; i < a.r.n && i < b.r.n; i++) {
        const lt_snapshot *x = &a.r.s[i], *y = &b.r.s[i];
        for (int k = 0; k < 3; k++) differ += x->f[k] != y->f[k] || x->u[k] != y->u[k];
        differ += x->k[0] != y->k[0] || x->k[1] != y->k[1];
        torque_off += x->f[3] != 0 || x->f[4] != 0 || x->f[5] != 0;
        torqued += y->f[3] != 0 && y->f[4] != 0 && y->f[5] != 0;
        rolled += i > 0 && y->energy[1] + y->energy[2] > x->energy[1] + x->energy[2];
    }
    CHECK_MSG(differ == 0, "%s: %zu force values differ with rolling on", name, differ);
    CHECK_MSG(torque_off == 0, "%s: %zu states with a torque, rolling none", name, torque_off);
    CHECK_MSG(torqued > 4000 && rolled > 100, "%s: torqued %zu, dissipated more %zu", name, torqued,
              rolled);
    /* rolling none: the rolling state stays at zero */
    const double *s = lt_tester_view(a.T)->law_state;
    int first = strcmp(name, "thornton") == 0 ? TH_S_RR : HM_S_RR, zero = 1;
    for (int k = 0; s && k < LT_RR_S_COUNT; k++) zero &= s[first + k] == 0;
    CHECK_MSG(s && zero, "%s: rolling none keeps no rolling state", name);
    for (int k = 0; k < 2; k++) {
        const lt_view *v = lt_tester_view(k ? b.T : a.T);
        double work = v->energy[ne + LT_E_WORK], bal = v->energy[ne + LT_E_BALANCE];
        CHECK_MSG(fabs(bal) <= TOL_BALANCE * fabs(work),
                  "%s (rolling %s): balance %g J of work %g J", name, k ? "on" : "none", bal, work);
    }
    free_run(&a);
    free_run(&b);
}

static void test_defaults_unchanged_and_no_force_change(void)
{
    check_no_force_change("hertz_mindlin", HM_P_ROLLING, HM_P_MUR, HM_P_ETAR, LT_RR_EPSD);
    check_no_force_change("hertz_mindlin", HM_P_ROLLING, HM_P_MUR, -1, LT_RR_EPSD2);
    check_no_force_change("thornton", TH_P_ROLLING, TH_P_MUR, -1, LT_RR_EPSD);
}

/* ---- energy balance on free bodies ------------------------------------------------------- */

static void check_free_balance(const char *name, const double *set, int n_set)
{
    const lt_law *law = law_named(name);
    lt_stage st[5];
    cond c[5];
    lt_test t = every_dof_test(st, c);
    t.law = law;
    defaults(law, t.params);
    for (int i = 0; i < n_set; i += 2) t.params[(int)set[i]] = set[i + 1];
    recorded_run r;
    record_run(&t, &r);
    CHECK_MSG(r.rc == 0, "%s: %s", name, lt_tester_view(r.T)->err);
    if (r.rc == 0) {
        int ne = law->n_energies;
        const lt_view *v = lt_tester_view(r.T);
        double work = v->energy[ne + LT_E_WORK], bal = v->energy[ne + LT_E_BALANCE];
        CHECK_MSG(fabs(bal) <= TOL_BALANCE * fabs(work),
                  "%s free bodies: balance %g J of work %g J", name, bal, work);
        size_t torqued = 0;
        for (size_t i = 0; i < r.r.n; i++) torqued += r.r.s[i].f[4] != 0;
        CHECK_MSG(torqued > 1000, "%s: only %zu states with a rolling moment", name, torqued);
    }
    free_run(&r);
}

static void test_balance_on_free_bodies(void)
{
    const double hm_epsd[] = {HM_P_ROLLING, LT_RR_EPSD, HM_P_MUR,  0.3,
                              HM_P_ETAR,    0.4,        HM_P_MUTW, 0.3};
    const double hm_epsd2[] = {HM_P_ROLLING, LT_RR_EPSD2,     HM_P_MUR,
                               0.2,          HM_P_TANGENTIAL, LT_TANGENTIAL_RESCALE};
    const double hm_incr[] = {HM_P_ROLLING, LT_RR_EPSD, HM_P_TANGENTIAL, LT_TANGENTIAL_INCREMENTAL,
                              HM_P_EN,      0.5};
    /* thornton plastic: p_y with delta_y = 1e-4 m at R* = 0.1 * 0.07/0.17 m */
    const double R = 0.1 * 0.07 / 0.17, py = 2 * estar_default() * sqrt(1e-4 / R) / LT_TEST_PI;
    const double th[] = {TH_P_ROLLING, LT_RR_EPSD, TH_P_MUR, 0.3, TH_P_PY, py};
    const double th2[] = {TH_P_ROLLING, LT_RR_EPSD2, TH_P_KTW, 50};
    check_free_balance("hertz_mindlin", hm_epsd, 8);
    check_free_balance("hertz_mindlin", hm_epsd2, 6);
    check_free_balance("hertz_mindlin", hm_incr, 6);
    check_free_balance("thornton", th, 6);
    check_free_balance("thornton", th2, 4);
}

/* ---- a free sphere on a wall under a constant moment ------------------------------------ */

/* A free sphere (r = 0.1 m, 2600 kg/m^3, E = 1e7 Pa) pressed 1 mm into a wall, overlap and the
 * contact point's tangential velocity held at 0, the moment 1.5 M_max about local y for 2e4 steps
 * of 1e-5 s: rolling at the cap M_max = muR R* |Fn| (R* = r), dw/dt = (T - M_max)/I,
 * I = (2/5) m r^2 (the driver holds the contact point by the centre's velocity: no moment about
 * the centre). */
static void check_moment_above_the_cap(const char *name, int i_rolling, int i_mur, int i_tanphi)
{
    const lt_law *law = law_named(name);
    vec3 n = v3(0.36, 0.48, 0.8);
    lt_test t = lt_default_test();
    t.law = law;
    defaults(law, t.params);
    t.params[i_rolling] = LT_RR_EPSD, t.params[i_mur] = 0.3, t.params[i_tanphi] = 0.5;
    CHECK(lt_body_set_wall(&t.body[0], v3(0, 0, 0), n) == 0);
    t.body[0].fixed = 1;
    lt_body_set_sphere(&t.body[1], 0.1);
    lt_body_mass_props(&t.body[1]);
    t.body[1].fixed = 0;
    t.normal = n;
    t.dt = 1e-5;
    const double r = 0.1, delta = 1e-3,
                 estar = estar_default(); /* the wall has the default material too */
    const double fn = 4.0 / 3.0 * estar * sqrt(r) * delta * sqrt(delta), Mmax = 0.3 * r * fn;
    const double I = 0.4 * t.body[1].mass * r * r, ratio = 1.5;
    cond c[2] = {{COND_STEPS, 0, 0, 100, 0}, {COND_STEPS, 0, 0, 20000, 0}};
    lt_stage st[2] = {stage("v.....", -delta / (100 * t.dt), 0, 0, 0, 0, 0, &c[0]),
                      stage("vvv.f.", 0, 0, 0, 0, ratio * Mmax, 0, &c[1])};
    t.stages = st;
    t.n_stages = 2;
    recorded_run m;
    record_run(&t, &m);
    CHECK_MSG(m.rc == 0, "%s: %s", name, lt_tester_view(m.T)->err);
    if (m.rc == 0) {
        size_t first = 0, n_rows = m.r.n, off = 0;
        for (size_t i = 0; i < n_rows && !first; i++)
            if (m.r.s[i].stage == 2 && fabs(m.r.s[i].f[4] - Mmax) <= 1e-9 * Mmax) first = i;
        CHECK(first > 0 && first < n_rows / 4);
        for (size_t i = first; i < n_rows; i++) off += fabs(m.r.s[i].f[4] - Mmax) > 1e-9 * Mmax;
        CHECK_MSG(off == 0, "%s: %zu states off the cap after the first", name, off);
        const lt_snapshot *a = &m.r.s[first + 10], *b = &m.r.s[n_rows - 1];
        CHECK_REL(-b->f[0], fn, 1e-9,
                  "Hertz force K delta^1.5 held (overlap from rounded positions)");
        double alpha = (b->v[4] - a->v[4]) / (b->time - a->time);
        CHECK_REL(alpha, (ratio - 1) * Mmax / I, TOL_LEAPFROG,
                  "dw/dt = (T - M_max)/I, I = (2/5) m r^2");
        int ne = law->n_energies;
        double work = lt_tester_view(m.T)->energy[ne + LT_E_WORK],
               bal = lt_tester_view(m.T)->energy[ne + LT_E_BALANCE];
        CHECK_MSG(fabs(bal) <= TOL_BALANCE * fabs(work), "%s: balance %g J of work %g J", name, bal,
                  work);
    }
    free_run(&m);
}

static void test_moment_above_the_cap_rolls(void)
{
    check_moment_above_the_cap("hertz_mindlin", HM_P_ROLLING, HM_P_MUR, HM_P_TANPHI);
    check_moment_above_the_cap("thornton", TH_P_ROLLING, TH_P_MUR,
                               TH_P_TANPHI); /* yieldPressure unset: Hertz */
}

const test_case rolling_hertz_tests[] = {
    TEST(hertz_mindlin_stiffness_formulas),
    TEST(thornton_stiffness_formulas),
    TEST(caps_and_yield_function),
    TEST(caps_follow_coulomb_on),
    TEST(moment_history_on_unloading),
    TEST(defaults_unchanged_and_no_force_change),
    TEST(balance_on_free_bodies),
    TEST(moment_above_the_cap_rolls),
    {0, 0},
};
