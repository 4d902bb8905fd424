/* tests/test_predictor.c - the imposition frame's predictor (src/driver/driver.c): imposed
 * velocities are set in a mid-step frame extrapolated from the last three states instead of one
 * found by trial moves.  Checked here: the law sees the imposed velocities (the velocities recorded
 * on every step equal the stage's values), the predicted runs agree with the trial-pass reference
 * (test->no_predictor), the predictor does the work on smooth paths (every step after the first
 * two of a stage, no miss; three quarters where a free DoF's jerk makes it miss by just over its
 * tolerance), and a kink of the contact normal (a sphere rolling over a facet's
 * edge) is detected, handed to the passes, and taken back once the motion is smooth again.
 * Units SI. */
#include "base/vec.h"
#include "check.h"
#include "drive.h"
#include "driver/driver_int.h"
#include <stdlib.h>
#include <string.h>

/* Imposed-velocity mismatch allowed, relative to the largest imposed value of the path: the
 * predictor is trusted while it misses the mid-step frame by less than 1e-12 rad plus theta^3
 * (driver.c, PREDICT_TOL), the passes miss it by O(theta^3), theta = v dt / r < 4e-5 here
 * (6e-14); both round at a few 1e-16.  And the normal DoF imposes the approach of the centres
 * (so that uN follows the stage exactly): the contact point's normal velocity, measured with
 * mid-step branches, differs from it by (wB x bB - wA x bA) . n, with the branches off the
 * mid-step normal by about dl theta / (4 l) while their length l changes by dl per step: 2.4e-12
 * of 1 m/s for the csu path's spheres spinning at 3 rad/s while unloading (both schemes).
 * Measured otherwise: at most 1.6e-13 (predicted), 4e-14 (passes). */
#define TOL_IMPOSED 1e-11

/* Predicted against passes, largest difference of any force (relative to the largest) and of
 * any energy (relative to the work): the two differ per step by round-off and O(theta^3), and the
 * differences add up over the 2500 to 7000 steps of a path, in a free oscillation as a drift of
 * its phase: 1e-15 x 7000 = 7e-12 at most.  Measured: 1.1e-12 (the free oscillation of
 * mixed_free_and_forced), 4e-12 of the energies over the facet's edge (one step imposed off by the
 * kink's miss, 8e-7 of the velocity for 1e-6 s: 1.6e-10 at most), otherwise below 2e-13. */
#define TOL_SCHEMES 1e-11

typedef recorded_run run_out;

static void run_once(const lt_test *t, run_out *o)
{
    record_run(t, o);
    CHECK_MSG(o->rc == 0, "run failed: %s", o->T->view.err);
}

static void free_out(run_out *o) { free_run(o); }

/* Largest |v_k - value_k| over every recorded step in contact of the stages imposing DoF k. */
static double imposed_mismatch(const lt_test *t, const rows *r)
{
    double worst = 0;
    for (size_t i = 1; i < r->n; i++) {
        const lt_snapshot *s = &r->s[i];
        if (s->stage < 1 || !s->contact) continue;
        const lt_stage *st = &t->stages[s->stage - 1];
        for (int k = 0; k < LT_DOF; k++)
            if (st->whats[k] == 'v') worst = fmax(worst, fabs(s->v[k] - st->values[k]));
    }
    return worst;
}

static double largest_value(const lt_test *t)
{
    double m = 0;
    for (int i = 0; i < t->n_stages; i++)
        for (int k = 0; k < LT_DOF; k++)
            if (t->stages[i].whats[k] == 'v') m = fmax(m, fabs(t->stages[i].values[k]));
    return m;
}

/* Largest difference of forces (relative to the largest force) and of energies (relative to the
 * work) between two runs recorded on the same steps. */
static void compare_runs(const lt_test *t, const run_out *a, const run_out *b, double *df,
                         double *de)
{
    double fmax_ = 0, dfm = 0, dem = 0;
    int ne = lt_energy_count(t->law);
    double work = fabs(a->T->view.energy[t->law->n_energies + LT_E_WORK]);
    size_t n = a->r.n < b->r.n ? a->r.n : b->r.n;
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < LT_DOF; k++) {
            fmax_ = fmax(fmax_, fabs(a->r.s[i].f[k]));
            dfm = fmax(dfm, fabs(a->r.s[i].f[k] - b->r.s[i].f[k]));
        }
        for (int e = 0; e < ne; e++)
            dem = fmax(dem, fabs(a->r.s[i].energy[e] - b->r.s[i].energy[e]));
    }
    *df = fmax_ > 0 ? dfm / fmax_ : dfm;
    *de = work > 0 ? dem / work : dem;
}

