/* tests/test_faults.c - numerical faults: in the driver (no Lua) a law returning a non-finite
 * force, stiffness, energy or state variable (a law planted here), a state that overflows, and
 * the leapfrog stability check of stability.h against its closed forms; then the same faults
 * as a user meets them, through `lawtester run`.  Every fault stops the run with one line naming
 * stage, step and quantity; the rows before it are kept as NAME.tsv.partial, marked failed. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include "contact/registry.h"
#include "drive.h"
#include "driver/driver_int.h"
#include "driver/stability.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- a law that turns one output non-finite -------------------------------------------------- */

enum { NL_CHANNEL, NL_AT }; /* parameters */
static const lt_param nanlaw_params[] = {
    {"channel", LT_REAL, 0, 0, 3, "-", "0 force Fx, 1 stiffness kn, 2 energy elast, 3 state n",
     NULL},
    {"at", LT_REAL, 5, 1, 1e9, "-",
     "the contact step at which that output is NaN (or inf for the force)", NULL},
};
static const char *const nanlaw_state[] = {"n"};
static const lt_energy_def nanlaw_energies[] = {{"elast", LT_STORED, "spring energy"}};

static void nanlaw_init(const double *param, const lt_contact *c, double *state)
{
    (void)param, (void)c;
    state[0] = 0;
}

static int nanlaw_step(const double *param, const lt_contact *c, double *state, lt_response *out)
{
    state[0] += 1; /* steps of this contact */
    out->f[0] = c->kn * c->uN;
    out->k[0] = c->kn;
    out->k[1] = c->kt;
    out->energy[0] = 0.5 * c->kn * c->uN * c->uN;
    if (state[0] == param[NL_AT]) {
        int ch = (int)param[NL_CHANNEL];
        if (ch == 0) out->f[0] = -INFINITY;
        if (ch == 1) out->k[0] = NAN;
        if (ch == 2) out->energy[0] = NAN;
        if (ch == 3) state[0] = NAN;
    }
    return c->uN < 0;
}

static const lt_law nanlaw = {
    .api_version = LT_LAW_API_VERSION,
    .name = "nanlaw",
    .summary = "a spring that returns a non-finite output at a given step (tests)",
    .params = nanlaw_params,
    .n_params = 2,
    .state_names = nanlaw_state,
    .n_state = 1,
    .energies = nanlaw_energies,
    .n_energies = 1,
    .init = nanlaw_init,
    .step = nanlaw_step};

/* Compression at 1 m/s from a gap of 3 steps (the contact forms at step 3). */
static int run_nanlaw(int channel, double at, lt_tester *T, rows *r)
{
    lt_test t = linear_test(v3(1, 0, 0), 0);
    t.law = &nanlaw;
    t.params[NL_CHANNEL] = channel;
    t.params[NL_AT] = at;
    t.gap = 2.5e-6;
    cond c = {COND_STEPS, 0, 0, 100, 0};
    lt_stage st = stage("v.....", -1, 0, 0, 0, 0, 0, &c);
    t.stages = &st;
    t.n_stages = 1;
    return lt_run(T, &t, collect, r);
}

/* Each channel: the run stops at the contact's 5th step (global step 7: the contact formed at
 * step 3), the message names law, quantity and value; rows 0..6 were recorded, not 7. */
static void test_law_non_finite_outputs(void)
{
    const char *want[4] = {
        "stage 1, step 7: law 'nanlaw' returned a non-finite force Fx = -inf",
        "stage 1, step 7: law 'nanlaw' returned a non-finite stiffness kn = nan",
        "stage 1, step 7: law 'nanlaw' returned a non-finite energy elast = nan",
        "stage 1, step 7: law 'nanlaw' left a non-finite state variable n = nan"};
    for (int ch = 0; ch < 4; ch++) {
        lt_tester *T = calloc(1, sizeof *T);
        rows r = {0};
        int rc = run_nanlaw(ch, 5, T, &r);
        CHECK_MSG(rc == -1, "channel %d: the run did not stop", ch);
        CHECK_STR(T->view.err, want[ch]);
        CHECK_MSG(r.n == 7 && r.s[r.n - 1].step == 6, "channel %d: %zu rows, the last at step %ld",
                  ch, r.n, r.n ? r.s[r.n - 1].step : -1L);
        free(r.s);
        free(T);
    }
    /* the same law without the fault runs through (the check does not misfire) */
    lt_tester *T = calloc(1, sizeof *T);
    rows r = {0};
    CHECK_MSG(run_nanlaw(0, 1e9, T, &r) == 0, "%s", T->view.err);
    free(r.s);
    free(T);
}

