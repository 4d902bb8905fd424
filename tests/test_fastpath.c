/* tests/test_fastpath.c - the driver's fast paths change nothing: every recorded state and the
 * final bodies are bit-identical with test->no_fast_paths = 0 and 1, on paths that exercise
 * every kind of DoF, free and fixed bodies, oblique and axis-aligned normals, damping, an 'i'
 * impact and contact breakage.  The axis-aligned compression must actually take the fast path
 * (the fixed point of the trial passes, run on every step with test->no_predictor), or this test
 * would compare the reference with itself. */
#include "../src/driver_int.h"
#include "check.h"
#include "drive.h"
#include <stdlib.h>

typedef recorded_run run_out;

static void run_once(const lt_test *t, run_out *o)
{
    record_run(t, o);
    CHECK_MSG(o->rc == 0, "run failed: %s", o->T->view.err);
}

/* Runs t both ways; returns the fast run's trial reuses. */
static long check_identical(lt_test t, const char *label)
{
    run_out ref, fast;
    t.no_fast_paths = 1;
    run_once(&t, &ref);
    t.no_fast_paths = 0;
    run_once(&t, &fast);
    CHECK_MSG(ref.r.n == fast.r.n && ref.r.n > 0, "%s: %zu rows vs %zu", label, ref.r.n, fast.r.n);
    size_t n = ref.r.n < fast.r.n ? ref.r.n : fast.r.n, first = n;
    for (size_t i = 0; i < n && first == n; i++)
        if (memcmp(&ref.r.s[i], &fast.r.s[i], sizeof ref.r.s[i]) != 0) first = i;
    CHECK_MSG(first == n, "%s: row %zu (step %ld) differs", label, first, ref.r.s[first].step);
    for (int i = 0; i < 2; i++) {
        const lt_body *a = &ref.T->view.body[i], *b = &fast.T->view.body[i];
        CHECK_MSG(!memcmp(&a->pos, &b->pos, sizeof a->pos) && !memcmp(&a->pos_lo, &b->pos_lo, sizeof a->pos_lo) &&
                      !memcmp(&a->ori, &b->ori, sizeof a->ori) && !memcmp(&a->vel, &b->vel, sizeof a->vel) &&
                      !memcmp(&a->angvel, &b->angvel, sizeof a->angvel),
                  "%s: final body %d differs", label, i);
    }
    CHECK_MSG(ref.T->trial_reuses == 0, "%s: the reference run took a fast path", label);
    long reuses = fast.T->trial_reuses;
    free_run(&ref);
    free_run(&fast);
    return reuses;
}

static void test_csu_axis_aligned(void)
{
    lt_test t = linear_test(v3(0, 0, 1), 0);
    cond c1 = {COND_UN_BELOW, 0, -1e-3, 0, 0}, c2 = {COND_U_ABOVE, 1, 3e-3, 0, 0}, c3 = {COND_NO_CONTACT, 0, 0, 0, 0};
    lt_stage st[3] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c1), stage("vv....", 0, 1, 0, 0, 0, 0, &c2),
                      stage("vv....", 1, 0, 0, 0, 0, 0, &c3)};
    t.stages = st;
    t.n_stages = 3;
    check_identical(t, "csu along z, predicted imposition frame");
    t.no_predictor = 1; /* the fast paths belong to the passes, which the predictor mostly replaces */
    long reuses = check_identical(t, "csu along z");
    /* compression along an axis does not turn the frame: every step of stage 1 is a fixed point */
    CHECK_MSG(reuses >= 1000, "only %ld steps reused the trial", reuses);
}

static void test_oblique_all_dofs(void)
{
    lt_stage st[5];
    cond c[5];
    check_identical(every_dof_test(st, c), "oblique, every DoF");
}

static void test_fixed_bodies_and_forces(void)
{
    lt_test t = linear_test(v3(-0.3, 0.1, -0.9), 1);
    cond c1 = {COND_UN_BELOW, 0, -1e-3, 0, 0}, c2 = {COND_U_ABOVE, 1, 2e-3, 0, 0}, c3 = {COND_NO_CONTACT, 0, 0, 0, 0};
    lt_stage st[3] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c1), stage("vvv...", 0.1, 1, 0.5, 0, 0, 0, &c2),
                      stage("vv....", 1, 0, 0, 0, 0, 0, &c3)};
    t.stages = st;
    t.n_stages = 3;
    check_identical(t, "fixed bodies, oblique");
    lt_test f = linear_test(v3(0.6, 0, -0.8), 0);
    f.damping = 0.3;
    cond d1 = {COND_STEPS, 0, 0, 4000, 0}, d2 = {COND_STEPS, 0, 0, 3000, 0};
    lt_stage fs[2] = {stage("f.....", -100, 0, 0, 0, 0, 0, &d1), stage("fvfv.f", -20, 0.1, 3, 0, 0, 0.01, &d2)};
    f.stages = fs;
    f.n_stages = 2;
    check_identical(f, "forces and damping");
}

static void test_impact(void)
{
    lt_test t = linear_test(v3(0, 1, 1), 0);
    t.gap = 1e-5;
    cond c = {COND_REBOUND, 0, 0, 0, 0};
    lt_stage st[1] = {stage("ii....", -1, 0.5, 0, 0, 0, 0, &c)};
    t.stages = st;
    t.n_stages = 1;
    check_identical(t, "impact");
}

const test_case fastpath_tests[] = {
    TEST(csu_axis_aligned),
    TEST(oblique_all_dofs),
    TEST(fixed_bodies_and_forces),
    TEST(impact),
    {0, 0},
};
