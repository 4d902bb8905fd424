/* tests/test_servo.c - quasi-static force control ('s', the servo of driver.h), numerical damping
 * on the free DoFs only, and stage values that are functions of the stage time.
 *
 * Acceptance: cyclic shear of `linear` under a servo-held normal force dissipates per cycle the
 * closed form 4 mu |Fn| (u_a - mu |Fn|/kt) (docs/energy.md section 3; with the amplitudes
 * reached, below) to 1e-6, the normal force is within 1e-6 of its target from the settling step
 * of docs/stage-scripts.md on, and the energy balance closes to 1e-9 of the work.  Units SI. */
#include "check.h"
#include "cli.h"
#include "contact/registry.h"
#include "drive.h"
#include "driver/driver_int.h"
#include <stdlib.h>
#include <string.h>

/* Relative error allowed for the dissipation of a cycle: the onset of slip inside a step errs
 * by at most kt du^2/8 per onset (docs/energy.md), 2 onsets a cycle: 1.25e-7 J against 0.5 J
 * here, 2.5e-7; the acceptance bound. */
#define TOL_CYCLE 1e-6
/* The servo's settling criterion and what "holds its target" means: |f - T| <= TOL_FORCE |T|. */
#define TOL_FORCE 1e-6
/* Energy balance of the servo runs against their work: the acceptance bound (the paths turn no
 * frame while the force changes, so round-off, ~1e-12, is what they give). */
#define TOL_BALANCE 1e-9

/* ---- the servo ------------------------------------------------------------------------- */

typedef struct watch {
    double target; /* N, the servo's normal target */
    long settled;  /* global step of the first state within TOL_FORCE, -1: none yet */
    double worst;  /* largest |f - T| / |T| of the states after the settling stage */
    long n;        /* COND_STEPS for the settling stage; else 0 */
    int dof;       /* shear stages: end when u[dof] crosses x (sign of dir) */
    double x, dir;
    double u_end, plast_end; /* at the stage's end */
} watch;

static int watch_until(void *ctx, lt_tester *t)
{
    watch *w = ctx;
    double err =
        t->view.has_contact ? fabs(t->view.resp.f[0] - w->target) / fabs(w->target) : INFINITY;
    int end;
    if (w->n > 0) {
        if (w->settled < 0 && err <= TOL_FORCE) w->settled = t->view.step;
        end = t->view.st.step >= w->n;
    } else {
        if (err > w->worst) w->worst = err;
        end = w->dir * (t->view.u[w->dof] - w->x) >= 0;
    }
    if (end)
        w->u_end = t->view.u[w->dof], w->plast_end = t->view.energy[1]; /* linear: elast, plast */
    return end;
}

/* Steps the servo needs to bring |f - T| within tol |T| from no force at contact (gap 0), as
 * docs/stage-scripts.md states it: at vmax while alpha |e| / (k dt) > vmax, that is while |e| >
 * e_c = vmax k dt / alpha (the force grows by k vmax dt a step), then |1 - alpha| a step. */
static long settling_steps(double T, double k, double dt, double alpha, double vmax, double tol)
{
    double ec = vmax * k * dt / alpha, e0 = fabs(T) < ec ? fabs(T) : ec;
    long ramp = fabs(T) > ec ? (long)ceil((fabs(T) - ec) / (k * vmax * dt)) : 0;
    return ramp + (long)ceil(log(tol * fabs(T) / e0) / log(fabs(1 - alpha)));
}

/* linear (kn 1e6, kt 5e5, tanPhi tan 0.5) between two free spheres, gap 0: the servo holds
 * Fn = T from rest, then velocity-imposed shear cycles of amplitude ua at 1 m/s. */
