/* tests/test_sweep.c - a law's parameter space (src/verify/verify_sweep.h; docs/verify.md, "The
 * parameter space"): the points of a sweep (corners, the Halton sequence, log-uniform over
 * decades, infinite ends, held parameters), --set read by the parameters' kinds and its one-line
 * refusals, --set reaching the generic checks, the cases and lawtester.verify_law, a sweep of a
 * built-in law passing, a law wrong in one corner of its space (tests/plugins/corner_fail.c)
 * found with the point named and a script that reproduces it, and the shards of a sweep merged
 * byte for byte into the unsharded table. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include "contact/registry.h"
#include "output/fmt.h"
#include "verify/sweep_groups.h"
#include "verify/verify_sweep.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the points ------------------------------------------------------------------------- */

static const char *const letters[] = {"x", "y", "z", NULL};
static const lt_param space_params[] = {
    {"a", LT_REAL, 1, 1e-3, 1e3, "m", "six decades: log-uniform", NULL},
    {"b", LT_REAL, 1, 0, 2, "-", "uniform", NULL},
    {"c", LT_BOOL, 0, 0, 1, "-", "a bool", NULL},
    {"d", LT_CHOICE, 0, 0, 0, "-", "a choice of three", letters},
    {"e", LT_REAL, NAN, 0, INFINITY, "N/m", "unset: from the materials", NULL},
    {"f", LT_REAL, 0.5, 0, INFINITY, "-", "an infinite end: [0, 10 x 0.5]", NULL},
    {"g", LT_REAL, 0, 0, INFINITY, "-", "an infinite end and a default 0: no scale, held", NULL},
    {"h", LT_REAL, 2, 2, 2, "-", "one value: held", NULL},
};
static const lt_law space_law = {.api_version = LT_LAW_API_VERSION,
                                 .name = "space",
                                 .summary = "parameters only",
                                 .params = space_params,
                                 .n_params = 8};

/* log-uniform maps through exp(log lo + u log(hi/lo)): a few ulps off the decimal value */
#define TOL_LOG_MAP 1e-14

static void test_halton_is_the_radical_inverse(void)
{
    /* i's digits in base b mirrored about the point, exact binary fractions or correctly rounded */
    CHECK(lt_halton(1, 2) == 0.5 && lt_halton(2, 2) == 0.25 && lt_halton(3, 2) == 0.75);
    CHECK(lt_halton(5, 2) == 0.625 && lt_halton(6, 2) == 0.375); /* 101 -> .101, 110 -> .011 */
    CHECK(lt_halton(1, 3) == 1.0 / 3 && lt_halton(2, 3) == 2.0 / 3 && lt_halton(3, 3) == 1.0 / 9);
    /* 11 -> .11, 21 -> .12 (base 3) */
    CHECK(lt_halton(4, 3) == 4.0 / 9 && lt_halton(7, 3) == 5.0 / 9);
    CHECK(lt_halton(1, 5) == 0.2 && lt_halton(6, 5) == 6.0 / 25); /* 11 -> .11 (base 5) */
}

static void test_the_space_of_a_law(void)
{
    lt_sweep_space s;
    lt_sweep_space_of(&space_law, NULL, 0, &s);
    /* swept: a (log), b, c, d, f; held: e (NaN), g (no scale), h (one value) */
    CHECK(s.n_dim == 5 && s.n_real == 3);
    CHECK(s.dim[0].param == 0 && s.dim[0].scale == LT_SWEEP_LOG && s.dim[0].lo == 1e-3 &&
          s.dim[0].hi == 1e3);
    CHECK(s.dim[1].param == 1 && s.dim[1].scale == LT_SWEEP_UNIFORM);
    CHECK(s.dim[2].param == 2 && s.dim[2].count == 2 && s.dim[3].param == 3 && s.dim[3].count == 3);
    CHECK(s.dim[4].param == 5 && s.dim[4].lo == 0 && s.dim[4].hi == 5 &&
          s.dim[4].scale == LT_SWEEP_UNIFORM);
    CHECK(s.corners == 2 * 2 * 2 * 3 * 2 && s.grid == -1);
    /* --set holds a parameter: b no longer swept */
    lt_param_value b = {"b", 0.5};
    lt_sweep_space_of(&space_law, &b, 1, &s);
    CHECK(s.n_dim == 4 && s.corners == 24 && s.base[1] == 0.5 && s.set[1]);
}

