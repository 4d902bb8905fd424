/* tests/test_probe_pair.c - yield probes on every pair of DoFs (src/driver/probe.h: dofs, force
 * control) against the declared surfaces' closed forms, written here (not the laws' functions):
 * for every probed direction of every one of the 15 pairs, by displacement and by force, the
 * recorded point P (the last elastic state) is inside the closed-form surface and one step's
 * force increment further, P + dF, is outside it - the point lies within one increment of the
 * section of the surface in the pair's plane through the start state; the table's dsteps (the
 * harness's bisection of lt_yield_excess) agrees and is <= 1; a direction that does not yield
 * ends inside.  Under force control the path is the straight force ray F0 + n dF.  Laws:
 * cohesive, bonded with bending and twisting springs (Potyondy & Cundall's parallel bond on
 * Mohr-Coulomb with a tension cut-off), and linear_rolling (Coulomb cone, rolling and twisting
 * caps).  The energy balance of every direction stays <= 1e-9 of the energy scale.  Bad pairs
 * are refused by lt_probe_run's caller (tests/bad/probe_dofs_*.lua, checked by
 * tests/test_bad_inputs.c). */
#include "../laws/cohesive.h"
#include "../laws/linear_rolling.h"
#include "check.h"
#include "contact/registry.h"
#include "contact/yield.h"
#include "driver/probe.h"
#include "output/probe_table.h"
#include "output/surface.h"
#include <stdlib.h>

/* Forces of order 10..100 N (N m: 0.1) accumulated over <= 2000 steps round at ~1e-12 of them;
 * the closed forms' utilisations below compare at 1e-9, far above that and far below the
 * increment of a step (1e-3 of the strengths). */
#define TOL_UTIL 1e-9
/* Energy balance per direction, as every run's (docs/energy.md). */
#define TOL_BALANCE 1e-9
/* The harness's dsteps (bisection to 1e-12 of the step) against the closed-form exit: 1e-6 of a
 * step covers the utilisations' round-off at a corner, where the ray grazes the surface. */
#define TOL_DSTEPS 1e-6

typedef struct pair_law {
    const char *what;
    lt_test test;
    double scale[LT_DOF]; /* N, N m: the strength scale of each DoF from the start state */
    double k[LT_DOF];     /* N/m, N m/rad: the stiffnesses (constant) */
    /* closed-form utilisation minus one of the forces f (<= 0 inside) */
    double (*util)(const struct pair_law *, const double f[LT_DOF]);
} pair_law;

/* cohesive: kn 1e6, kt 5e5, mu 0.5, Rt 40 N, c 30 N, R_b 1 cm, kr = ktw = 25 N m/rad; overlap 1e-5
 * m. */
enum { KN = 1000000, KT = 500000 };
static const double MU = 0.5, RT = 40, C = 30, RB = 0.01, KR = 25, KTW = 25;

static double cohesive_util(const pair_law *pl, const double f[LT_DOF])
{
    (void)pl;
    double fn_eq = f[0] + 4 * hypot(f[4], f[5]) / RB,
           ft_eq = hypot(f[1], f[2]) + 2 * fabs(f[3]) / RB;
    double rt = fmin(RT, C / MU);
    return fmax((fn_eq - rt) / RT, ft_eq / (C - MU * fmin(fn_eq, rt)) - 1);
}

/* linear_rolling: kn 1e6, kt 5e5, mu 0.5, muR 0.3, muTw 0.2, kr 500, ktw 300; R* = 0.05 m. */
static const double MUR = 0.3, MUTW = 0.2, KR_R = 500, KTW_R = 300, RSTAR = 0.05;

static double rolling_util(const pair_law *pl, const double f[LT_DOF])
{
    (void)pl;
    double an = fmax(-f[0], 0), u = f[0] > 0 ? f[0] / 10 : -1;
    u = fmax(u, hypot(f[1], f[2]) - MU * an);
    u = fmax(u, (hypot(f[4], f[5]) - MUR * RSTAR * an) / (MUR * RSTAR));
    return fmax(u, (fabs(f[3]) - MUTW * RSTAR * an) / (MUTW * RSTAR)) / 10;
}

static void set_param(lt_test *t, const char *name, double v)
{
    t->params[lt_law_param_index(t->law, name)] = v;
}

