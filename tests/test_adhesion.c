/* tests/test_adhesion.c - the `hertz_adhesion` law (laws/hertz_adhesion.c, JKR and DMT) through the
 * driver and on hand-made contacts, against the closed forms of laws/hertz_adhesion_cases.c
 * (Johnson, Kendall & Roberts 1971; Derjaguin, Muller & Toporov 1975; Maugis 2000):
 *   - each case (JKR between spheres, JKR sphere on a wall with R* = r, DMT) driven through one
 *     approach-separation cycle under displacement control: from touch to an overlap of 20 um,
 *     held, then pulled apart until the contact is lost.  Measured: the largest attraction
 *     (pull-off: JKR (3/2) pi w R*, DMT 2 pi w R*), the overlap at which the contact separates
 *     (JKR's neck delta_c = -(3/4) (pi^2 w^2 R* /E*^2)^(1/3), DMT's touch), the energy lost over
 *     the cycle (the driver's work, and the law's `adh`) against U(delta_sep) - U(0), and the
 *     energy balance;
 *   - the work of the JKR cycle within its bound at h, h/2 and h/4;
 *   - the closed-form cycle loss itself against a quadrature of P d(delta) along the JKR branch;
 *   - hand-made contacts: gamma = 0 gives the Hertz force of hertz_mindlin; the law's Newton
 *     solution next to the neck.
 * Units SI; signs of include/lawtester/law.h (Fn on A: compression negative, attraction positive).
 * */
#include "../laws/hertz_adhesion.h"
#include "check.h"
#include "contact/registry.h"
#include "drive.h"
#include "verify/verify_int.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The driver's energy balance: docs/energy.md's rule for every run, <= 1e-9 of the work. */
#define TOL_BALANCE 1e-9
/* Two evaluations of the same closed form (the law's, the cases'): round-off of a few dozen
 * operations and of a(delta), ~1e-14; 1e-12 with margin. */
#define TOL_FORMULA 1e-12
/* Positions: uN is a difference of centre distances of ~0.02 m built over ~1e4 steps, each
 * rounding at ~3e-18 m: <= ~1e-14 m; 1e-13 m (2e-8 of the neck) with margin. */
#define TOL_POSITION 1e-13
/* Composite Simpson rule on 4000 intervals of a smooth integrand (a >= a_c > 0): error
 * ~ (h^4/180) max|f''''| ~ 1e-14 of the integral; 1e-10 with margin. */
#define TOL_QUADRATURE 1e-10
#define SIMPSON_N 4000
/* Hertz of hertz_mindlin and the gamma = 0 limit of JKR: the same number by two routes (Newton
 * on s^4/R* = delta), round-off. */
#define TOL_HERTZ 1e-13

static const lt_law *adhesion(void) { return lt_find_law("hertz_adhesion"); }

static void fail_row(void *ctx, const lt_verify_row *r)
{
    (void)ctx;
    CHECK_MSG(0, "setup: %s %s: %s", r->kase, r->quantity, r->note);
}

static double case_estar(const lt_case *cs)
{
    double s = 0;
    for (int i = 0; i < 2; i++)
        s += (1 - cs->mat[i].poisson * cs->mat[i].poisson) / cs->mat[i].young;
    return 1 / s;
}

static double case_rstar(const lt_case *cs)
{
    double k = 0;
    for (int i = 0; i < 2; i++)
        if (!cs->shape[i] || strcmp(cs->shape[i], "wall") != 0) k += 1 / cs->radius[i];
    return 1 / k;
}

static double case_param(const lt_case *cs, const char *name)
{
    for (int i = 0; i < LT_CASE_MAX_SET && cs->set[i].name; i++)
        if (strcmp(cs->set[i].name, name) == 0) return cs->set[i].value;
    return NAN;
}