static void test_corners_come_first(void)
{
    lt_sweep_space s;
    lt_sweep_space_of(&space_law, NULL, 0, &s);
    double p[LT_MAX_PARAMS];
    lt_sweep_point(&s, 0, p); /* every swept parameter at its low end */
    CHECK(p[0] == 1e-3 && p[1] == 0 && p[2] == 0 && p[3] == 0 && p[5] == 0);
    CHECK(isnan(p[4]) && p[6] == 0 && p[7] == 2); /* held at their defaults */
    lt_sweep_point(&s, 1, p);                     /* the first parameter fastest */
    CHECK(p[0] == 1e3 && p[1] == 0);
    lt_sweep_point(&s, 2, p);
    CHECK(p[0] == 1e-3 && p[1] == 2);
    lt_sweep_point(&s, 4, p);
    CHECK(p[2] == 1 && p[3] == 0);
    lt_sweep_point(&s, 8, p);
    CHECK(p[2] == 0 && p[3] == 1);
    lt_sweep_point(&s, 16, p);
    CHECK(p[3] == 2 && p[5] == 0);
    lt_sweep_point(&s, 47, p); /* the last corner: every high end */
    CHECK(p[0] == 1e3 && p[1] == 2 && p[2] == 1 && p[3] == 2 && p[5] == 5);
    char text[300];
    lt_sweep_point_text(&s, p, text, sizeof text);
    CHECK_STR(text, "a=1000 b=2 c=true d=z f=5");
}

static void test_then_halton_mapped_to_the_ranges(void)
{
    lt_sweep_space s;
    lt_sweep_space_of(&space_law, NULL, 0, &s);
    double p[LT_MAX_PARAMS];
    /* point 48 is Halton i = 1: u = 1/2, 1/3, 1/5, 1/7, 1/11 in the bases 2, 3, 5, 7, 11 */
    lt_sweep_point(&s, 48, p);
    CHECK_REL(p[0], 1.0, TOL_LOG_MAP, "a at u = 1/2: the geometric middle of [1e-3, 1e3]");
    CHECK(p[1] == 2 * (1.0 / 3));  /* b = 0 + u (2 - 0) */
    CHECK(p[2] == 0 && p[3] == 0); /* floor(2/5), floor(3/7) */
    CHECK(p[5] == 5 * (1.0 / 11));
    CHECK(isnan(p[4]) && p[6] == 0 && p[7] == 2);
    /* i = 2: u = 1/4, 2/3, 2/5, 2/7, 2/11 */
    lt_sweep_point(&s, 49, p);
    CHECK_REL(p[0], pow(10, -1.5), TOL_LOG_MAP, "a at u = 1/4: 1e-3 (1e6)^(1/4)");
    CHECK(p[1] == 2 * (2.0 / 3) && p[2] == 0 && p[3] == 0 && p[5] == 5 * (2.0 / 11));
    /* i = 3: u = 3/4, 1/9, 3/5, 3/7: c = floor(6/5) = 1, d = floor(9/7) = 1 */
    lt_sweep_point(&s, 50, p);
    CHECK_REL(p[0], pow(10, 1.5), TOL_LOG_MAP, "a at u = 3/4");
    CHECK(p[2] == 1 && p[3] == 1);
    /* every point stays inside the declared ranges */
    for (long k = 0; k < 2000; k++) {
        lt_sweep_point(&s, k, p);
        CHECK_MSG(p[0] >= 1e-3 && p[0] <= 1e3 && p[1] >= 0 && p[1] <= 2 && p[5] >= 0 && p[5] <= 5 &&
                      (p[2] == 0 || p[2] == 1) && p[3] >= 0 && p[3] <= 2 && p[3] == floor(p[3]),
                  "point %ld outside the ranges", k);
    }
}

static void test_a_law_without_reals_is_a_grid(void)
{
    /* clip, noSlip, dashpotVel, coulombOn, clipEn; its reals are unset */
    const lt_law *sd = lt_find_law("spring_dashpot");
    lt_sweep_space s;
    lt_sweep_space_of(sd, NULL, 0, &s);
    CHECK(s.n_real == 0 && s.n_dim == 5 && s.grid == 32 && s.corners == 32);
}

/* ---- --set ------------------------------------------------------------------------------ */