static void servo_cycles(double alpha, double *cycle_err, long *settle_err, double *worst,
                         double *balance)
{
    lt_test t = linear_test(v3(0, 0, 1), 0);
    t.record_every = 0;
    const double T = -1000, ua = 2e-3, dt = t.dt, kn = 1e6, kt = 5e5, mu = tan(0.5);
    long bound = settling_steps(T, kn, dt, alpha, 1, TOL_FORCE);
    watch w[6] = {{T, -1, 0, bound + 100, 0, 0, 0, 0, 0}};
    double sign = 1;
    for (int i = 1; i < 6; i++, sign = -sign) w[i] = (watch){T, -1, 0, 0, 1, sign * ua, sign, 0, 0};
    lt_stage st[6];
    for (int i = 0; i < 6; i++) {
        st[i] = lt_default_stage();
        memcpy(st[i].whats, i ? "sv...." : "s.....", LT_DOF);
        st[i].values[0] = T;
        st[i].values[1] = i ? w[i].dir : 0; /* m/s */
        st[i].servo_gain = alpha;
        st[i].until = watch_until;
        st[i].until_ctx = &w[i];
    }
    t.stages = st;
    t.n_stages = 6;
    lt_tester *R = calloc(1, sizeof *R);
    CHECK_MSG(lt_run(R, &t, NULL, NULL) == 0, "%s", R->view.err);
    /* the cycles from the first positive peak: stages 3+4 and 5+6, each from +peak through
     * -peak back; slip at mu |Fn| over the travel less the elastic 2 mu |Fn| / kt each way */
    double fy = mu * fabs(T), worst_rel = 0;
    for (int c = 0; c < 2; c++) {
        const watch *a = &w[1 + 2 * c], *b = &w[2 + 2 * c], *e = &w[3 + 2 * c];
        double expected = fy * ((a->u_end - b->u_end) + (e->u_end - b->u_end) - 4 * fy / kt);
        double rel = fabs((e->plast_end - a->plast_end) - expected) / expected;
        if (rel > worst_rel) worst_rel = rel;
        /* the amplitude reached is ua to within a step's travel */
        CHECK(fabs(a->u_end - ua) <= 1.0000001 * dt && fabs(b->u_end + ua) <= 1.0000001 * dt);
    }
    *cycle_err = worst_rel;
    *settle_err = w[0].settled - bound; /* <= 0: within the stated settling */
    *worst = 0;
    for (int i = 1; i < 6; i++)
        if (w[i].worst > *worst) *worst = w[i].worst;
    int ne = t.law->n_energies;
    *balance = fabs(R->view.energy[ne + LT_E_BALANCE]) / R->view.energy[ne + LT_E_WORK];
    CHECK(R->view.energy[ne + LT_E_DAMP] == 0);
    free(R);
}

static void test_cyclic_shear_under_servo(void)
{
    double cyc, worst, bal;
    long settle;
    servo_cycles(0.5, &cyc, &settle, &worst, &bal);
    CHECK_MSG(cyc <= TOL_CYCLE, "dissipation per cycle off the closed form by %.3g (relative)",
              cyc);
    /* the stated settling is an upper bound that the servo meets within 3 steps: the error left
     * by the ramp lies anywhere in (e_c/2, e_c] */
    CHECK_MSG(settle <= 0 && settle >= -3, "settled %ld steps from the stated bound", settle);
    CHECK_MSG(worst <= TOL_FORCE, "normal force off its target by %.3g during the cycles", worst);
    CHECK_MSG(bal <= TOL_BALANCE, "balance %.3g of the work", bal);
    printf("  servo alpha 0.5: cycle energy error %.3g, settled %ld steps before the bound, force "
           "error %.3g, "
           "balance %.3g of the work\n",
           cyc, -settle, worst, bal);
}

/* A gain from the other side of 1 (the error alternates in sign) is as good inside the bound. */
static void test_servo_gain_above_one(void)
{
    double cyc, worst, bal;
    long settle;
    servo_cycles(1.5, &cyc, &settle, &worst, &bal);
    CHECK_MSG(cyc <= TOL_CYCLE && worst <= TOL_FORCE && bal <= TOL_BALANCE && settle <= 0,
              "alpha 1.5: cycle %.3g, force %.3g, balance %.3g, settle %ld", cyc, worst, bal,
              settle);
}

