/* tests/test_own_laws.c - our laws are our first users (docs/verify.md, "The parameter space"):
 * every built-in law passes the generic checks over a sample of its declared parameter space,
 * and each way the checks used to fail a correct law is judged by its derivation, not by a wider
 * tolerance:
 *   - a contact the law never lets go (linear's noBreak) ends its paths at the pull-out's end
 *     with the passivity rows n/a, naming the separation;
 *   - walton_braun at en = 0.01 (unloading stiffness kn/en^2 = 1e4 kn): objectivity within the
 *     law's stiffness times the driver's measured spurious displacement, the oblique decrease
 *     within (w dt)^2/2 of the stiffest spring, the balance refined at dt/2, dt/4;
 *   - the defects a law declares (law API 6, lt_known): linear's comparison slip formulas XFAIL
 *     where they slip, hertz_mindlin's incremental spring without the Coulomb limit XFAIL where
 *     undamped and, where its dashpot may mask the defect (LT_KNOWN_MAY), plain where it passes;
 *   - a formula that is wrong still fails: linear's `doc` slip formula on the oblique impact
 *     keeps its balance error through the refinement (an XFAIL is a row that failed). */
#include "check.h"
#include "cli.h"
#include <stdio.h>
#include <string.h>

/* Every built-in law and the sample of its 256-point sweep this test runs: "" the whole sweep
 * (laws without a real parameter: their sweep is the grid of their bools and choices, 2 to 20
 * points), else a shard of it - 6 of 32 holds points 5, 37, ..., 229, among them hertz_mindlin's
 * known-defect region.  Under valgrind (NULL: not run) only linear's point 5 and linel6. */
static const struct {
    const char *law, *shard, *shard_valgrind;
} own_laws[] = {
    {"linear", "", "6/16"},           {"linel6", "", ""},
    {"cohesive", "6/32", NULL},       {"spring_dashpot", "6/8", NULL},
    {"linear_rolling", "6/32", NULL}, {"hertz_mindlin", "6/32", NULL},
    {"walton_braun", "6/32", NULL},   {"hertz_adhesion", "6/32", NULL},
    {"thornton", "6/32", NULL},
};

/* `lawtester verify --law L --sweep 256` exits 0 for each (docs/verify.md): a sample here. */
static void test_every_law_passes_a_sample_of_its_sweep(void)
{
    static result r;
    for (size_t i = 0; i < sizeof own_laws / sizeof own_laws[0]; i++) {
        const char *shard = under_valgrind() ? own_laws[i].shard_valgrind : own_laws[i].shard;
        if (!shard) continue; /* under valgrind (memory, not the physics): the cheap laws only */
        char args[200];
        snprintf(args, sizeof args, "verify --law %s --sweep 256%s%s", own_laws[i].law,
                 *shard ? " --shard " : "", shard);
        run(&r, args);
        CHECK_MSG(r.status == 0 && lines_with(r.out, " FAIL", NULL, NULL) == 0 &&
                      lines_with(r.out, " XPASS", NULL, NULL) == 0,
                  "%s: status %d\n%s", args, r.status, r.out);
        CHECK_MSG(lines_with(r.out, "generic-path@", NULL, NULL) > 0, "%s: no point ran\n%s", args,
                  r.out);
    }
}

/* noBreak: the law holds the contact; the path ends where the pull-out does, 4 times the
 * approach (1.55 mm beyond touch), and says so instead of "its until never held". */
static void test_a_contact_never_let_go_is_na(void)
{
    static result r;
    run(&r, "verify --law linear --set noBreak=true --case generic-path");
    CHECK_MSG(r.status == 0, "%d %s", r.status, r.out);
    CHECK(lines_with(r.out, "generic-path ", "passivity", "n/a") == 1);
    CHECK(lines_with(r.out,
                     "the law held the contact to the end of the pull-out, at a separation "
                     "uN = 0.00155 m",
                     NULL, NULL) == 2);
    CHECK(strstr(r.out, "never held") == NULL);
    run(&r, "verify --law linear --set noBreak=true --case generic-normal-cycle");
    CHECK_MSG(r.status == 0 && lines_with(r.out, "generic-normal-cycle ", "passivity", "n/a") == 1,
              "%d %s", r.status, r.out);
    /* a law that lets go keeps its rows */
    run(&r, "verify --law linear --case generic-path");
    CHECK(r.status == 0 && lines_with(r.out, "generic-path ", "passivity", "PASS") == 1);
}