static void test_set_values_read_by_kind(void)
{
    const lt_law *sd = lt_find_law("spring_dashpot");
    const char *args[] = {"en=0.3", "clip=true", "dashpotVel=halfstep"};
    lt_param_value v[3];
    char err[600] = "";
    CHECK_MSG(lt_verify_read_sets(sd, args, 3, v, err, sizeof err) == 0, "%s", err);
    CHECK(strcmp(v[0].name, "en") == 0 && v[0].value == 0.3);
    CHECK(strcmp(v[1].name, "clip") == 0 && v[1].value == 1);
    CHECK(strcmp(v[2].name, "dashpotVel") == 0 && v[2].value == 1);
    const struct {
        const char *arg, *fragment;
    } bad[] = {
        {"mu=0.3", "--set 'mu': law spring_dashpot has no parameter of that name (parameters: kn, "
                   "kt, tanPhi, en"},
        {"en=2", "--set 'en=2': out of range: en takes a number in [1e-09, 1]"},
        {"en=x", "--set 'en=x': en takes a number in [1e-09, 1]"},
        {"en=nan", "en takes a number in [1e-09, 1]"},
        {"clip=1", "--set 'clip=1': clip takes true or false"},
        {"dashpotVel=fast", "dashpotVel takes one of extrapolated, halfstep"},
        {"en", "--set needs P=V (a parameter of law spring_dashpot and its value), got 'en'"},
        {"=1", "--set needs P=V"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        CHECK_MSG(lt_verify_read_sets(sd, &bad[i].arg, 1, v, err, sizeof err) < 0 &&
                      strstr(err, bad[i].fragment) && !strchr(err, '\n'),
                  "%s: %s", bad[i].arg, err);
    }
    const char *twice[] = {"en=0.3", "en=0.4"};
    CHECK(lt_verify_read_sets(sd, twice, 2, v, err, sizeof err) < 0 &&
          strstr(err, "--set en given twice"));
    const char *both[] = {"en=0.3", "zetaN=0.2"}; /* the law's check: one damping, two ways */
    CHECK(
        lt_verify_read_sets(sd, both, 2, v, err, sizeof err) < 0 &&
        strstr(
            err,
            "law spring_dashpot refuses these values: give the normal damping as en or as zetaN"));
}

/* `lawtester ARGS`: exit status 2 and one line on stderr holding fragment, nothing on stdout. */
static void check_refused(const char *args, const char *fragment)
{
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 && strstr(r.err, fragment) && !r.out[0],
              "`lawtester %s`: status %d, stderr: %s", args, r.status, r.err);
}

static void test_set_refusals_on_the_command_line(void)
{
    check_refused("verify --law linear --set mu=0.3",
                  "lawtester: verify: --set 'mu': law linear has no parameter of that name "
                  "(parameters: kn, kt, tanPhi");
    check_refused(
        "verify --law hertz_mindlin --set en=1.5",
        "lawtester: verify: --set 'en=1.5': out of range: en takes a number in [1e-09, 1]");
    check_refused("verify --law hertz_mindlin --set tangential=mdr",
                  "tangential takes one of rescale, md, incremental");
    check_refused("verify --law linear --set noSlip=yes", "noSlip takes true or false");
    check_refused("verify --set en=0.5", "lawtester: verify: --set needs --law NAME");
    check_refused("verify --sweep 4", "lawtester: verify: --sweep needs --law NAME");
    check_refused("verify --law linear --sweep 0",
                  "--sweep needs a number of points, 1 to 1000000 (got '0')");
    check_refused("verify --law linear --sweep 4 --shard 3/2",
                  "--shard needs K/N with 1 <= K <= N (got '3/2')");
    check_refused("verify --law linear -o /tmp/x", "-o DIR is for --sweep N");
    check_refused("verify --law linear --shard 1/2", "--shard is for --sweep N");
    check_refused("verify --law linear --sweep 4 --case normal-load",
                  "--sweep runs the generic checks: --case normal-load is not one");
    /* kn, kt and charLen from the materials, noBreak given: nothing left (cohesive, which this
     * once was, sweeps its bond by the scales it declares) */
    check_refused("verify --law linel6 --sweep 4 --set noBreak=true",
                  "--sweep: law linel6 has no parameter to sweep");
    check_refused("verify cases/linear_shear_cycle.lua --sweep 4",
                  "verify FILE.lua: --sweep is for --law NAME");
    check_refused("verify --law spring_dashpot --set en=0.3 --set en=0.4", "--set en given twice");
}

/* ---- --set on the checks ---------------------------------------------------------------- */