/* The error of a linear contact falls by exactly 1 - alpha a step once off the speed limit (the
 * stability analysis of driver.h), for alpha on both sides of 1 and beyond 2 (unstable). */
typedef struct ratio_watch {
    double target, prev, ratio_min, ratio_max;
    long n;
} ratio_watch;

static int ratio_until(void *ctx, lt_tester *t)
{
    ratio_watch *r = ctx;
    double e = t->view.resp.f[0] - r->target;
    /* errors of 1e-2 .. 0.5 N: off the clamp (e_c = vmax kn dt / alpha > 0.5 N for alpha < 2)
     * and far above the force's round-off (kn times an ulp of the 0.2 m positions, 3e-11 N) */
    if (t->view.has_contact && fabs(r->prev) < 0.5 && fabs(r->prev) > 1e-2) {
        double q = e / r->prev;
        if (q < r->ratio_min) r->ratio_min = q;
        if (q > r->ratio_max) r->ratio_max = q;
    }
    r->prev = e;
    return t->view.st.step >= r->n;
}

/* Allowed deviation of the measured error ratio from 1 - alpha: the force's round-off, 3e-11 N,
 * against errors >= 1e-2 N, twice (two states): 6e-9. */
#define TOL_RATIO 1e-8

static void test_servo_error_ratio(void)
{
    const double alphas[] = {0.5, 1.5, 0.1}; /* the target below is off the ramp's 1 N grid */
    for (int i = 0; i < 3; i++) {
        lt_test t = linear_test(v3(0, 0, 1), 1);
        t.record_every = 0;
        ratio_watch r = {-999.7, INFINITY, INFINITY, -INFINITY, 1300};
        lt_stage st = lt_default_stage();
        memcpy(st.whats, "s.....", LT_DOF);
        st.values[0] = r.target;
        st.servo_gain = alphas[i];
        st.until = ratio_until;
        st.until_ctx = &r;
        t.stages = &st;
        t.n_stages = 1;
        lt_tester *R = calloc(1, sizeof *R);
        CHECK_MSG(lt_run(R, &t, NULL, NULL) == 0, "%s", R->view.err);
        CHECK_MSG(fabs(r.ratio_min - (1 - alphas[i])) <= TOL_RATIO &&
                      fabs(r.ratio_max - (1 - alphas[i])) <= TOL_RATIO,
                  "alpha %g: error ratio in [%.12g, %.12g], expected %g", alphas[i], r.ratio_min,
                  r.ratio_max, 1 - alphas[i]);
        free(R);
    }
}

/* Without a contact the servo moves at vmax toward its target's sign: a compressive target
 * closes a gap of 1 mm in gap / (vmax dt) steps. */
static void test_servo_approach(void)
{
    lt_test t = linear_test(v3(0, 0, 1), 1);
    t.gap = 1e-3;
    t.record_every = 0;
    cond c = {COND_UN_BELOW, 0, -1e-12, 0, 0};
    lt_stage st = lt_default_stage();
    memcpy(st.whats, "s.....", LT_DOF);
    st.values[0] = -10;
    st.servo_vmax = 0.5;
    st.until = until_cb;
    st.until_ctx = &c;
    t.stages = &st;
    t.n_stages = 1;
    lt_tester *R = calloc(1, sizeof *R);
    CHECK_MSG(lt_run(R, &t, NULL, NULL) == 0, "%s", R->view.err);
    long expected = (long)ceil(t.gap / (0.5 * t.dt));
    CHECK_MSG(labs(R->view.step - expected) <= 1, "touched after %ld steps, expected %ld",
              R->view.step, expected);
    free(R);
}

/* A law that reports no tangential stiffness: a servo on a shear DoF has no gain; an error that
 * names the value (err_dof). */
static int nok_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    (void)p, (void)s;
    lt_respond_force(out, 1e6 * c->uN, 0, 0, 1e6, 0);
    out->energy[0] = 0;
    return c->uN < 0;
}
static void nok_init(const double *p, const lt_contact *c, double *s) { (void)p, (void)c, (void)s; }