/* A law with a long state (a loading history beyond LT_STATE_CHECKED_EACH_STEP values) whose last
 * value turns NaN at the contact's 5th step while its force stays finite: the check of the whole
 * state at the end of the stage stops the run, naming the variable. */
static int histlaw_step(const double *param, const lt_contact *c, double *state, lt_response *out)
{
    (void)param;
    state[0] += 1;
    lt_respond_force(out, c->kn * c->uN, 0, 0, c->kn, c->kt);
    out->energy[0] = 0.5 * c->kn * c->uN * c->uN;
    if (state[0] == 5) state[39] = NAN;
    return c->uN < 0;
}

static void test_long_state_checked_by_stage(void)
{
    static const char *names[40];
    static char buf[40][16];
    for (int i = 0; i < 40; i++) snprintf(buf[i], sizeof buf[i], "h%d", i), names[i] = buf[i];
    lt_law hist = nanlaw;
    hist.name = "histlaw";
    hist.state_names = names;
    hist.n_state = 40;
    hist.step = histlaw_step;
    lt_test t = linear_test(v3(1, 0, 0), 0);
    t.law = &hist;
    t.gap = 2.5e-6;
    cond c = {COND_STEPS, 0, 0, 100, 0};
    lt_stage st = stage("v.....", -1, 0, 0, 0, 0, 0, &c);
    t.stages = &st;
    t.n_stages = 1;
    lt_tester *T = calloc(1, sizeof *T);
    CHECK(lt_run(T, &t, NULL, NULL) == -1);
    CHECK_STR(T->view.err,
              "stage 1, step 100: law 'histlaw' left a non-finite state variable h39 = nan");
    free(T);
}

/* B, 1 mm away from A on the linear law's test, moving freely at vx (m/s) for 5 steps of dt (s):
 * the run must fail with the error err. */
static void check_free_flight_fault(double vx, double dt, const char *err)
{
    lt_test t = linear_test(v3(1, 0, 0), 0);
    if (dt > 0) t.dt = dt;
    t.gap = 1e-3;
    t.body[1].vel = v3(vx, 0, 0);
    cond c = {COND_STEPS, 0, 0, 5, 0};
    lt_stage st = stage("......", 0, 0, 0, 0, 0, 0, &c);
    t.stages = &st;
    t.n_stages = 1;
    lt_tester *T = calloc(1, sizeof *T);
    CHECK(lt_run(T, &t, NULL, NULL) == -1);
    CHECK_STR(T->view.err, err);
    free(T);
}

/* A state that overflows: B flying at 1e153 m/s (kinetic energy 5e306 J, still finite) for
 * dt = 1e160 s goes to infinity in one step. */
static void test_state_overflow(void)
{
    check_free_flight_fault(1e153, 1e160,
                            "stage 1, step 1: non-finite state: B.pos.x = inf (the motion "
                            "overflowed or became unstable)");
}

/* Kinetic energy beyond the largest double at the initial state (the test's own dt). */
static void test_energy_overflow(void)
{
    check_free_flight_fault(
        1e200, 0,
        "stage 1, step 0: non-finite energy: kin = inf (the motion overflowed or became unstable)");
}

/* A velocity that overflows mid-run: B drifts at 1 m/s, then a forced normal of 1e308 N for
 * dt = 1e3 s gives it v = inf.  The driver's per-step state check leaves the velocities out
 * (driver.c, state_check): the closing of the same state multiplies them into the kinetic
 * energy, so the run must end there, before the bodies move (the first non-finite energy named
 * is `work`, which follows from the kinetic energy and comes before it in the record). */
