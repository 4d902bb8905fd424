/* src/verify/verify_passivity.c - the checks that need no help from the law (docs/verify.md,
 * "Passivity"): computed only from what the driver measures - its own work, the bodies'
 * kinetic energy, the forces and displacements - never from the energies the law books, so
 * that they hold for a law that books none.  Units SI.
 *
 *   passivity         over a path from apart to apart (the law's state is fresh at each contact,
 *                     so its free energy is zero at both ends), the net work the driver's motion
 *                     does on the contact, W = work - (kin - kin_0) - damp, is >= 0: a law may
 *                     dissipate, never create energy (the second law for a contact);
 *   zero force apart  once the contact has ended, the law's force and torque are exactly zero;
 *   restitution <= 1  in a head-on impact of two free spheres.
 *
 * The paths: generic-normal-cycle (compress to 1 % of the smaller radius, unload), generic-
 * shear-cycle (compress, a shear cycle 0 -> +a -> -a -> 0 past the slip limit of a Coulomb law,
 * unload), generic-impact (two free spheres at 0.5 m/s, resolved by >= 1000 steps), plus the
 * generic path and the closed loops (verify_generic.c), which call lt_vr_passive_see.
 *
 * A law that does not let go (a bond that never breaks, e.g. linear's noBreak): each path pulls
 * the bodies out until the contact ends or for 4 times as long as it pushed them in; if the
 * contact still holds there, the path ends apart in geometry but not for the law, its free energy
 * at the end is unknown (a stretched bond stores energy), and the passivity rows are n/a with the
 * separation reached - as generic-impact's rows for a pair that stuck.
 *
 * Tolerance of `passivity`: the driver knows the force only at the states, and W is the
 * trapezoid rule's work.  On a step over which the displacement is monotone (imposed velocities
 * change only at states) and the law's force follows it monotonically, the exact work
 * integral of each DoF lies between f(n-1) du and f(n) du, whose mean is the trapezoid: the rule
 * errs by at most |f(n) - f(n-1)| |du| / 2 a step and DoF.  The sum of these over the path, B,
 * measured by the driver, bounds how negative the trapezoid W of an exactly passive law can be;
 * it covers the switching steps (a force or a dashpot jumping on or off inside a step) as well.
 * For a smooth linear spring B = k du U / 2 (U the path length): at 1000 steps per overlap,
 * 1e-3 of the elastic scale S = sum over DoFs of max|F| max|u| on the contact; an energy-creating
 * law returns a fraction of S of order its defect.  Reported as max(0, -W)/S against B/S plus
 * 1e-12 of round-off (~1e4 steps).
 */
#include "verify/verify_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPEED 0.5           /* m/s */
#define IMPACT_STEPS 1000.0 /* steps per contact time, at least */
#define TOL_ROUND 1e-12
#define WHY_PASSIVE                                                                                \
    "max(0, -W)/S, W the driver's net work on the contact apart to apart, S = sum max|F| max|u|; " \
    "tol: the "                                                                                    \
    "trapezoid bound sum |dF||du|/2 over S, + 1e-12"
#define WHY_APART "exactly zero once the contact has ended"

void lt_vr_passive_see(vr_passive *p, const lt_tester *tester, const lt_snapshot *s)
{
    const lt_view *t = lt_tester_view(tester);
    int ne = t->test->law->n_energies;
    double absorbed =
        s->energy[ne + LT_E_WORK] - s->energy[ne + LT_E_KIN] - s->energy[ne + LT_E_DAMP];
    if (!p->rows) p->kin0 = s->energy[ne + LT_E_KIN], p->started_apart = !s->contact;
    absorbed += p->kin0;
    double dt = t->test->dt, du[LT_DOF] = {0};
    if (p->rows) {
        du[0] = fabs(s->u[0] - p->prev_uN);
        for (int k = 1; k < LT_DOF; k++) /* the step's velocity, from whichever end is in contact */
            du[k] =
                dt * fmax(s->contact ? fabs(s->v[k]) : 0, p->prev_contact ? fabs(p->prev_v[k]) : 0);
        /* the second difference of the force about the previous state, over the larger of its
         * two steps (before the first state and apart, the force is zero) */
        for (int k = 0; k < LT_DOF; k++)
            p->bound +=
                0.5 * fmax(du[k], p->prev_du[k]) * fabs(s->f[k] - 2 * p->prev_f[k] + p->prev2_f[k]);
    }
    if (s->contact) {
        p->had_contact = 1;
        for (int k = 0; k < LT_DOF; k++) {
            p->fmax[k] = fmax(p->fmax[k], fabs(s->f[k]));
            p->umax[k] = fmax(p->umax[k], fabs(s->u[k]));
        }
    } else if (p->had_contact) {
        p->ended = 1;
        for (int k = 0; k < LT_DOF; k++) p->f_apart = fmax(p->f_apart, fabs(s->f[k]));
    }
    p->work = absorbed;
    p->rows++;
    p->prev_contact = s->contact;
    p->prev_uN = s->u[0];
    memcpy(p->prev2_f, p->prev_f, sizeof p->prev2_f);
    memcpy(p->prev_f, s->f, sizeof p->prev_f);
    memcpy(p->prev_v, s->v, sizeof p->prev_v);
    memcpy(p->prev_du, du, sizeof p->prev_du);
}