/* Runs t with the predictor and with the passes; checks both against the stage values and
 * against each other.  Returns the predicted run (caller frees). */
static run_out check_both(lt_test t, const char *label)
{
    run_out ref, pred;
    t.record_every = 1;
    t.no_predictor = 1;
    run_once(&t, &ref);
    t.no_predictor = 0;
    run_once(&t, &pred);
    CHECK_MSG(ref.r.n == pred.r.n && ref.r.n > 0, "%s: %zu rows vs %zu", label, ref.r.n, pred.r.n);
    CHECK_MSG(ref.T->pred.used == 0, "%s: the reference used the predictor", label);
    double scale = largest_value(&t);
    double mp = imposed_mismatch(&t, &pred.r), mr = imposed_mismatch(&t, &ref.r);
    printf("     %s: imposed velocity off by %.2g (predicted), %.2g (passes) of %g; ", label,
           mp / scale, mr / scale, scale);
    CHECK_MSG(mr <= TOL_IMPOSED * scale, "%s, passes: imposed velocity off by %.3g of %g", label,
              mr, scale);
    double df, de;
    compare_runs(&t, &ref, &pred, &df, &de);
    printf("predicted - passes: forces %.2g, energies %.2g; predicted %ld of %ld steps, %ld "
           "misses, worst %.2g\n",
           df, de, pred.T->pred.used, pred.T->view.step, pred.T->pred.misses, pred.T->pred.worst);
    CHECK_MSG(df <= TOL_SCHEMES && de <= TOL_SCHEMES,
              "%s: predicted and passes differ by %.3g (forces), %.3g (energies)", label, df, de);
    free_out(&ref);
    return pred;
}

/* Steps of a run in stages that impose a velocity, less the first two of each (no history). */
static long predictable_steps(const lt_test *t, const rows *r)
{
    long n = 0;
    for (size_t i = 1; i < r->n; i++) {
        const lt_stage *st = &t->stages[r->s[i].stage - 1];
        if (memchr(st->whats, 'v', LT_DOF) && r->s[i].step > 0) n++;
    }
    for (int i = 0; i < t->n_stages; i++)
        if (memchr(t->stages[i].whats, 'v', LT_DOF)) n -= 2;
    return n;
}

/* A smooth path: the law sees the stage's velocities; the predictor imposes at least `share` of
 * the steps it can (after the first two of each imposing stage; 1: all of them, no miss). */
static void check_smooth(lt_test t, const char *label, double share)
{
    run_out p = check_both(t, label);
    double scale = largest_value(&t);
    CHECK_MSG(imposed_mismatch(&t, &p.r) <= TOL_IMPOSED * scale, "%s: imposed velocity off by %.3g",
              label, imposed_mismatch(&t, &p.r));
    long can = predictable_steps(&t, &p.r);
    CHECK_MSG((double)p.T->pred.used >= share * (double)can,
              "%s: predicted %ld of %ld steps (%ld misses, worst %.3g)", label, p.T->pred.used, can,
              p.T->pred.misses, p.T->pred.worst);
    if (share == 1)
        CHECK_MSG(p.T->pred.misses == 0, "%s: %ld misses (worst %.3g)", label, p.T->pred.misses,
                  p.T->pred.worst);
    free_out(&p);
}

static void test_csu_free_spheres(void)
{
    /* the benchmark's path: free spheres spun up by the shear force, B driven */
    lt_test t = linear_test(v3(0, 0, 1), 0);
    /* thresholds off the multiples of v dt, so that no stage ends on a round-off tie */
    cond c1 = {COND_UN_BELOW, 0, -1.0003e-3, 0, 0}, c2 = {COND_U_ABOVE, 1, 3.0003e-3, 0, 0},
         c3 = {COND_NO_CONTACT, 0, 0, 0, 0};
    lt_stage st[3] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c1),
                      stage("vv....", 0, 1, 0, 0, 0, 0, &c2),
                      stage("vv....", 0.9, 0, 0, 0, 0, 0, &c3)};
    t.stages = st;
    t.n_stages = 3;
    check_smooth(t, "csu, free spheres", 1);
}

static void test_combined_fixed_coarse(void)
{
    /* normal and shear imposed together on a turning frame at a coarse step (8 us: theta = 4e-5
     * per step), the path whose dissipation the energy tests require exact to 1e-12 */
    lt_test t = linear_test(v3(1, 1, 1), 1);
    t.dt = 8e-6;
    cond c[4] = {{COND_STEPS, 0, 0, 125, 0},
                 {COND_STEPS, 0, 0, 375, 0},
                 {COND_STEPS, 0, 0, 125, 0},
                 {COND_STEPS, 0, 0, 125, 0}};
    lt_stage st[4] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c[0]),
                      stage("vv....", 0, 1, 0, 0, 0, 0, &c[1]),
                      stage("vv....", 0.5, 1, 0, 0, 0, 0, &c[2]),
                      stage("vvv...", 0.3, -0.5, 0.7, 0, 0, 0, &c[3])};
    t.stages = st;
    t.n_stages = 4;
    check_smooth(t, "normal and shear together, dt 8 us", 1);
}