static void test_velocity_overflow(void)
{
    lt_test t = linear_test(v3(1, 0, 0), 0);
    t.dt = 1e3;
    t.gap = 1e-3;
    t.body[1].vel = v3(1, 0, 0);
    cond c[2] = {{COND_STEPS, 0, 0, 3, 0}, {COND_STEPS, 0, 0, 5, 0}};
    lt_stage st[2] = {stage("......", 0, 0, 0, 0, 0, 0, &c[0]),
                      stage("f.....", 1e308, 0, 0, 0, 0, 0, &c[1])};
    t.stages = st;
    t.n_stages = 2;
    lt_tester *T = calloc(1, sizeof *T);
    CHECK(lt_run(T, &t, NULL, NULL) == -1);
    CHECK_STR(T->view.err, "stage 2, step 3: non-finite energy: work = inf (the motion overflowed "
                           "or became unstable)");
    CHECK(T->view.step == 3);
    CHECK(isinf(T->view.energy[T->view.test->law->n_energies + LT_E_KIN]));
    /* v_{n-1/2}: the bodies did not move */
    CHECK(isfinite(T->view.body[1].vel.x) && isfinite(T->view.body[1].pos.x));
    free(T);
}

/* ---- the stability limit --------------------------------------------------------------------- */

/* Free impact of two spheres (r 0.1 m, 2600 kg/m^3) at 1 m/s on a law with kn = 1e6 N/m, until
 * rebound, at time step dt; the tester is left in *T. */
static void impact(lt_tester *T, const char *law, double dt, double zetaN, double en, rows *r)
{
    lt_test t = linear_test(v3(1, 0, 0), 0);
    t.law = lt_find_law(law);
    for (int i = 0; i < t.law->n_params; i++) t.params[i] = t.law->params[i].def;
    t.params[lt_law_param_index(t.law, "kn")] = 1e6;
    t.params[lt_law_param_index(t.law, "kt")] = 5e5;
    if (!isnan(zetaN)) t.params[lt_law_param_index(t.law, "zetaN")] = zetaN;
    if (!isnan(en)) t.params[lt_law_param_index(t.law, "en")] = en;
    t.dt = dt;
    t.gap = 1e-6;
    t.body[1].vel = v3(-1, 0, 0);
    cond c = {COND_REBOUND, 0, 0, 0, 0};
    lt_stage st = stage("......", 0, 0, 0, 0, 0, 0, &c);
    st.max_steps = 100000;
    t.stages = &st;
    t.n_stages = 1;
    int rc = lt_run(T, &t, r ? collect : NULL, r);
    CHECK_MSG(rc == 0, "%s at dt %g: %s", law, dt, T->view.err);
}

/* dt_crit = 2 sqrt(m* / kn) for the undamped spring: just above it warns with that value, just
 * below it does not.  m* = m/2, m = 4/3 pi r^3 rho. */
static void test_stability_linear(void)
{
    double m = 4.0 / 3.0 * LT_TEST_PI * 1e-3 * 2600, mstar = m / 2, crit = 2 * sqrt(mstar / 1e6);
    lt_tester *T = calloc(1, sizeof *T);
    impact(T, "linear", crit * 1.01, NAN, NAN, NULL);
    CHECK(T->view.stab.exceeded == 1 && T->view.stab.stage == 1);
    CHECK_REL(T->view.stab.dt_crit, crit, 1e-14,
              "dt_crit of the linear spring (a few roundings of m and sqrt)");
    CHECK_REL(T->view.stab.k, 1e6, 0, "kn at the warning");
    CHECK_REL(T->view.stab.mstar, mstar, 1e-15, "m*");
    impact(T, "linear", crit * 0.99, NAN, NAN, NULL);
    CHECK(T->view.stab.exceeded == 0);
    /* lawtester's own formula, also for a damped one */
    CHECK_REL(lt_dt_crit(mstar, 1e6, 0), crit, 1e-15, "lt_dt_crit undamped");
    CHECK_REL(lt_dt_crit(mstar, 1e6, 0.3), crit * (sqrt(1.09) - 0.3), 1e-15,
              "lt_dt_crit, zeta 0.3");
    CHECK(isinf(lt_dt_crit(mstar, 0, 0)) && isinf(lt_dt_crit(mstar, NAN, 0)));
    free(T);
}