typedef struct rows {
    int n, failed;
    char kase[400][64], quantity[400][64];
    int pass[400];
} rows;

static void keep(void *ctx, const lt_verify_row *r)
{
    rows *rs = ctx;
    if (!r->pass) rs->failed++;
    if (rs->n >= 400) return;
    snprintf(rs->kase[rs->n], sizeof rs->kase[0], "%s", r->kase);
    snprintf(rs->quantity[rs->n], sizeof rs->quantity[0], "%s", r->quantity);
    rs->pass[rs->n++] = r->pass;
}

static int find(const rows *rs, const char *kase, const char *quantity)
{
    for (int i = 0; i < rs->n; i++)
        if (strcmp(rs->kase[i], kase) == 0 && strcmp(rs->quantity[i], quantity) == 0) return i;
    return -1;
}

static void test_a_case_that_sets_a_given_parameter_is_not_run(void)
{
    rows *rs = calloc(1, sizeof *rs);
    lt_param_value en = {"en", 0.3};
    lt_verify_opts o = {0};
    o.law = "spring_dashpot";
    o.kase = "impact-en0.5"; /* sets en = 0.5 itself */
    o.on_row = keep;
    o.ctx = rs;
    o.set = &en;
    o.n_set = 1;
    lt_verify_summary sum;
    char err[300];
    CHECK(lt_verify(&o, &sum, err, sizeof err) == 0);
    CHECK(rs->n == 1 && find(rs, "impact-en0.5", "not run (sets en)") == 0 && sum.cases == 0 &&
          sum.na == 1 && sum.failed == 0);
    /* without --set it runs, its rows are checks */
    memset(rs, 0, sizeof *rs);
    o.set = NULL;
    o.n_set = 0;
    CHECK(lt_verify(&o, &sum, err, sizeof err) == 0 && sum.cases == 1 && rs->n > 3 &&
          find(rs, "impact-en0.5", "e") >= 0);
    /* --set at the case's own value is no conflict: it runs, the same rows as without --set */
    int n_without = rs->n;
    memset(rs, 0, sizeof *rs);
    en.value = 0.5;
    o.set = &en;
    o.n_set = 1;
    CHECK(lt_verify(&o, &sum, err, sizeof err) == 0 && sum.cases == 1 && sum.na == 0 &&
          rs->n == n_without && find(rs, "impact-en0.5", "e") >= 0 &&
          find(rs, "impact-en0.5", "not run (sets en)") < 0);
    free(rs);
}

/* ---- the corner_fail plugin: --set, --sweep, scripts, shards ------------------------------ */

static struct {
    int built, ok;
    char dir[256], so[320];
} fx;

#define NEED_PLUGIN()                                                                     \
    do {                                                                                  \
        if (!fx.built) {                                                                  \
            fx.built = 1;                                                                 \
            snprintf(fx.dir, sizeof fx.dir, "%s", make_tmpdir());                         \
            snprintf(fx.so, sizeof fx.so, "%s/corner_fail.so", fx.dir);                   \
            char cmd_[800];                                                               \
            snprintf(cmd_, sizeof cmd_,                                                   \
                     "cc -std=c17 -Wall -Wextra -pedantic -Werror -shared -fPIC -o '%s' " \
                     "tests/plugins/corner_fail.c",                                       \
                     fx.so);                                                              \
            fx.ok = system(cmd_) == 0;                                                    \
        }                                                                                 \
        if (!fx.ok) {                                                                     \
            CHECK_MSG(0, "tests/plugins/corner_fail.c did not build (cc on PATH?)");      \
            return;                                                                       \
        }                                                                                 \
    } while (0)

/* lines of text that contain every fragment given (up to three; NULL: none) */
static void test_set_reaches_the_generic_checks(void)
{
    NEED_PLUGIN();
    char args[800];
    result r;
    snprintf(args, sizeof args, "verify --law-lib %s --law corner_fail", fx.so);
    run(&r, args);
    CHECK_MSG(r.status == 0 && lines_with(r.out, "FAIL", NULL, NULL) == 0, "defaults: %d %s",
              r.status, r.out);
    snprintf(args, sizeof args,
             "verify --law-lib %s --law corner_fail --set kn=1e8 --set stiffen=1", fx.so);
    run(&r, args);
    CHECK_MSG(r.status == 1 && lines_with(r.out, "generic-path ", "balance", "FAIL") == 1, "%d %s",
              r.status, r.out);
    snprintf(args, sizeof args,
             "verify --law-lib %s --law corner_fail --set kn=1e8 --set stiffen=0.9", fx.so);
    run(&r, args); /* just outside the wrong region */
    CHECK_MSG(r.status == 0, "%d %s", r.status, r.out);
}