static void test_every_dof_oblique(void)
{
    /* every DoF imposed on free bodies of unequal size with an uneven split and initial spin */
    lt_stage st[5];
    cond c[5];
    lt_test t = every_dof_test(st, c);
    /* stage 5 separates the free bodies at 1 m/s while the contact force brakes their spins: the
     * frame's third derivative makes the extrapolation miss by 1.1e-12 to 1.4e-12 there, just
     * over PREDICT_TOL, and the passes take most of those steps */
    check_smooth(t, "oblique, every DoF, free bodies", 0.75);
}

static void test_mixed_free_and_forced(void)
{
    /* imposed shear and twist with a forced normal: the frame turns with motion that the contact
     * force accelerates, so the rotation rate changes every step (no damping: its sign(v) would
     * make the two schemes' round-off differences grow) */
    lt_test t = linear_test(v3(0.6, 0, -0.8), 0);
    cond d1 = {COND_STEPS, 0, 0, 4000, 0}, d2 = {COND_STEPS, 0, 0, 3000, 0};
    lt_stage st[2] = {stage("f.....", -100, 0, 0, 0, 0, 0, &d1),
                      stage("fvfv.f", -20, 0.1, 3, 0.2, 0, 0.01, &d2)};
    t.stages = st;
    t.n_stages = 2;
    check_smooth(t, "forced normal, imposed shear and twist", 1);
}

/* A sphere sheared off a facet's face over its edge: the normal stands still on the face and
 * turns at v / r from the step the contact point reaches the edge, a jump of the rotation rate
 * no extrapolation can see coming.  The miss is detected, the passes take those steps, the
 * predictor takes over again, and the law sees the imposed velocities on every step but the
 * one on which the normal started turning. */
static void test_kink_facet_edge(void)
{
    lt_test t = linear_test(v3(0, 0, 1), 0);
    /* a thin triangle in z = 0 whose centroid (the origin) is 2 mm from its edge y = 2 mm */
    vec3 v[3] = {v3(-1, 0.002, 0), v3(1, 0.002, 0), v3(0, -0.004, 0)};
    lt_body f = t.body[0];
    CHECK(lt_body_set_facet(&f, v, 0) == 0);
    f.fixed = 1;
    t.body[0] = f;
    t.record_every = 1;
    /* the shear y axis of the initial frame is +y for the normal +z (v3_any_perp) */
    cond c1 = {COND_UN_BELOW, 0, -1e-4, 0, 0}, c2 = {COND_STEPS, 0, 0, 5000, 0};
    lt_stage st[2] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c1),
                      stage("vv....", 0, 1, 0, 0, 0, 0, &c2)};
    t.stages = st;
    t.n_stages = 2;
    run_out p = check_both(t, "sphere over a facet's edge");
    CHECK_MSG(p.T->view.frame.r[0].y > 0.02, "the normal did not turn over the edge (n = %g %g %g)",
              p.T->view.frame.r[0].x, p.T->view.frame.r[0].y, p.T->view.frame.r[0].z);
    CHECK_MSG(p.T->pred.misses >= 1 && p.T->pred.misses <= 4, "%ld misses: the kink %s",
              p.T->pred.misses,
              p.T->pred.misses ? "was not handed back to the predictor" : "went unnoticed");
    CHECK_MSG(p.T->pred.used >= p.T->view.step - 2L * t.n_stages - 4,
              "predicted only %ld of %ld steps", p.T->pred.used, p.T->view.step);
    /* the velocities seen by the law: off by the prediction's miss on the kink's step only */
    int off_steps = 0;
    for (size_t i = 1; i < p.r.n; i++) {
        const lt_snapshot *s = &p.r.s[i];
        if (s->stage != 2) continue;
        double m = fmax(fabs(s->v[0] - 0), fabs(s->v[1] - 1));
        if (m > TOL_IMPOSED) off_steps++;
    }
    CHECK_MSG(off_steps <= 1, "%d steps off the imposed velocity", off_steps);
    free_out(&p);
}

const test_case predictor_tests[] = {
    TEST(csu_free_spheres),      TEST(combined_fixed_coarse), TEST(every_dof_oblique),
    TEST(mixed_free_and_forced), TEST(kink_facet_edge),       {0, 0},
};