/* The spring-dashpot's limit is lower, by sqrt(1 + zeta^2) - zeta: at dt between the two limits
 * it warns (zeta given as zetaN, or through en); without damping it would not. */
static void test_stability_spring_dashpot(void)
{
    double m = 4.0 / 3.0 * LT_TEST_PI * 1e-3 * 2600, mstar = m / 2, crit0 = 2 * sqrt(mstar / 1e6);
    double zeta = 0.3, crit = crit0 * (sqrt(1 + zeta * zeta) - zeta), dt = 0.5 * (crit + crit0);
    lt_tester *T = calloc(1, sizeof *T);
    impact(T, "spring_dashpot", dt, zeta, NAN, NULL);
    CHECK(T->view.stab.exceeded == 1);
    CHECK_REL(T->view.stab.dt_crit, crit, 1e-14, "damped dt_crit, zetaN");
    CHECK_REL(T->view.stab.zeta, zeta, 0, "zeta");
    double en = 0.5, l = log(en), z = -l / sqrt(LT_TEST_PI * LT_TEST_PI + l * l);
    impact(T, "spring_dashpot", crit0 * 0.99, NAN, en, NULL);
    CHECK(T->view.stab.exceeded == (crit0 * 0.99 > crit0 * (sqrt(1 + z * z) - z)));
    CHECK_REL(T->view.stab.zeta, z, 1e-15, "zeta from en");
    impact(T, "spring_dashpot", dt, 0, NAN, NULL);
    CHECK(T->view.stab.exceeded == 0);
    free(T);
}

/* Hertz stiffens as it is loaded (k = dFn/d overlap = 1.5 K sqrt(overlap)): the check uses the
 * current k.  Spheres of E = 1e10 Pa pressed (imposed, so not checked) to an overlap, then one
 * free step at dt = 1e-3 s, for which the limit is reached at k = 4 m* / dt^2 = 2.2e7 N/m, an
 * overlap of 8.3e-5 m: pressed to 2e-4 m the free step warns with the k of the state it leaves,
 * pressed to 5e-5 m it does not. */
static void hertz_pressed(lt_tester *T, double overlap, rows *r)
{
    lt_test t = linear_test(v3(1, 0, 0), 0);
    t.law = lt_find_law("hertz_mindlin");
    for (int i = 0; i < t.law->n_params; i++) t.params[i] = t.law->params[i].def;
    t.body[0].mat.young = t.body[1].mat.young = 1e10;
    t.dt = 1e-3;
    t.gap = 1e-6;
    cond c1 = {COND_UN_BELOW, 0, -overlap, 0, 0}, c2 = {COND_STEPS, 0, 0, 1, 0};
    lt_stage st[2] = {stage("v.....", -1e-2, 0, 0, 0, 0, 0, &c1),
                      stage("......", 0, 0, 0, 0, 0, 0, &c2)};
    t.stages = st;
    t.n_stages = 2;
    CHECK_MSG(lt_run(T, &t, collect, r) == 0, "%s", T->view.err);
}