static pair_law cohesive_law(void)
{
    pair_law pl = {.what = "cohesive", .util = cohesive_util};
    pl.test = lt_default_test();
    pl.test.law = lt_find_law("cohesive");
    for (int i = 0; i < pl.test.law->n_params; i++) pl.test.params[i] = pl.test.law->params[i].def;
    const char *n[] = {"kn", "kt", "tanPhi", "tensile", "cohesion", "bondRadius", "kr", "ktw"};
    const double v[] = {KN, KT, MU, RT, C, RB, KR, KTW};
    for (int i = 0; i < 8; i++) set_param(&pl.test, n[i], v[i]);
    pl.test.gap = -1e-5;
    pl.test.record_every = 0;
    /* Fn0 = -10 N: 50 N to the tip, 35 N of shear strength, 0.175 N m of twist, 0.125 N m of
     * bending */
    const double s[LT_DOF] = {50, 35, 35, 0.175, 0.125, 0.125},
                 k[LT_DOF] = {KN, KT, KT, KTW, KR, KR};
    memcpy(pl.scale, s, sizeof s);
    memcpy(pl.k, k, sizeof k);
    return pl;
}

static pair_law rolling_law(void)
{
    pair_law pl = {.what = "linear_rolling", .util = rolling_util};
    pl.test = lt_default_test();
    pl.test.law = lt_find_law("linear_rolling");
    for (int i = 0; i < pl.test.law->n_params; i++) pl.test.params[i] = pl.test.law->params[i].def;
    const char *n[] = {"kn", "kt", "tanPhi", "muR", "muTw", "kr", "ktw"};
    const double v[] = {KN, KT, MU, MUR, MUTW, KR_R, KTW_R};
    for (int i = 0; i < 7; i++) set_param(&pl.test, n[i], v[i]);
    pl.test.gap = -1e-5;
    pl.test.record_every = 0;
    /* Fn0 = -10 N: 10 N to the tip, 5 N of shear, 0.1 N m of twist, 0.15 N m of bending */
    const double s[LT_DOF] = {10, 5, 5, 0.1, 0.15, 0.15},
                 k[LT_DOF] = {KN, KT, KT, KTW_R, KR_R, KR_R};
    memcpy(pl.scale, s, sizeof s);
    memcpy(pl.k, k, sizeof k);
    return pl;
}

/* Probe pl on the pair (i, j) by displacement or by force, 36 directions, each reaching twice the
 * strength scales; check every point.  Returns the largest dsteps. */