double lt_vr_passive_scale(const vr_passive *p)
{
    double S = 0;
    for (int k = 0; k < LT_DOF; k++) S += p->fmax[k] * p->umax[k];
    return S;
}

void lt_vr_passive_rows(vr_ctx *v, const char *kase, const vr_passive *p)
{
    if (p->started_apart && p->had_contact && !p->ended) { /* held: see the file's head */
        char why[300];
        snprintf(why, sizeof why,
                 "the law held the contact to the end of the pull-out, at a separation uN = %.3g "
                 "m: the path does not end apart, so its free energy there is unknown",
                 p->prev_uN);
        lt_vr_na(v, kase, "passivity", why);
        lt_vr_na(v, kase, "zero force apart", why);
        return;
    }
    if (!p->started_apart || !p->ended) {
        lt_vr_fail(v, kase, "passivity",
                   "the path did not run from apart to apart (no contact, or it never ended)");
        return;
    }
    double S = lt_vr_passive_scale(p), scale = S > 0 ? S : 1;
    char why[400];
    snprintf(why, sizeof why, "W/S = %.3e, S = %.3e J: " WHY_PASSIVE, p->work / scale, S);
    lt_vr_row(v, kase, "passivity", LT_CHECK_ABS, 0, fmax(0, -p->work) / scale,
              p->bound / scale + TOL_ROUND, why);
    lt_vr_row(v, kase, "zero force apart", LT_CHECK_ABS, 0, p->f_apart, 0, WHY_APART);
}

static void passive_row(void *ctx, const lt_tester *t, const lt_snapshot *s)
{
    lt_vr_passive_see(ctx, t, s);
}

static lt_test pair_test(const vr_ctx *v)
{
    lt_test t = lt_vr_base_test(v);
    t.gap = 1e-5;
    return t;
}

static void run_path(vr_ctx *v, const char *kase, lt_test *t, lt_stage *st, int n)
{
    t->stages = st;
    t->n_stages = n;
    lt_tester *T = lt_tester_new();
    vr_passive p;
    memset(&p, 0, sizeof p);
    if (!T || lt_run(T, t, passive_row, &p) < 0)
        lt_vr_fail(v, kase, "run", T ? lt_tester_view(T)->err : "out of memory");
    else
        lt_vr_passive_rows(v, kase, &p);
    lt_tester_free(T);
}

/* ---- generic-normal-cycle, generic-shear-cycle ------------------------------------------ */

static void normal_cycle(vr_ctx *v)
{
    lt_test t = pair_test(v);
    long n1 = (long)((t.gap + LT_VR_OVERLAP) / (SPEED * t.dt) + 0.5);
    vr_until u1 = {.kind = VR_UNTIL_STEPS, .n = n1},
             u2 = {.kind = VR_UNTIL_NO_CONTACT, .n = 4 * n1},
             u3 = {.kind = VR_UNTIL_STEPS, .n = 20};
    const double in[LT_DOF] = {-SPEED}, out[LT_DOF] = {SPEED};
    lt_stage st[3] = {lt_vr_stage("vvvvvv", in, &u1), lt_vr_stage("vvvvvv", out, &u2),
                      lt_vr_stage("vvvvvv", out, &u3)};
    run_path(v, "generic-normal-cycle", &t, st, 3);
}

static void shear_cycle(vr_ctx *v)
{
    lt_test t = pair_test(v);
    long n1 = (long)((t.gap + LT_VR_OVERLAP) / (SPEED * t.dt) + 0.5),
         na = (long)(2 * LT_VR_OVERLAP / (SPEED * t.dt) + 0.5);
    vr_until u1 = {.kind = VR_UNTIL_STEPS, .n = n1}, ua = {.kind = VR_UNTIL_STEPS, .n = na},
             u2a = {.kind = VR_UNTIL_STEPS, .n = 2 * na},
             uo = {.kind = VR_UNTIL_NO_CONTACT, .n = 4 * n1},
             u20 = {.kind = VR_UNTIL_STEPS, .n = 20};
    const double in[LT_DOF] = {-SPEED}, fw[LT_DOF] = {0, SPEED}, bw[LT_DOF] = {0, -SPEED},
                 out[LT_DOF] = {SPEED};
    lt_stage st[6] = {lt_vr_stage("vvvvvv", in, &u1),  lt_vr_stage("vvvvvv", fw, &ua),
                      lt_vr_stage("vvvvvv", bw, &u2a), lt_vr_stage("vvvvvv", fw, &ua),
                      lt_vr_stage("vvvvvv", out, &uo), lt_vr_stage("vvvvvv", out, &u20)};
    run_path(v, "generic-shear-cycle", &t, st, 6);
}