static void test_stability_hertz_current_stiffness(void)
{
    double m = 4.0 / 3.0 * LT_TEST_PI * 1e-3 * 2600, mstar = m / 2;
    lt_tester *T = calloc(1, sizeof *T);
    rows r = {0};
    hertz_pressed(T, 2e-4, &r);
    CHECK(T->view.stab.exceeded == 1 && T->view.stab.stage == 2);
    const lt_snapshot *s = NULL;
    for (size_t i = 0; i < r.n; i++)
        if (r.s[i].step == T->view.stab.step) s = &r.s[i];
    CHECK_MSG(s && s->contact && s->stage == 1 && r.s[r.n - 1].step == s->step + 1,
              "the warned state %ld is not the one the free step leaves", T->view.stab.step);
    if (s) {
        CHECK_REL(T->view.stab.k, s->k[0], 0,
                  "k of the warned state (the law's current stiffness)");
        CHECK_REL(T->view.stab.dt_crit, 2 * sqrt(mstar / s->k[0]), 1e-15,
                  "Hertz dt_crit from the current k");
        CHECK_MSG(s->k[0] > 4 * mstar / 1e-6 && s->k[0] < 2 * 4 * mstar / 1e-6, "k = %g", s->k[0]);
    }
    free(r.s);
    memset(&r, 0, sizeof r);
    hertz_pressed(T, 5e-5, &r);
    CHECK_MSG(T->view.stab.exceeded == 0, "warned at a shallow overlap (k = %g)", T->view.stab.k);
    free(r.s);
    free(T);
}

/* An imposed normal velocity leaves no free normal oscillation: no warning at any dt. */
static void test_stability_imposed_normal(void)
{
    lt_test t = linear_test(v3(1, 0, 0), 0);
    t.dt = 1e-2; /* twice the limit of the free pair */
    t.gap = 1e-2;
    cond c = {COND_UN_BELOW, 0, -1e-3, 0, 0};
    lt_stage st = stage("v.....", -0.1, 0, 0, 0, 0, 0, &c);
    t.stages = &st;
    t.n_stages = 1;
    lt_tester *T = calloc(1, sizeof *T);
    CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "%s", T->view.err);
    CHECK(T->view.stab.exceeded == 0);
    free(T);
}

/* ---- through the command --------------------------------------------------------------------- */

/* A run that survives an unstable dt succeeds with one warning line naming the field dt. */
static void test_cli_unstable_warning(void)
{
    result r;
    run(&r, "run tests/scripts/unstable_dt.lua -q");
    CHECK_MSG(r.status == 0 && count_lines(r.err) == 1 &&
                  strstr(r.err, "warning: tests/scripts/unstable_dt.lua:4: field dt: dt = 0.006 s "
                                "exceeds the stability "
                                "limit of leapfrog for the normal contact, dt_crit = 0.004667 s "
                                "(m* = 5.445 kg, kn = 1e+06 "
                                "N/m; first at stage 1, step 1); the results are not reliable; "
                                "lower dt below 0.004667 s"),
              "status %d: %s", r.status, r.err);
}

/* An until that raises an error at step 10^6 (10^4 under valgrind): the message names the step,
 * the rows recorded before are kept (every 1000th). */
static void test_cli_until_error_late(void)
{
    long n = under_valgrind() ? 10000 : 1000000;
    char path[64], msg[200];
    snprintf(path, sizeof path, "/tmp/lt_late_%ld.lua", (long)getpid());
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fprintf(f,
            "return { name = \"late\", law = \"linear\", gap = 1, record = { every = 1000 },\n"
            "  stages = { { whats = \"......\", max_steps = %ld,\n"
            "    till = function(C, stage)\n"
            "      if stage.step == %ld then error(\"the until failed\") end\n"
            "      return false\n"
            "    end } } }\n",
            2 * n, n);
    fclose(f);
    snprintf(msg, sizeof msg, "field stages[1].till: at step %ld: %s:4: the until failed", n, path);
    check_failed_run(path, "", 3, msg, "late", (int)(n / 1000));
    remove(path);
}

const test_case faults_tests[] = {
    TEST(law_non_finite_outputs),   TEST(long_state_checked_by_stage),
    TEST(state_overflow),           TEST(energy_overflow),
    TEST(velocity_overflow),        TEST(stability_linear),
    TEST(stability_spring_dashpot), TEST(stability_hertz_current_stiffness),
    TEST(stability_imposed_normal), TEST(cli_unstable_warning),
    TEST(cli_until_error_late),     {0, 0},
};