static void test_servo_without_stiffness(void)
{
    static const lt_energy_def en[] = {{"elast", LT_STORED, "J"}};
    lt_law law = *lt_find_law("linear");
    law.step = nok_step;
    law.init = nok_init;
    law.n_energies = 1;
    law.energies = en;
    law.n_state = 0;
    lt_test t = linear_test(v3(0, 0, 1), 1);
    t.law = &law;
    t.gap = -1e-4;
    t.record_every = 0;
    cond c = {COND_STEPS, 0, 0, 10, 0};
    lt_stage st = lt_default_stage();
    memcpy(st.whats, "vs....", LT_DOF);
    st.values[1] = 5;
    st.until = until_cb;
    st.until_ctx = &c;
    t.stages = &st;
    t.n_stages = 1;
    lt_tester *R = calloc(1, sizeof *R);
    CHECK(lt_run(R, &t, NULL, NULL) < 0);
    CHECK_MSG(R->view.err_dof == 2 && strstr(R->view.err, "no tangential stiffness"),
              "err_dof %d: %s", R->view.err_dof, R->view.err);
    free(R);
}

/* ---- damping on the free DoFs only ----------------------------------------------------- */

/* Every DoF imposed: numerical damping has nothing to act on and books nothing (it booked the
 * work of its force against the imposed motion, paid back by the driver, before). */
#define TOL_DAMP_IMPOSED 1e-13 /* of the work: the projection leaves round-off of the force */

static void test_damping_not_on_imposed_dofs(void)
{
    lt_stage st[5];
    cond c[5];
    lt_test t = every_dof_test(st, c);
    for (int i = 0; i < 5; i++) memcpy(st[i].whats, "vvvvvv", LT_DOF);
    t.damping = 0.7;
    t.record_every = 0;
    lt_tester *R = calloc(1, sizeof *R);
    CHECK_MSG(lt_run(R, &t, NULL, NULL) == 0, "%s", R->view.err);
    int ne = t.law->n_energies;
    double damp = R->view.energy[ne + LT_E_DAMP], work = fabs(R->view.energy[ne + LT_E_WORK]);
    CHECK_MSG(fabs(damp) <= TOL_DAMP_IMPOSED * work, "damp %.3g J against work %.3g J", damp, work);
    CHECK(fabs(R->view.energy[ne + LT_E_BALANCE]) <= 1e-9 * work);
    free(R);
}

/* Free DoFs keep their damping: B pressed on a fixed A by a constant force ('f', free normal)
 * while a shear is imposed; the damping force of every state has no component along the imposed
 * shear (up to the frame's turn theta = v dt / d between the state it was computed at and the
 * next: the arc B travels), `damp` is booked and the balance closes. */
typedef struct damp_watch {
    double worst; /* largest |d . e_y| / |d| of the states whose damping force is above the
                     round-off of the forces it is made of (1e-12 N against 1000 N) */
    long n;
} damp_watch;

static int damp_until(void *ctx, lt_tester *t)
{
    damp_watch *w = ctx;
    vec3 d = t->damp_prev[1][0]; /* on B, of the state the step left */
    double m = v3_norm(d);
    if (m > 1e-12 && fabs(v3_dot(d, t->view.frame.r[1])) / m > w->worst)
        w->worst = fabs(v3_dot(d, t->view.frame.r[1])) / m;
    return t->view.st.step >= w->n;
}