/* walton_braun at en = 0.01: the rows pass by their derived tolerances, printed with -v. */
static void test_a_stiff_unloading_line_is_judged_by_its_stiffness(void)
{
    if (under_valgrind()) return; /* oblique sweeps: make test and make asan run it */
    static result r;
    run(&r, "verify -v --law walton_braun --set en=0.01 --case generic-objectivity");
    CHECK_MSG(r.status == 0, "%d %s", r.status, r.out);
    /* the law's unloading stiffness, kn/en^2 = 5.24e9 N/m, explains the 3.79e-7 it shows */
    CHECK_MSG(strstr(r.out, "stiffness (k = 5.24e+09, 2.62e+05 N/m) times the change of the local "
                            "displacements over the turn, 3.78e-07 of |F|"),
              "%s", r.out);
    run(&r, "verify -v --law walton_braun --set en=0.01 --case generic-oblique");
    CHECK_MSG(r.status == 0, "%d %s", r.status, r.out);
    CHECK(lines_with(r.out, "plast decrease", "PASS", NULL) == 1);
    CHECK_MSG(strstr(r.out, "refined: 7.978e-08 at dt, 2.070e-08 at dt/2, 5.192e-09 at dt/4 "
                            "(order 2.00)"),
              "%s", r.out);
}

/* linear's comparison formulas: XFAIL where the contact slips, plain where it cannot (noSlip),
 * the default (trapezoid) plain. */
static void test_declared_defects_are_xfail_where_they_show(void)
{
    if (under_valgrind()) return; /* oblique sweeps: make test and make asan run it */
    static result r;
    run(&r, "verify --law linear --set dissipation=doc --case generic-path");
    CHECK_MSG(r.status == 0 && lines_with(r.out, "generic-path ", "balance", "XFAIL") == 1, "%d %s",
              r.status, r.out);
    CHECK(strstr(r.out, "(xfail: the slip formula chosen by `dissipation` is not the "
                        "time-discrete contact's dissipation"));
    run(&r, "verify -v --law linear --set dissipation=doc --case generic-oblique");
    CHECK_MSG(r.status == 0 && lines_with(r.out, "generic-oblique ", "balance", "XFAIL") == 1 &&
                  strstr(r.out, "refined: "),
              "%d %s", r.status, r.out);
    run(&r, "verify --law linear --set dissipation=doc --set noSlip=true --case generic-path");
    CHECK(r.status == 0 && lines_with(r.out, "XFAIL", NULL, NULL) == 0);
    /* hertz_mindlin, tangential = incremental without slip: sure where undamped ... */
    run(&r, "verify --law hertz_mindlin --set noSlip=true --set tangential=incremental --case "
            "generic-closed-loop");
    CHECK_MSG(r.status == 0 && lines_with(r.out, "generic-closed-loop ", "passivity", "XFAIL") == 1,
              "%d %s", r.status, r.out);
    /* ... where its dashpot may mask it, a pass is plain, never an XPASS */
    run(&r, "verify --law hertz_mindlin --set noSlip=true --set tangential=incremental --set "
            "en=1e-9 --case generic-closed-loop");
    CHECK_MSG(r.status == 0 && lines_with(r.out, "generic-closed-loop ", "passivity", " PASS") == 1,
              "%d %s", r.status, r.out);
}

const test_case own_laws_tests[] = {
    TEST(every_law_passes_a_sample_of_its_sweep),
    TEST(a_contact_never_let_go_is_na),
    TEST(a_stiff_unloading_line_is_judged_by_its_stiffness),
    TEST(declared_defects_are_xfail_where_they_show),
    {NULL, NULL},
};
