/* tests/test_surface.c - the yield surface a law declares (law.h lt_yield) and its sampled TSV
 * (surface.h): the samples are the law's function, ascend in Fn, end at the tension tip and
 * close a cut-off; a broken bond adds curve 1; and a law without the field - a version-1
 * descriptor, or a newer one written without it, as laws of other branches are - declares no
 * surface, writes no file and runs as before. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "contact/registry.h"
#include "drive.h"
#include "output/surface.h"
#include <stdlib.h>
#include <unistd.h>

typedef struct table {
    int n;
    int curve[600];
    double fn[600], ft[600];
    char header[64];
} table;

static int read_table(const char *path, table *t)
{
    FILE *f = fopen(path, "r");
    t->n = 0;
    if (!f) return 0;
    if (!fgets(t->header, sizeof t->header, f)) t->header[0] = 0;
    while (t->n < 600 && fscanf(f, "%d %lf %lf", &t->curve[t->n], &t->fn[t->n], &t->ft[t->n]) == 3)
        t->n++;
    fclose(f);
    return 1;
}

static char *tmpdir(void)
{
    static char d[64];
    strcpy(d, "/tmp/lt_surface_XXXXXX");
    return mkdtemp(d);
}

static void cleanup(const char *dir, const char *name)
{
    char p[256];
    snprintf(p, sizeof p, "%s/%s-surface.tsv", dir, name);
    remove(p);
    rmdir(dir);
}

/* The samples are exactly the law's function (round-trip printing), ascending, within the range,
 * ending at the tip. */
static void test_linear_coulomb_samples(void)
{
    const lt_law *law = lt_find_law("linear");
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    p[0] = 1e6, p[1] = 5e5, p[2] = 0.5;
    lt_contact c = {0};
    c.uN = -1e-4;
    law->init(p, &c, s);
    char *dir = tmpdir(), err[300], path[256];
    CHECK(lt_surface_write(dir, "lin", law, p, s, s, -200, 50, err, sizeof err) == 1);
    snprintf(path, sizeof path, "%s/lin-surface.tsv", dir);
    table t;
    CHECK(read_table(path, &t));
    CHECK_STR(t.header, "curve\tFn\tFt\n");
    CHECK_MSG(t.n == LT_SURFACE_POINTS + 1,
              "%d rows (one curve: the end state is the same surface)", t.n);
    int ok = 1;
    for (int i = 0; i < t.n; i++) {
        ok &= t.curve[i] == 0 && t.ft[i] == 0.5 * fabs(t.fn[i]) && t.fn[i] >= -200 && t.fn[i] <= 0;
        if (i) ok &= t.fn[i] > t.fn[i - 1];
    }
    CHECK_MSG(ok, "a sample is off the cone, out of range or out of order");
    CHECK(t.fn[0] == -200 && t.fn[t.n - 1] == 0 && t.ft[t.n - 1] == 0);
    cleanup(dir, "lin");
}

/* Mohr-Coulomb with a cut-off at Rt = 40 N: the last two rows are (Rt, c - mu Rt) and (Rt, 0);
 * a broken bond (Coulomb cone) is curve 1. */
static void test_cohesive_cutoff_and_broken_curve(void)
{
    const lt_law *law = lt_find_law("cohesive");
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0}, broken[LT_MAX_STATE];
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    p[0] = 1e6, p[1] = 5e5, p[2] = 0.5, p[3] = 40, p[4] = 30;
    lt_contact c = {0};
    law->init(p, &c, s);
    memcpy(broken, s, sizeof broken);
    broken[3] = 0; /* state "bonded" */
    char *dir = tmpdir(), err[300], path[256];
    CHECK(lt_surface_write(dir, "coh", law, p, s, broken, -100, 100, err, sizeof err) == 1);
    snprintf(path, sizeof path, "%s/coh-surface.tsv", dir);
    table t;
    CHECK(read_table(path, &t));
    int n0 = 0;
    while (n0 < t.n && t.curve[n0] == 0) n0++;
    CHECK(n0 == LT_SURFACE_POINTS + 2);
    CHECK(t.fn[n0 - 2] == 40 && t.ft[n0 - 2] == 30 - 0.5 * 40 && t.fn[n0 - 1] == 40 &&
          t.ft[n0 - 1] == 0);
    CHECK_MSG(t.n - n0 == LT_SURFACE_POINTS + 1 && t.fn[t.n - 1] == 0 && t.ft[t.n - 1] == 0,
              "curve 1: %d rows ending (%g, %g)", t.n - n0, t.fn[t.n - 1], t.ft[t.n - 1]);
    cleanup(dir, "coh");
}

/* A law written without the yield field: positional initialisers ending at `step`, once with
 * api_version 1 and once with the current version.  Both declare no surface, write no file,
 * and run through the driver like before. */
static void test_law_without_yield_is_harmless(void)
{
    const lt_law *linear = lt_find_law("linear");
    /* exactly the descriptors under test: -Wextra would flag the omitted trailing field */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
    const lt_law v1 = {1,
                       "bare1",
                       "no yield field",
                       linear->params,
                       linear->n_params,
                       linear->state_names,
                       linear->n_state,
                       linear->energies,
                       linear->n_energies,
                       linear->init,
                       linear->step};
    const lt_law v2 = {LT_LAW_API_VERSION, "bare2",          "no yield field",
                       linear->params,     linear->n_params, linear->state_names,
                       linear->n_state,    linear->energies, linear->n_energies,
                       linear->init,       linear->step};
#pragma GCC diagnostic pop
    const lt_law *laws[2] = {&v1, &v2};
    for (int i = 0; i < 2; i++) {
        CHECK(lt_law_yield(laws[i]) == NULL);
        double p[LT_MAX_PARAMS] = {1e6, 5e5, 0.5}, s[LT_MAX_STATE] = {0};
        char *dir = tmpdir(), err[300], path[256];
        CHECK(lt_surface_write(dir, "bare", laws[i], p, s, s, -1, 1, err, sizeof err) == 0);
        snprintf(path, sizeof path, "%s/bare-surface.tsv", dir);
        CHECK(access(path, F_OK) != 0);
        cleanup(dir, "bare");
        lt_test t = linear_test(v3(0, 0, 1), 1);
        t.law = laws[i];
        cond cd[2] = {{COND_UN_BELOW, 0, -1e-4, 0, 0}, {COND_U_ABOVE, 1, 1e-3, 0, 0}};
        lt_stage st[2] = {stage("v.....", -1, 0, 0, 0, 0, 0, &cd[0]),
                          stage("vv....", 0, 1, 0, 0, 0, 0, &cd[1])};
        t.stages = st;
        t.n_stages = 2;
        lt_tester *T = lt_tester_new();
        CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "%s", lt_tester_view(T)->err);
        CHECK_REL(hypot(lt_tester_view(T)->resp.f[1], lt_tester_view(T)->resp.f[2]),
                  tan(0.5) * fabs(lt_tester_view(T)->resp.f[0]), 1e-12,
                  "slides on its Coulomb limit");
        lt_tester_free(T);
    }
}

const test_case surface_tests[] = {
    TEST(linear_coulomb_samples),
    TEST(cohesive_cutoff_and_broken_curve),
    TEST(law_without_yield_is_harmless),
    {0, 0},
};