static void test_sweep_finds_the_corner(void)
{
    NEED_PLUGIN();
    char *dir = make_tmpdir();
    char args[1200], path[600], want[1200];
    result r;
    snprintf(args, sizeof args, "verify --law-lib %s --law corner_fail --sweep 8 -o %s", fx.so,
             dir);
    run(&r, args);
    CHECK_MSG(r.status == 1, "status %d: %s", r.status, r.err);
    CHECK(strstr(r.out, "#   kn           log-uniform over [10000, 1e+08] N/m") != NULL);
    /* the failed rows are those of point 3, the corner (1e8, 1), and name it */
    int failed = lines_with(r.out, " FAIL", NULL, NULL);
    CHECK_MSG(failed >= 1 &&
                  lines_with(r.out, "@3 ", " FAIL", "(point 3: kn=100000000 stiffen=1; ") == failed,
              "%s", r.out);
    CHECK(lines_with(r.out, "generic-path@3 ", "balance", "FAIL") == 1);
    /* the last point ran, and passed */
    CHECK(lines_with(r.out, "generic-path@7 ", "PASS", NULL) == 8);
    snprintf(want, sizeof want,
             "# point 3 failed generic-path: lawtester verify --law-lib %s --law corner_fail --set "
             "kn=100000000 "
             "--set stiffen=1 --case generic-path (%s/sweep-corner_fail-3.lua)",
             fx.so, dir);
    CHECK_MSG(strstr(r.out, want) != NULL, "%s", r.out);
    CHECK(lines_with(r.out, "# point ", "failed", NULL) == 1);
    /* after the rows, before the summary line: the failures by cause, at the one point */
    const char *groups = strstr(r.out, "#   generic-path balance: 1 of 8 points, all with "
                                       "kn=100000000, stiffen=1\n");
    CHECK_MSG(groups && groups > strstr(r.out, "generic-path@7 ") &&
                  groups < strstr(r.out, "verify: sweep of corner_fail: "),
              "%s", r.out);
    /* the table and the one script */
    CHECK(count_files(dir) == 2);
    static char table[1 << 16];
    snprintf(path, sizeof path, "%s/sweep-corner_fail.tsv", dir);
    slurp(path, table, sizeof table);
    static const char header[] =
        "k\tpoints\tpoint\tcase\tquantity\texpected\tobtained\terror\ttol\tcheck\tresult\tnote\n";
    CHECK(strncmp(table, header, strlen(header)) == 0);
    CHECK(lines_with(table, "\tFAIL\t", NULL, NULL) == failed);
    CHECK(lines_with(table, "3\t8\tkn=100000000 stiffen=1\tgeneric-path\tbalance\t0\t", "\tFAIL\t",
                     NULL) == 1);
    CHECK(lines_with(table, "0\t8\tkn=10000 stiffen=0\tgeneric-touch\t", NULL, NULL) == 3);
    /* the script shows the failure when it is run */
    snprintf(args, sizeof args, "run --law-lib %s %s/sweep-corner_fail-3.lua", fx.so, dir);
    run(&r, args);
    CHECK_MSG(
        r.status == 1 && lines_with(r.out, "generic-path ", "balance", "FAIL") == 1 &&
            strstr(r.err,
                   "point 3 of the sweep of corner_fail: 1 of 8 checks of generic-path failed"),
        "status %d\n%s\n%s", r.status, r.out, r.err);
    remove_tree(dir);
}