typedef struct cycle_trace {
    int ne;
    double pull;    /* N: largest attraction Fn > 0 */
    double un_last; /* m: uN of the last state on the branch (in contact, force not zero) */
    double un_sep;  /* m: uN of the state after it (the contact separated) */
    int on_branch, separated;
    double bal_max, work_max;
} cycle_trace;

static void cycle_row(void *ctx, const lt_tester *t, const lt_snapshot *s)
{
    cycle_trace *h = ctx;
    (void)t;
    if (s->contact && s->f[0] != 0) {
        h->pull = fmax(h->pull, s->f[0]);
        h->un_last = s->u[0];
        h->on_branch = 1;
    } else if (h->on_branch && !h->separated) {
        h->un_sep = s->u[0];
        h->separated = 1;
    }
    h->bal_max = fmax(h->bal_max, fabs(s->energy[h->ne + LT_E_BALANCE]));
    h->work_max = fmax(h->work_max, fabs(s->energy[h->ne + LT_E_WORK]));
}

/* One approach-separation cycle of case cs: from a gap of GAP_STEPS h (h = normal.overlap/steps)
 * to an overlap of normal.overlap + (6 - GAP_STEPS) h at normal.speed (m/s), 100 steps held,
 * then pulled apart at normal.speed until the contact is lost. */