/* ---- generic-impact ------------------------------------------------------------------------ */

typedef struct impact_until {
    long cap; /* steps */
} impact_until;

/* the rebound (as verify's impacts), or a pair that has not come apart after cap steps */
static int rebound_or_cap(void *ctx, lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    const impact_until *u = ctx;
    return t->st.bounces >= 2 || (t->st.hadC && !t->st.hasC) || t->st.step >= u->cap;
}

typedef struct impact_result {
    vr_passive p;
    double e;   /* -: separating over approach normal speed */
    double e0;  /* J: incoming kinetic energy */
    long steps; /* steps in contact */
} impact_result;

static void impact_see(void *ctx, const lt_tester *t, const lt_snapshot *s)
{
    impact_result *r = ctx;
    lt_vr_passive_see(&r->p, t, s);
    r->steps += s->contact;
}

static int impact_at(vr_ctx *v, double dt, impact_result *r)
{
    lt_test t = lt_vr_base_test(v);
    t.dt = dt;
    t.gap = SPEED * dt / 2; /* touch at a kick boundary, as verify's impacts (verify_cases.c) */
    for (int i = 0; i < 2; i++) lt_body_mass_props(&t.body[i]);
    t.abWeight = t.body[0].mass / (t.body[0].mass + t.body[1].mass); /* centre of mass at rest */
    impact_until u = {.cap = (long)(100 * IMPACT_STEPS) + 1000000L};
    vr_until u2 = {.kind = VR_UNTIL_STEPS, .n = 20};
    const double in[LT_DOF] = {-SPEED}, none[LT_DOF] = {0};
    lt_stage st[2] = {lt_vr_stage("i.....", in, NULL), lt_vr_stage("......", none, &u2)};
    st[0].until = rebound_or_cap;
    st[0].until_ctx = &u;
    t.stages = st;
    t.n_stages = 2;
    memset(r, 0, sizeof *r);
    lt_tester *T = lt_tester_new();
    if (!T || lt_run(T, &t, impact_see, r) < 0) {
        lt_vr_fail(v, "generic-impact", "run", T ? lt_tester_view(T)->err : "out of memory");
        lt_tester_free(T);
        return 0;
    }
    const lt_view *end = lt_tester_view(T);
    vec3 dv = v3_sub(end->body[1].vel, end->body[0].vel);
    double m = end->body[0].mass * end->body[1].mass / (end->body[0].mass + end->body[1].mass);
    r->e = v3_dot(dv, end->frame.r[0]) / SPEED;
    r->e0 = 0.5 * m * SPEED * SPEED;
    lt_tester_free(T);
    return 1;
}

static void impact(vr_ctx *v)
{
    const char *k = "generic-impact";
    double dt = lt_vr_base_test(v).dt;
    impact_result *r = calloc(1, sizeof *r);
    if (!r) {
        lt_vr_fail(v, k, "setup", "out of memory");
        return;
    }
    if (!impact_at(v, dt, r)) goto done;
    /* resolve the contact: dt from its measured length */
    if (r->p.ended && (double)r->steps < IMPACT_STEPS) {
        dt *= (double)(r->steps > 0 ? r->steps : 1) / IMPACT_STEPS;
        if (!impact_at(v, dt, r)) goto done;
    }
    if (!r->p.ended) {
        lt_vr_na(v, k, "restitution <= 1", "the pair stuck: no rebound within the run");
        lt_vr_na(v, k, "passivity", "the pair stuck: the path does not end apart");
        goto done;
    }
    /* a head-on impact, centre of mass at rest: e^2 = 1 - W/E0, so e - 1 <= (e^2 - 1)/(1 + e) <=
     * B/E0 */
    lt_vr_row(v, k, "restitution <= 1", LT_CHECK_ABS, 0, r->e > 1 || isnan(r->e) ? r->e - 1 : 0,
              r->p.bound / r->e0 + TOL_ROUND,
              "max(0, e - 1), e from the free flight after the contact; tol: e - 1 <= B/E0, B the "
              "trapezoid bound");
    lt_vr_passive_rows(v, k, &r->p);
done:
    free(r);
}

void lt_vr_passivity(vr_ctx *v)
{
    if (lt_vr_selected(v, "generic-normal-cycle")) normal_cycle(v);
    if (lt_vr_selected(v, "generic-shear-cycle")) shear_cycle(v);
    if (lt_vr_selected(v, "generic-impact")) impact(v);
}