static double check_pair(pair_law *pl, int i, int j, int force)
{
    lt_probe_opts o = {
        .directions = 36, .steps = 1000, .shard = 1, .shards = 1, .dofs = {i, j}, .force = force};
    o.limits[0] = force ? 2 * pl->scale[i] : 2 * pl->scale[i] / pl->k[i];
    o.limits[1] = force ? 2 * pl->scale[j] : 2 * pl->scale[j] / pl->k[j];
    o.limit = o.limits[0];
    lt_probe p;
    char err[600];
    int rc = lt_probe_run(&p, &pl->test, &o, err, sizeof err);
    CHECK_MSG(rc == 0, "%s (%d, %d): %s", pl->what, i + 1, j + 1, err);
    if (rc) return NAN;
    double worst = 0, f0[LT_DOF];
    memcpy(f0, lt_tester_view(p.start)->resp.f, sizeof f0);
    double escale = fmax(lt_tester_view(p.start)->energy[0], 1e-12);
    int yielded = 0;
    for (int n = 0; n < p.n_points; n++) {
        const lt_probe_point *pt = &p.points[n];
        double P[LT_DOF], Q[LT_DOF];
        memcpy(P, f0, sizeof P);
        P[i] = pt->fij[0], P[j] = pt->fij[1];
        memcpy(Q, P, sizeof Q);
        Q[i] += pt->dFij[0], Q[j] += pt->dFij[1];
        const char *w = force ? "force" : "displacement";
        /* the path: the start forces plus whole steps of the increment (the other DoFs held) */
        for (int q = 0; q < 2; q++) {
            double expect = f0[pt->dofs[q]] + (double)pt->steps * pt->dFij[q];
            CHECK_MSG(fabs(pt->fij[q] - expect) <= TOL_UTIL * pl->scale[pt->dofs[q]],
                      "%s %s (%d, %d) k=%d: F%d = %.12g, ray %.12g", pl->what, w, i + 1, j + 1,
                      pt->k, pt->dofs[q] + 1, pt->fij[q], expect);
        }
        double dI = force ? o.limits[0] / o.steps * pt->dir[0]
                          : pl->k[i] * o.limits[0] / o.steps * pt->dir[0];
        CHECK_MSG(fabs(pt->dFij[0] - dI) <= 1e-12 * fabs(dI) + 1e-300, "%s %s (%d, %d) k=%d: dFI",
                  pl->what, w, i + 1, j + 1, pt->k);
        CHECK_MSG(pl->util(pl, P) <= TOL_UTIL,
                  "%s %s (%d, %d) k=%d: recorded point outside by %.3g", pl->what, w, i + 1, j + 1,
                  pt->k, pl->util(pl, P));
        if (pt->yielded) {
            yielded++;
            CHECK_MSG(pl->util(pl, Q) >= -TOL_UTIL,
                      "%s %s (%d, %d) k=%d: one increment on still inside (%.3g)", pl->what, w,
                      i + 1, j + 1, pt->k, pl->util(pl, Q));
            CHECK_MSG(pt->dsteps >= -TOL_DSTEPS && pt->dsteps <= 1 + TOL_DSTEPS,
                      "%s %s (%d, %d) k=%d: dsteps %.9g", pl->what, w, i + 1, j + 1, pt->k,
                      pt->dsteps);
            /* the closed form's exit along the increment, by bisection on its utilisation */
            double a = 0, b = 1, X[LT_DOF];
            for (int it = 0; it < 60; it++) {
                double m = 0.5 * (a + b);
                memcpy(X, P, sizeof X);
                X[i] += m * pt->dFij[0], X[j] += m * pt->dFij[1];
                if (pl->util(pl, X) > 0)
                    b = m;
                else
                    a = m;
            }
            CHECK_MSG(fabs(pt->dsteps - a) <= TOL_DSTEPS,
                      "%s %s (%d, %d) k=%d: dsteps %.9g, closed form %.9g", pl->what, w, i + 1,
                      j + 1, pt->k, pt->dsteps, a);
            if (pt->dsteps > worst) worst = pt->dsteps;
        }
        CHECK_MSG(fabs(pt->balance) <= TOL_BALANCE * fmax(fabs(pt->work), escale),
                  "%s %s (%d, %d) k=%d: balance %.3g J", pl->what, w, i + 1, j + 1, pt->k,
                  pt->balance);
    }
    CHECK_MSG(yielded >= p.n_points / 4, "%s %s (%d, %d): only %d of %d directions yielded",
              pl->what, force ? "force" : "displacement", i + 1, j + 1, yielded, p.n_points);
    lt_probe_free(&p);
    return worst;
}

static void every_pair(pair_law *pl)
{
    for (int force = 0; force <= 1; force++) {
        double worst = 0;
        for (int i = 0; i < LT_DOF; i++)
            for (int j = i + 1; j < LT_DOF; j++) worst = fmax(worst, check_pair(pl, i, j, force));
        printf("     %s, %s control, 15 pairs: largest distance %.3f of a step's increment\n",
               pl->what, force ? "force" : "displacement", worst);
    }
}

static void test_cohesive_every_pair(void)
{
    pair_law pl = cohesive_law();
    every_pair(&pl);
}

static void test_rolling_every_pair(void)
{
    pair_law pl = rolling_law();
    every_pair(&pl);
}

/* The default probe (pair (0, 1), displacement control) is the one of tests/test_probe.c: the
 * options leave it alone, and its pair columns repeat its (normal, shear y) values. */
static void test_default_pair_columns(void)
{
    pair_law pl = cohesive_law();
    lt_probe_opts o = {.directions = 8, .limit = 2e-4, .steps = 1000, .shard = 1, .shards = 1};
    CHECK(lt_probe_is_default(&o));
    lt_probe p;
    char err[600];
    CHECK(lt_probe_run(&p, &pl.test, &o, err, sizeof err) == 0);
    CHECK(!p.extended);
    for (int n = 0; n < p.n_points; n++) {
        const lt_probe_point *pt = &p.points[n];
        CHECK(pt->dofs[0] == 0 && pt->dofs[1] == 1 && pt->fij[0] == pt->f[0] &&
              pt->fij[1] == pt->f[1]);
    }
    lt_probe_free(&p);
    o.force = 1;
    CHECK(!lt_probe_is_default(&o));
}