#define GAP_STEPS 5.37
static double check_cycle(const lt_case *cs, int refine)
{
    double err = NAN;
    const lt_law *law = adhesion();
    lt_verify_opts o = {0};
    o.on_row = fail_row;
    lt_verify_summary sum = {0};
    vr_ctx v = {&o, &sum, law, NULL};
    vr_setup *su = calloc(1, sizeof *su);
    if (!su || !lt_vr_make_setup(&v, su, cs)) {
        CHECK_MSG(0, "%s: no setup", cs->name);
        free(su);
        return err;
    }
    long steps = (long)cs->steps * refine;
    double h = cs->normal.overlap / (double)steps, dt = h / cs->normal.speed; /* m and s a step */
    su->test.dt = dt;
    /* the case starts at touch: back off by GAP_STEPS h first, so that the contact forms inside
     * a step of the approach (at the phase GAP_STEPS - floor(GAP_STEPS) of it), as in a run */
    vr_until u0 = {VR_UNTIL_STEPS, 10}, u1 = {VR_UNTIL_STEPS, steps + 6},
             u2 = {VR_UNTIL_STEPS, 100}, u3 = {VR_UNTIL_NO_CONTACT, 0};
    const double back[LT_DOF] = {GAP_STEPS / 10 * cs->normal.speed},
                 in[LT_DOF] = {-cs->normal.speed}, hold[LT_DOF] = {0},
                 out[LT_DOF] = {cs->normal.speed};
    lt_stage st[4] = {lt_vr_stage("v.....", back, &u0), lt_vr_stage("v.....", in, &u1),
                      lt_vr_stage("v.....", hold, &u2), lt_vr_stage("v.....", out, &u3)};
    st[3].max_steps = 3 * steps;
    su->test.stages = st;
    su->test.n_stages = 4;
    int model = (int)case_param(cs, "model");
    double w = case_param(cs, "gamma"), E = case_estar(cs), R = case_rstar(cs);
    cycle_trace tr = {.ne = law->n_energies};
    lt_tester *T = lt_tester_new();
    int rc = T ? lt_run(T, &su->test, cycle_row, &tr) : -1;
    CHECK_MSG(rc == 0, "%s: %s", cs->name, T ? lt_tester_view(T)->err : "out of memory");
    if (rc == 0) {
        char what[160];
        /* pull-off: the largest attraction sampled along the branch */
        double pull = lt_adhesion_pull_off(model, w, R),
               dsep = lt_adhesion_separation(model, w, E, R), tol;
        if (model == HA_MODEL_JKR) {
            /* the attraction peaks inside the branch (dP/da = 0); sampled every h of delta it is
             * at most kappa (h/2)^2/2 below the peak, kappa = d^2P/d delta^2 there = 72 3^(4/3)/256
             * P_pull/delta_c^2 (from kn of laws/hertz_adhesion.c at a^(3/2) = 3 c R* /4); margin 2
             * */
            tol = 2 * 72 * pow(3, 4.0 / 3.0) / 256 * pow(h / dsep, 2) / 8;
        } else {
            /* the attraction is largest at touch; the state nearest it lies within h of it */
            tol = 4.0 / 3.0 * E * sqrt(R) * pow(h, 1.5) / pull + TOL_FORMULA;
        }
        snprintf(what, sizeof what, "%s: pull-off, largest attraction (sampled every %.3g m)",
                 cs->name, h);
        CHECK_REL(tr.pull, pull, tol, what);
        /* separation: at the first state beyond -dsep (JKR's neck; DMT touch), within one step */
        CHECK_MSG(tr.separated, "%s: the contact never separated", cs->name);
        CHECK_MSG(
            tr.un_last <= -dsep + TOL_POSITION && tr.un_sep > -dsep - TOL_POSITION &&
                tr.un_sep - tr.un_last <= h * (1 + 1e-6),
            "%s: separated between uN = %.17g and %.17g m, the closed form at %.17g m (step %g m)",
            cs->name, tr.un_last, tr.un_sep, -dsep, h);
        /* the energy lost over the cycle */
        double loss = lt_adhesion_cycle_loss(model, w, E, R);
        const lt_view *V = lt_tester_view(T);
        double adh = V->energy[HA_E_ADH],
               work = V->energy[tr.ne + LT_E_WORK] - V->energy[tr.ne + LT_E_KIN];
        snprintf(what, sizeof what, "%s: adh over the cycle vs U(delta_sep) - U(0)", cs->name);
        if (loss > 0)
            CHECK_REL(adh, loss, TOL_FORMULA, what);
        else
            CHECK_ABS(adh, 0, 0, what);
        /* the driver's work: the trapezoid rule misses, on the step that forms the contact and on
         * the one that separates it, at most half the force jumped (|P| at touch: JKR 4/3,
         * DMT 2 pi w R*; at the separation: JKR's neck 5/6 pi w R*, DMT 2 pi w R*) times the
         * step h; elsewhere O(h^2) */
        double jumps =
            (model == HA_MODEL_JKR ? 4.0 / 3.0 + 5.0 / 6.0 : 4.0) * LT_PI * w * R * h / 2;
        snprintf(what, sizeof what,
                 "%s: work over the cycle vs closed form (jumps inside a step: %.3g J)", cs->name,
                 jumps);
        CHECK_ABS(work, loss, jumps, what);
        err = work - loss;
        snprintf(what, sizeof what, "%s: largest balance / largest work", cs->name);
        CHECK_ABS(tr.bal_max / tr.work_max, 0, TOL_BALANCE, what);
        CHECK_ABS(lt_vr_balance(T), 0, TOL_BALANCE, "balance / work at the end");
        if (getenv("LT_ADHESION_PRINT"))
            printf("%s: pull %.17g (cf %.17g, rel %.2e, tol %.2e); sep between %.10g and %.10g (cf "
                   "%.10g); loss: adh %.10g work "
                   "%.10g cf %.10g (adh rel %.2e, work rel %.2e, tol %.2e); balance %.2e\n",
                   cs->name, tr.pull, pull, fabs(tr.pull / pull - 1), tol, tr.un_last, tr.un_sep,
                   -dsep, adh, work, loss, loss > 0 ? fabs(adh / loss - 1) : adh,
                   loss > 0 ? fabs(work / loss - 1) : work, loss > 0 ? jumps / loss : jumps,
                   tr.bal_max / tr.work_max);
    }
    lt_tester_free(T);
    free(su);
    return err;
}