static void test_damping_on_free_dof(void)
{
    lt_test t = linear_test(v3(0, 0, 1), 0);
    t.gap = -1e-3;       /* the equilibrium of the normal force */
    t.body[0].fixed = 1; /* A holds, B is pressed against it with its real mass */
    t.damping = 0.8;
    t.record_every = 0;
    cond c = {COND_STEPS, 0, 0, 100, 0};
    damp_watch w = {0, 3000};
    lt_stage st[2] = {stage("f.....", -1000, 0, 0, 0, 0, 0, &c),
                      stage("fv....", -1000, 1, 0, 0, 0, 0, NULL)};
    st[1].until = damp_until;
    st[1].until_ctx = &w;
    t.stages = st;
    t.n_stages = 2;
    lt_tester *R = calloc(1, sizeof *R);
    CHECK_MSG(lt_run(R, &t, NULL, NULL) == 0, "%s", R->view.err);
    int ne = t.law->n_energies;
    double damp = R->view.energy[ne + LT_E_DAMP], work = fabs(R->view.energy[ne + LT_E_WORK]);
    double theta = 1 * t.dt / 0.2; /* rad a step: 1 m/s on the 0.2 m centre distance */
    CHECK_MSG(w.worst <= 2 * theta, "damping along the imposed shear: %.3g of the damping force",
              w.worst);
    CHECK(damp > 0);
    CHECK(fabs(R->view.energy[ne + LT_E_BALANCE]) <= TOL_BALANCE * work);
    free(R);
}

/* ---- values as functions of time ------------------------------------------------------- */

typedef struct calls {
    double times[3][4]; /* [0 v, 1 f, 2 s][first calls] */
    int n[3];
    double a; /* ramp slope */
} calls;

static int ramp_value(void *ctx, lt_tester *t, int dof, double time, double *value)
{
    (void)t;
    calls *c = ctx;
    int kind = dof == 0 ? 2 : dof == 1 ? 0 : 1; /* the test's whats "sv f.." */
    if (c->n[kind] < 4) c->times[kind][c->n[kind]++] = time;
    *value = dof == 0 ? -1000 : dof == 1 ? c->a * time : 0;
    return 0;
}

/* Round-off allowed on a displacement summed over 2000 steps: a few ulps of 1e-3 m per step. */
#define TOL_MIDPOINT 1e-12

/* A velocity ramp v = a t is integrated exactly by the midpoint rule, which is what evaluating
 * velocities at t + dt/2 gives: u(T) = a T^2/2 to round-off; and each kind of value is asked at
 * its time level (v at t + dt/2, f at t, s at t + dt). */
static void test_value_time_levels(void)
{
    lt_test t = linear_test(v3(0, 0, 1), 1);
    t.gap = -1e-4;
    t.record_every = 0;
    calls cl = {{{0}}, {0, 0, 0}, 50};
    cond c = {COND_STEPS, 0, 0, 2000, 0};
    lt_stage st = stage("svf...", 0, 0, 0, 0, 0, 0, &c);
    st.fn_mask = 7;
    st.value_fn = ramp_value;
    st.value_ctx = &cl;
    t.stages = &st;
    t.n_stages = 1;
    lt_tester *R = calloc(1, sizeof *R);
    CHECK_MSG(lt_run(R, &t, NULL, NULL) == 0, "%s", R->view.err);
    double T = 2000 * t.dt, u = R->view.u[1];
    CHECK_REL(u, cl.a * T * T / 2, TOL_MIDPOINT, "ramp displacement = a T^2/2");
    for (int k = 0; k < 3; k++) {
        double lag = k == 0 ? 0.5 : k == 1 ? 0 : 1;
        for (int i = 0; i < 4; i++)
            CHECK_MSG(fabs(cl.times[k][i] - (i + lag) * t.dt) <= 1e-15 * t.dt * 10,
                      "kind %d call %d at %.17g s", k, i, cl.times[k][i]);
    }
    free(R);
}

/* The scripted form: Lua functions of t for a sinusoidal shear; the script checks the recorded
 * displacement against the integral of the function and the order of convergence itself. */
static void test_values_functions_script(void)
{
    result r;
    run(&r, "run -q tests/scripts/values_functions.lua");
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    printf("%s", r.out);
}

const test_case servo_tests[] = {
    TEST(cyclic_shear_under_servo), TEST(servo_gain_above_one),
    TEST(servo_error_ratio),        TEST(servo_approach),
    TEST(servo_without_stiffness),  TEST(damping_not_on_imposed_dofs),
    TEST(damping_on_free_dof),      TEST(value_time_levels),
    TEST(values_functions_script),  {0, 0},
};