/* The harness's yield function: the law's own where declared; derived from ft_max/fn_max for a
 * law without one (the same cone), torques free. */
static void test_excess_derived(void)
{
    const lt_law *lin = lt_find_law("linear");
    const lt_yield *y = lt_law_yield(lin);
    lt_yield derived = *y;
    derived.excess = NULL, derived.dofs = 0;
    double p[LT_MAX_PARAMS] = {0}, s[LT_MAX_STATE] = {0};
    for (int i = 0; i < lin->n_params; i++) p[i] = lin->params[i].def;
    s[2] = 0.5; /* tanPhi of linear's state */
    const double fs[][LT_DOF] = {{-10, 4, 0}, {-10, 3, 4}, {-10, 5, 1},
                                 {1, 0, 0},   {0, 0, 0},   {-10, 0, 0, 7, 7, 7}};
    for (size_t k = 0; k < sizeof fs / sizeof fs[0]; k++) {
        double a = lt_yield_excess(y, p, s, fs[k]), b = lt_yield_excess(&derived, p, s, fs[k]);
        CHECK_MSG(a == b || (isinf(a) && isinf(b)), "force %zu: %g declared, %g derived", k, a, b);
    }
    CHECK(lt_yield_dofs(&derived) == 0x07 &&
          lt_yield_dofs(lt_law_yield(lt_find_law("cohesive"))) == 0x3f);
    CHECK_REL(lt_yield_excess(y, p, s, fs[0]), 4 / 5.0 - 1, 1e-15, "|Ft|/(mu |Fn|) - 1");
}

/* Shards of a pair probe merge into the whole table byte for byte; a default table and a pair
 * table do not merge (different columns), with a one-line message naming both files. */
static void test_pair_shards_merge(void)
{
    pair_law pl = cohesive_law();
    lt_probe_opts o = {.directions = 12,
                       .limit = 1e-4,
                       .steps = 500,
                       .shard = 1,
                       .shards = 1,
                       .dofs = {1, 3},
                       .limits = {1e-4, 0.02}};
    lt_probe whole, part[2], def;
    char err[600], *texts[3];
    size_t lens[3], len;
    CHECK(lt_probe_run(&whole, &pl.test, &o, err, sizeof err) == 0);
    char *expect = lt_probe_format(&whole, 12, &len);
    CHECK(strstr(expect, "\tdofI\tdofJ\tcontrol\t") != NULL &&
          strstr(expect, "\t2\t4\tdisplacement\t") != NULL);
    o.shards = 2;
    for (int k = 0; k < 2; k++) {
        o.shard = k + 1;
        CHECK(lt_probe_run(&part[k], &pl.test, &o, err, sizeof err) == 0);
        texts[k] = lt_probe_format(&part[k], 12, &lens[k]);
    }
    const char *files[3] = {"a.tsv", "b.tsv", "c.tsv"};
    char *merged = NULL;
    size_t mlen = 0;
    CHECK(lt_probe_merge_texts(files, texts, lens, 2, "m.tsv", &merged, &mlen, err, sizeof err) ==
          0);
    CHECK(merged && mlen == len && memcmp(merged, expect, len) == 0);
    free(merged);
    lt_probe_opts od = {.directions = 12, .limit = 2e-4, .steps = 500, .shard = 2, .shards = 2};
    CHECK(lt_probe_run(&def, &pl.test, &od, err, sizeof err) == 0);
    texts[2] = lt_probe_format(&def, 12, &lens[2]);
    char *two[2] = {texts[0], texts[2]};
    size_t two_lens[2] = {lens[0], lens[2]};
    const char *two_files[2] = {files[0], files[2]};
    CHECK(lt_probe_merge_texts(two_files, two, two_lens, 2, "m.tsv", &merged, &mlen, err,
                               sizeof err) == -1);
    CHECK_MSG(
        strcmp(
            err,
            "c.tsv:1: field header: the columns of a default probe, but a.tsv holds a pair one") ==
            0,
        "%s", err);
    for (int k = 0; k < 3; k++) free(texts[k]);
    free(expect);
    lt_probe_free(&whole);
    lt_probe_free(&part[0]);
    lt_probe_free(&part[1]);
    lt_probe_free(&def);
}

const test_case probe_pair_tests[] = {
    TEST(pair_shards_merge),    TEST(cohesive_every_pair), TEST(rolling_every_pair),
    TEST(default_pair_columns), TEST(excess_derived),      {0, 0},
};