static void test_registered(void)
{
    const lt_law *law = adhesion();
    CHECK(law != NULL);
    if (!law) return;
    CHECK(law->n_cases == HA_N_CASES);
    CHECK(strcmp(law->params[HA_P_GAMMA].name, "gamma") == 0 &&
          strcmp(law->params[HA_P_MODEL].name, "model") == 0);
    CHECK(strcmp(law->energies[HA_E_ELAST].name, "elast") == 0 &&
          strcmp(law->energies[HA_E_ADH].name, "adh") == 0);
}

static void test_jkr_cycle_spheres(void) { check_cycle(&lt_hertz_adhesion_cases[0], 1); }
static void test_jkr_cycle_wall(void) { check_cycle(&lt_hertz_adhesion_cases[1], 1); }
static void test_dmt_cycle(void) { check_cycle(&lt_hertz_adhesion_cases[2], 1); }

/* The driver's work over the JKR cycle converges to the closed form: at h, h/2 and h/4 within
 * the bound of check_cycle, half the jumps of the force at touch and at the neck times h, which
 * shrinks with h.  (The error does not fall at a clean first order: the neck falls at another
 * phase of the step at each refinement, and its part changes in size and sign; measured 1.9e-12,
 * 1.7e-13, 1.0e-13 J against bounds of 4.3e-12, 2.1e-12, 1.1e-12 J.) */
static void test_jkr_cycle_work_converges(void)
{
    double e[3];
    for (int k = 0; k < 3; k++) e[k] = check_cycle(&lt_hertz_adhesion_cases[0], 1 << k);
    if (getenv("LT_ADHESION_PRINT"))
        printf("cycle work errors %.3e %.3e %.3e J\n", e[0], e[1], e[2]);
    CHECK(fabs(e[2]) < fabs(e[0]));
}

/* JKR, parametric in a: P(a) = 4 E a^3/(3R) - 2 E c a^(3/2), delta'(a) = 2a/R - c/(2 sqrt a). */
static double jkr_p_ddelta(double a, double E, double R, double c)
{
    double s = sqrt(a);
    return (4 * E * a * a * a / (3 * R) - 2 * E * c * a * s) * (2 * a / R - c / (2 * s));
}

/* The cycle loss is the work of P along the branch from the neck (a_c) to touch (a_t),
 * -integral of P d(delta) from delta_c to 0: the closed form U(delta_c) - U(0) against
 * Simpson's rule in a, for a few (w, E*, R*). */
static void test_cycle_loss_is_the_loop_area(void)
{
    const double set[3][3] = {
        {0.05, 6.666666666666667e5, 5e-3}, {0.3, 2e9, 1e-4}, {1e-3, 1e5, 0.1}};
    for (int k = 0; k < 3; k++) {
        double w = set[k][0], E = set[k][1], R = set[k][2], c = sqrt(2 * LT_PI * w / E);
        double ac = cbrt(LT_PI * w * R * R / (8 * E)), at = cbrt(2 * LT_PI * w * R * R / E);
        double ha = (at - ac) / SIMPSON_N,
               sum = jkr_p_ddelta(ac, E, R, c) + jkr_p_ddelta(at, E, R, c);
        for (int i = 1; i < SIMPSON_N; i++)
            sum += (i % 2 ? 4 : 2) * jkr_p_ddelta(ac + i * ha, E, R, c);
        double area = -sum * ha / 3; /* from a_c to a_t, i.e. delta_c to 0: P < 0, so area > 0 */
        CHECK_REL(lt_adhesion_cycle_loss(HA_MODEL_JKR, w, E, R), area, TOL_QUADRATURE,
                  "cycle loss vs quadrature of P d(delta)");
    }
}

/* A hand-made contact (spheres r1, r2, one material) at overlap -uN, created there. */
static lt_response at_overlap(const double *p, double young, double nu, double r1, double r2,
                              double uN, double *state)
{
    static lt_material m;
    m = (lt_material){young, nu, 1000, 0.5, 0.5};
    lt_contact c = {0};
    c.uN = uN;
    c.dt = 1e-6;
    c.lens[0] = c.rcurv[0] = r1;
    c.lens[1] = c.rcurv[1] = r2;
    c.mat[0] = c.mat[1] = &m;
    c.mstar = 1;
    c.fresh = 1;
    memset(state, 0, LT_MAX_STATE * sizeof *state);
    const lt_law *law = adhesion();
    law->init(p, &c, state);
    lt_response r = {0};
    CHECK(law->step(p, &c, state, &r) == 1);
    return r;
}