static void test_shards_merge_into_the_sweep(void)
{
    NEED_PLUGIN();
    char *dir = make_tmpdir();
    char args[1600];
    result r;
    snprintf(args, sizeof args, "verify --law-lib %s --law corner_fail --sweep 7 -o %s", fx.so,
             dir);
    run(&r, args);
    CHECK(r.status == 1);
    for (int k = 1; k <= 3; k++) {
        snprintf(args, sizeof args,
                 "verify --law-lib %s --law corner_fail --sweep 7 --shard %d/3 -o %s", fx.so, k,
                 dir);
        run(&r, args);
        CHECK_MSG(r.status == (k == 1 ? 1 : 0), "shard %d: status %d", k,
                  r.status); /* point 3 is in shard 1 */
        CHECK(strstr(r.out, "verify: sweep of corner_fail (shard ") != NULL);
    }
    snprintf(args, sizeof args,
             "merge %s/merged.tsv %s/sweep-corner_fail.shard-3-of-3.tsv "
             "%s/sweep-corner_fail.shard-1-of-3.tsv "
             "%s/sweep-corner_fail.shard-2-of-3.tsv",
             dir, dir, dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 0, "%s", r.err);
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "cmp -s %s/merged.tsv %s/sweep-corner_fail.tsv", dir, dir);
    CHECK_MSG(system(cmd) == 0, "merged shards differ from the unsharded sweep");
    /* a shard missing: named, nothing written */
    snprintf(args, sizeof args,
             "merge %s/m2.tsv %s/sweep-corner_fail.shard-1-of-3.tsv "
             "%s/sweep-corner_fail.shard-3-of-3.tsv",
             dir, dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "field k: point 1 of 7 is in none of the 2 files"),
              "%s", r.err);
    /* the same shard twice: its first point again */
    snprintf(args, sizeof args,
             "merge %s/m3.tsv %s/sweep-corner_fail.shard-1-of-3.tsv "
             "%s/sweep-corner_fail.shard-1-of-3.tsv",
             dir, dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 1 && strstr(r.err, "field k: point 0 again"), "%s", r.err);
    remove_tree(dir);
}

static void test_verify_law_takes_params(void)
{
    NEED_PLUGIN();
    char *dir = make_tmpdir();
    put_file(
        dir, "vl.lua",
        "local f0 = lawtester.verify_law('corner_fail', { quiet = true, case = 'generic-path' })\n"
        "local f1, n1 = lawtester.verify_law('corner_fail', { quiet = true, case = "
        "'generic-path',\n"
        "                                     params = { kn = 1e8, stiffen = 1 } })\n"
        "print('failed', f0, f1, n1)\n"
        "local ok, e = pcall(lawtester.verify_law, 'corner_fail', { params = { stiffen = 2 } })\n"
        "print(e)\n");
    char args[800];
    result r;
    snprintf(args, sizeof args, "run --law-lib %s %s/vl.lua", fx.so, dir);
    run(&r, args);
    CHECK_MSG(r.status == 0 && strstr(r.out, "failed\t0\t1\t8\n") &&
                  strstr(r.out, "lawtester.verify_law: params.stiffen takes a number in [0, 1]"),
              "%d %s %s", r.status, r.out, r.err);
    remove_tree(dir);
}

/* A law that crashes at a point (tests/plugins/faults.c, mode segv, abort): that point's FAIL row
 * from the supervisor, the sweep goes on, and with -o nothing half-written. */
static void test_a_fault_at_a_point_is_contained(void)
{
    char *dir = make_tmpdir();
    char cmd[800], args[1200];
    snprintf(cmd, sizeof cmd, "cc -shared -fPIC -o '%s/faults.so' tests/plugins/faults.c", dir);
    if (system(cmd) != 0) {
        CHECK_MSG(0, "tests/plugins/faults.c did not build");
        return;
    }
    result r;
    snprintf(args, sizeof args,
             "verify --law-lib %s/faults.so --law faults --sweep 3 --set at=30 -o %s/out", dir,
             dir);
    real_faults_begin(); /* the faults are real (tests/cli.h) */
    run(&r, args);
    real_faults_end();
    CHECK_MSG(r.status == 1, "status %d", r.status);
    /* (under AddressSanitizer, which reports the SIGSEGV itself and exits, the first row names an
     * exit(1) and ASan writes its report on stderr: only lawtester's own lines are counted) */
    CHECK(lines_with(r.out, "generic@1 ", "ran to its end",
                     " FAIL  (stage 1, step 50: law 'faults' ") == 1);
    CHECK(lines_with(r.out, "generic@2 ", "ran to its end", "crashed in step() with SIGABRT") == 1);
    CHECK(lines_with(r.out, "generic-path@0 ", "PASS", NULL) == 8); /* mode none: the law is fine */
    CHECK_MSG(lines_with(r.err, "lawtester: ", NULL, NULL) == 1 &&
                  lines_with(r.err, "lawtester: verify: the law faulted at a point",
                             "table and scripts are not written", NULL) == 1,
              "%s", r.err);
    snprintf(args, sizeof args, "%s/out", dir);
    CHECK(count_files(args) == 0);
    remove_tree(dir);
}