static void test_no_adhesion_is_hertz(void)
{
    const lt_law *law = adhesion(), *hm = lt_find_law("hertz_mindlin");
    double p[LT_MAX_PARAMS], q[LT_MAX_PARAMS], s[LT_MAX_STATE];
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    for (int i = 0; i < hm->n_params; i++) q[i] = hm->params[i].def;
    p[HA_P_GAMMA] = 0;
    for (int k = 0; k < 2; k++) {
        p[HA_P_MODEL] = k;
        for (double d = 1e-7; d < 1e-3; d *= 10) {
            lt_response r = at_overlap(p, 1e8, 0.3, 0.1, 0.05, -d, s), h = {0};
            lt_material m = {1e8, 0.3, 1000, 0.5, 0.5};
            lt_contact c = {.uN = -d,
                            .dt = 1e-6,
                            .lens = {0.1, 0.05},
                            .rcurv = {0.1, 0.05},
                            .mat = {&m, &m},
                            .mstar = 1,
                            .fresh = 1};
            double hs[LT_MAX_STATE] = {0};
            hm->init(q, &c, hs);
            hm->step(q, &c, hs, &h);
            CHECK_REL(r.f[0], h.f[0], TOL_HERTZ, "gamma = 0: the Hertz force of hertz_mindlin");
            CHECK_REL(r.k[0], h.k[0], TOL_HERTZ, "gamma = 0: the Hertz stiffness of hertz_mindlin");
        }
    }
}

/* Next to the neck the law's a(delta) (Newton on a double root) still matches the bisection of
 * the cases: at delta_c (1 + 10^-k) the force to the closed form's conditioning, which the
 * square-root branch point makes ~ sqrt(1e-16 / 10^-k) relative; and beyond the neck the
 * contact separates with a zero force. */
static void test_newton_next_to_the_neck(void)
{
    const lt_law *law = adhesion();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE];
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    p[HA_P_MODEL] = HA_MODEL_JKR;
    p[HA_P_GAMMA] = 0.05;
    double E = 1e6 / (2 * 0.75), R = 0.005, dc = lt_adhesion_separation(HA_MODEL_JKR, 0.05, E, R);
    for (int k = 2; k <= 12; k += 2) {
        double d = dc * (1 - pow(10, -k)); /* dc < 0: slightly less tension than the neck */
        lt_response r = at_overlap(p, 1e6, 0.5, 0.01, 0.01, -d, s);
        lt_adhesion_state st = lt_adhesion_closed_form(HA_MODEL_JKR, 0.05, E, R, d);
        char what[96];
        snprintf(what, sizeof what, "force at delta_c (1 - 1e-%d)", k);
        CHECK_REL(r.f[0], st.fn, 1e-14 + 10 * sqrt(1e-16 * pow(10, k)), what);
    }
    lt_response r = at_overlap(p, 1e6, 0.5, 0.01, 0.01, -dc * (1 + 1e-9), s);
    /* separated */
    CHECK(r.f[0] == 0 && r.energy[HA_E_ELAST] == 0 && r.energy[HA_E_SURF] == 0 &&
          s[HA_S_DETACHED] == 1);
}

const test_case adhesion_tests[] = {
    TEST(registered),
    TEST(jkr_cycle_spheres),
    TEST(jkr_cycle_wall),
    TEST(dmt_cycle),
    TEST(jkr_cycle_work_converges),
    TEST(cycle_loss_is_the_loop_area),
    TEST(no_adhesion_is_hertz),
    TEST(newton_next_to_the_neck),
    {0, 0},
};