static void test_a_builtin_law_passes_its_sweep(void)
{
    result r;
    run(&r, "verify --law spring_dashpot --sweep 8");
    CHECK_MSG(r.status == 0 && lines_with(r.out, " FAIL", NULL, NULL) == 0, "%d %s", r.status,
              r.err);
    CHECK(strstr(r.out, "#   dashpotVel   extrapolated, halfstep\n") &&
          strstr(r.out, "# sweep of spring_dashpot: 8 points"));
    /* every point ran its generic checks, the oblique sweep too */
    CHECK(lines_with(r.out, "generic-oblique@7 ", "balance", "PASS") == 1);
    CHECK(lines_with(r.out, "generic-path@0 ", "PASS", NULL) == 8);
}

/* The failures grouped by cause: over the space of space_law, a check failing where c = true
 * and a < 1e-2 (of a's six decades) names both; one failing at every point names none; a
 * quantity's parenthesised detail does not split its group, and a point counts once. */
static void test_failures_grouped_by_cause(void)
{
    lt_sweep_space s;
    lt_sweep_space_of(&space_law, NULL, 0, &s);
    lt_sweep_groups *g = lt_sweep_groups_new(&s);
    CHECK(g != NULL);
    double lo = INFINITY, hi = -INFINITY;
    long n = 0;
    for (long k = 0; k < 200; k++) {
        double p[LT_MAX_PARAMS];
        lt_sweep_point(&s, k, p);
        lt_sweep_groups_point(g, k, p);
        lt_sweep_groups_fail(g, "generic-x", k % 2 ? "gain (3 deg)" : "gain (89 deg)", k, p);
        lt_sweep_groups_fail(g, "generic-x", "gain", k, p); /* the same group, the same point */
        if (p[2] == 1 && p[0] < 1e-2) {
            lt_sweep_groups_fail(g, "generic-y", "balance", k, p);
            lo = fmin(lo, p[0]), hi = fmax(hi, p[0]), n++;
        }
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    lt_sweep_groups_print(g, f);
    fclose(f);
    char want[400], a[40], b[40];
    a[lt_fmt_double(a, lo)] = 0;
    b[lt_fmt_double(b, hi)] = 0;
    snprintf(want, sizeof want,
             "# failures by cause: check and quantity, their points, and the values those points "
             "share\n"
             "#   generic-x gain: 200 of 200 points, every point run\n"
             "#   generic-y balance: %ld of 200 points, all with a in [%s, %s], c=true\n",
             n, a, b);
    CHECK_MSG(n > 5 && strcmp(text, want) == 0, "%s---\n%s", text, want);
    free(text);
    lt_sweep_groups_free(g);
}

/* A point that fails more checks than generic-path: the notes name every failed check with its
 * command, and the script runs each failed check on its own path (the objectivity path as a
 * test, the others through verify_law) and fails with each one's count.  corner_fail's corner
 * fails generic-path, generic-objectivity and generic-closed-loop. */
static void test_the_script_names_every_failed_check(void)
{
    NEED_PLUGIN();
    char *dir = make_tmpdir();
    char args[1200], path[600], want[1600];
    result r;
    /* corner_fail's corner, point 3 of 8, fails generic-path, -objectivity and -closed-loop */
    snprintf(args, sizeof args, "verify --law-lib %s --law corner_fail --sweep 8 -o %s", fx.so,
             dir);
    run(&r, args);
    CHECK_MSG(r.status == 1 && lines_with(r.out, "generic-objectivity@3 ", "FAIL", NULL) >= 1,
              "status %d: %s", r.status, r.out);
    snprintf(want, sizeof want,
             "# point 3 failed generic-path: lawtester verify --law-lib %s --law corner_fail "
             "--set kn=100000000 --set stiffen=1 --case generic-path (%s/sweep-corner_fail-3.lua)\n"
             "#   and failed generic-objectivity: lawtester verify --law-lib %s --law corner_fail "
             "--set kn=100000000 --set stiffen=1 --case generic-objectivity\n"
             "#   and failed generic-closed-loop: lawtester verify --law-lib %s --law corner_fail "
             "--set kn=100000000 --set stiffen=1 --case generic-closed-loop\n",
             fx.so, dir, fx.so, fx.so);
    CHECK_MSG(strstr(r.out, want) != NULL, "%s", r.out);
    CHECK(lines_with(r.out, "# point ", "failed", NULL) == 1);
    snprintf(path, sizeof path, "%s/sweep-corner_fail-3.lua", dir);
    char *script = slurp_all(path);
    CHECK(script && strstr(script, "case = \"generic-path\"") &&
          strstr(script, "case = \"generic-objectivity\"") &&
          strstr(script, "case = \"generic-closed-loop\"") &&
          strstr(script, "name = \"sweep-corner_fail-3-objectivity\"") &&
          strstr(script, "name = \"sweep-corner_fail-3-path\""));
    free(script);
    snprintf(args, sizeof args, "run --law-lib %s %s/sweep-corner_fail-3.lua -o %s/out", fx.so, dir,
             dir);
    run(&r, args);
    CHECK_MSG(r.status == 1 && lines_with(r.out, "generic-objectivity ", "FAIL", NULL) >= 1 &&
                  strstr(r.err, "point 3 of the sweep of corner_fail: 1 of 8 checks of "
                                "generic-path failed, 1 of 3 checks of generic-objectivity "
                                "failed, 1 of 4 checks of generic-closed-loop failed"),
              "status %d\n%s\n%s", r.status, r.out, r.err);
    snprintf(path, sizeof path, "%s/out/sweep-corner_fail-3-objectivity.tsv", dir);
    CHECK(access(path, R_OK) == 0);
    remove_tree(dir);
}

/* verify FILE.lua --set: the value reaches a case whose test does not give the parameter (no
 * slip: the Coulomb cycle's energy, 4 J by its closed form, becomes 0 and its row fails), a case
 * that gives it is an n/a row, a parameter no case's law has is one line */
static void test_set_reaches_case_files(void)
{
    result r;
    run(&r, "verify cases/linear_shear_cycle.lua --set noSlip=true");
    CHECK_MSG(r.status == 1 &&
                  strstr(r.out, "linear-shear-cycle         cycle energy                      4    "
                                "            0") &&
                  strstr(r.out, ", 2 failed"),
              "status %d: %s", r.status, r.out);
    run(&r, "verify cases/linear_shear_cycle.lua --set kt=1e5");
    CHECK_MSG(r.status == 0 && strstr(r.out, "not run (sets kt)") &&
                  strstr(r.out, "n/a  (the case's test gives kt itself"),
              "status %d: %s", r.status, r.out);
    /* the case's own value (5e5, 500000.0 alike) is no conflict: the case runs and passes */
    run(&r, "verify cases/linear_shear_cycle.lua --set kt=500000.0");
    CHECK_MSG(r.status == 0 && !strstr(r.out, "not run (sets kt)") &&
                  strstr(r.out, "linear-shear-cycle         cycle energy") &&
                  strstr(r.out, ", 0 failed"),
              "status %d: %s", r.status, r.out);
    /* a value the case's law refuses: a failed setup row of that case, named */
    run(&r, "verify cases/linear_shear_cycle.lua --set noSlip=maybe");
    CHECK_MSG(r.status == 1 && strstr(r.out, "linear-shear-cycle         setup") &&
                  strstr(r.out, "FAIL  (--set 'noSlip=maybe': noSlip takes true or false)") &&
                  strstr(r.out, ", 1 failed"),
              "status %d: %s", r.status, r.out);
    run(&r, "verify cases/linear_shear_cycle.lua --set zz=1");
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "field cases: --set 'zz=1': no case's law has a parameter zz (the "
                                "laws of the cases: "
                                "linear;"),
              "status %d: %s", r.status, r.err);
}

const test_case sweep_tests[] = {
    TEST(set_reaches_case_files),
    TEST(halton_is_the_radical_inverse),
    TEST(the_space_of_a_law),
    TEST(corners_come_first),
    TEST(then_halton_mapped_to_the_ranges),
    TEST(a_law_without_reals_is_a_grid),
    TEST(set_values_read_by_kind),
    TEST(set_refusals_on_the_command_line),
    TEST(a_case_that_sets_a_given_parameter_is_not_run),
    TEST(set_reaches_the_generic_checks),
    TEST(sweep_finds_the_corner),
    TEST(the_script_names_every_failed_check),
    TEST(failures_grouped_by_cause),
    TEST(shards_merge_into_the_sweep),
    TEST(verify_law_takes_params),
    TEST(a_fault_at_a_point_is_contained),
    TEST(a_builtin_law_passes_its_sweep),
    {0, 0},
};
