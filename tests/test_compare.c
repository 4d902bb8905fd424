/* tests/test_compare.c - `lawtester compare REF NEW` (src/tools/compare.h, docs/compare.md) as a
 * user meets it: a record of a real run against itself with noise added (exit 0 within the noise's
 * tolerance, 1 below it, one line naming the column and where); a LAMMPS-style table (comment
 * lines, a "# time fx" header, blanks) and a comma-separated one against a record, with a sign
 * and a factor in --cols and --key; a sine sampled at two rates, whose linear interpolation error
 * is known (h^2/8 max|f''|); every bad input (exit 2, one line FILE:LINE: field); --plot's
 * files; and the documented examples against LAMMPS and LIGGGHTS themselves (examples/lammps/,
 * examples/liggghts/; lammps and liggghts are among the Makefile's test packages). */
#include "check.h"
#include "cli.h"
#include "tools/table_read.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- helpers --------------------------------------------------------------------------------- */

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static void compare(result *r, const char *dir, const char *ref, const char *nw, const char *opts)
{
    char args[1024];
    snprintf(args, sizeof args, "compare %s/%s %s/%s %s", dir, ref, dir, nw, opts);
    run(r, args);
}

/* The record of examples/lammps/hertz_impact.lua (a Hertz impact, 1838 rows) into dir. */
static int record_impact(const char *dir)
{
    char args[512];
    snprintf(args, sizeof args, "run examples/lammps/hertz_impact.lua -o %s -q", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "run: status %d: %s", r.status, r.err);
    return r.status == 0;
}

/* Deterministic noise in [-1, 1) (a 64-bit LCG, Knuth's MMIX constants). */
static double noise(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*s >> 11) / (double)(1ULL << 52) - 1.0;
}

/* ---- a record against itself with noise ------------------------------------------------------ */

/* The noise's amplitude, of max|Fx|: far above the round trip of the numbers (they are written
 * in %.17g, read back exactly) and far below the force. */
#define NOISE_REL 1e-6

static void test_record_with_noise(void)
{
    char *dir = make_tmpdir(), path[300];
    if (!record_impact(dir)) return;
    snprintf(path, sizeof path, "%s/hertz-impact-lammps.tsv", dir);
    lt_table t;
    char err[600];
    CHECK_MSG(lt_table_read(&t, path, err, sizeof err) == 0, "%s", err);
    int fx = lt_table_col(&t, "Fx"), tc = lt_table_col(&t, "time");
    CHECK(t.nrows == 1838 && fx >= 0 && tc >= 0);
    if (fx < 0 || tc < 0) return;
    double fpeak = 0;
    for (long i = 0; i < t.nrows; i++) fpeak = fmax(fpeak, fabs(t.v[i * t.ncols + fx]));
    /* NEW: the record, Fx plus noise of NOISE_REL max|Fx|; the largest |noise| and its time */
    unsigned long long seed = 12345;
    double nmax = 0, at = 0;
    snprintf(path, sizeof path, "%s/noisy.tsv", dir);
    FILE *f = fopen(path, "w");
    for (int c = 0; c < t.ncols; c++) fprintf(f, "%s%c", t.names[c], c + 1 < t.ncols ? '\t' : '\n');
    for (long i = 0; i < t.nrows; i++)
        for (int c = 0; c < t.ncols; c++) {
            double x = t.v[i * t.ncols + c];
            if (c == fx) {
                double e = NOISE_REL * fpeak * noise(&seed), y = x + e;
                if (fabs(y - x) > nmax) nmax = fabs(y - x), at = t.v[i * t.ncols + tc];
                x = y;
            }
            fprintf(f, "%.17g%c", x, c + 1 < t.ncols ? '\t' : '\n');
        }
    fclose(f);
    int ncols = t.ncols;
    lt_table_free(&t);
    result r;
    /* the record against itself: every shared column (all but the key), equal at tolerance 0 */
    compare(&r, dir, "hertz-impact-lammps.tsv", "hertz-impact-lammps.tsv", "");
    CHECK_MSG(r.status == 0, "itself: status %d: %s %s", r.status, r.out, r.err);
    CHECK_MSG(count_lines(r.out) == 2 + ncols - 1,
              "itself: %d lines, expected a header and %d columns: %s", count_lines(r.out),
              ncols - 1, r.out);
    CHECK(strstr(r.out, "REF's 1838 points, NEW interpolated linearly") != NULL);
    /* with the noise: only Fx fails at tolerance 0, one line naming it and the time of the largest
     * */
    compare(&r, dir, "hertz-impact-lammps.tsv", "noisy.tsv", "");
    CHECK_MSG(r.status == 1, "noisy: status %d: %s", r.status, r.err);
    CHECK_MSG(count_lines(r.err) == 1 &&
                  strncmp(r.err, "lawtester: compare: Fx: |NEW - REF| = ", 38) == 0,
              "noisy: stderr %s", r.err);
    double got = strtod(r.err + 38, NULL);
    CHECK_REL(got, nmax, 1e-5, "largest |NEW - REF| reported (6 digits)");
    const char *k = strstr(r.err, " at time = ");
    CHECK_MSG(k && strtod(k + 11, NULL) == at, "its time: expected %.17g: %s", at, r.err);
    /* Fx alone: within a tolerance above the noise, outside one below it */
    char opts[200];
    snprintf(opts, sizeof opts, "--cols Fx --rtol %.17g", 1.01 * NOISE_REL);
    compare(&r, dir, "hertz-impact-lammps.tsv", "noisy.tsv", opts);
    CHECK_MSG(r.status == 0 && count_lines(r.out) == 3 && strstr(r.out, "PASS"),
              "rtol above: %d %s %s", r.status, r.out, r.err);
    snprintf(opts, sizeof opts, "--cols Fx --atol %.17g", 0.99 * nmax);
    compare(&r, dir, "hertz-impact-lammps.tsv", "noisy.tsv", opts);
    CHECK_MSG(r.status == 1 && strstr(r.out, "FAIL"), "atol below: %d %s", r.status, r.out);
    snprintf(opts, sizeof opts, "--cols Fx --atol %.17g", 1.01 * nmax);
    compare(&r, dir, "hertz-impact-lammps.tsv", "noisy.tsv", opts);
    CHECK_MSG(r.status == 0, "atol above: %d %s", r.status, r.err);
    remove_tree(dir);
}

/* ---- other codes' formats -------------------------------------------------------------------- */

/* f(t) = 3 sin(40 t) + t (N) at t = k dt, dt = 1e-3 s, k = 0..200: REF a record-like TSV; NEW as
 * LAMMPS writes it (fix print: comment lines, a "# time fx" header, blanks) with the opposite sign
 * and in kN (fx = -f/1000), and the same as CSV with a quoted header and the step instead of the
 * time. */
static void write_formats(const char *dir)
{
    static char ref[1 << 16], lmp[1 << 16], csv[1 << 16];
    size_t a = 0, b = 0, c = 0;
    a += (size_t)snprintf(ref + a, sizeof ref - a, "time\tFx\tother\n");
    b += (size_t)snprintf(lmp + b, sizeof lmp - b,
                          "# Fix print output for fix out\n#   written by a test\n# time fx\n");
    c += (size_t)snprintf(csv + c, sizeof csv - c, "\"step\",\"fx\"\r\n");
    for (int k = 0; k <= 200; k++) {
        double t = k * 1e-3, f = 3 * sin(40 * t) + t;
        a += (size_t)snprintf(ref + a, sizeof ref - a, "%.17g\t%.17g\t%d\n", t, f, k);
        b += (size_t)snprintf(lmp + b, sizeof lmp - b, "%s%.17g   %.17g\n", k % 50 == 0 ? "\n" : "",
                              t, -f / 1000);
        c += (size_t)snprintf(csv + c, sizeof csv - c, "%d, %.17g\r\n", k, -f / 1000);
    }
    put_file(dir, "ref.tsv", ref);
    put_file(dir, "lammps.txt", lmp);
    put_file(dir, "table.csv", csv);
}

/* The sign and unit conversion: -fx*1000 is f to a few ulps (the division and multiplication by
 * 1000 round twice: 1e-15 of 3 N, with room). */
#define TOL_UNITS "1e-12"

static void test_other_formats(void)
{
    char *dir = make_tmpdir();
    write_formats(dir);
    result r;
    compare(&r, dir, "ref.tsv", "lammps.txt", "--cols Fx=-fx*1000 --atol " TOL_UNITS);
    CHECK_MSG(r.status == 0 && strstr(r.out, "REF's 201 points"), "LAMMPS: %d %s %s", r.status,
              r.out, r.err);
    compare(&r, dir, "ref.tsv", "lammps.txt", "--cols Fx=fx*1000 --atol " TOL_UNITS);
    CHECK_MSG(r.status == 1 && strstr(r.err, "Fx=fx*1000: |NEW - REF|"), "the sign missed: %d %s",
              r.status, r.err);
    compare(&r, dir, "ref.tsv", "lammps.txt", "--cols Fx=-fx --atol " TOL_UNITS);
    CHECK_MSG(r.status == 1, "the factor missed: %d %s", r.status, r.err);
    /* CSV, a quoted header, CRLF, the step as the key: time = step * 1e-3 */
    compare(&r, dir, "ref.tsv", "table.csv",
            "--key time=step*1e-3 --cols Fx=-fx*1000 --atol " TOL_UNITS);
    CHECK_MSG(r.status == 0, "CSV: %d %s %s", r.status, r.out, r.err);
    /* a key with a sign: NEW counts its steps down (-k), so its rows run backwards in time */
    static char down[1 << 16];
    size_t m = (size_t)snprintf(down, sizeof down, "negstep fx\n");
    for (int k = 0; k <= 200; k++) {
        double t = k * 1e-3;
        m += (size_t)snprintf(down + m, sizeof down - m, "%d %.17g\n", -k,
                              -(3 * sin(40 * t) + t) / 1000);
    }
    put_file(dir, "down.txt", down);
    compare(&r, dir, "ref.tsv", "down.txt",
            "--key time=-negstep*1e-3 --cols Fx=-fx*1000 --atol " TOL_UNITS);
    CHECK_MSG(r.status == 0 && strstr(r.out, "REF's 201 points"), "key with a sign: %d %s %s",
              r.status, r.out, r.err);
    compare(&r, dir, "ref.tsv", "down.txt", "--key time=negstep*1e-3 --cols Fx=-fx*1000");
    CHECK_MSG(r.status == 0 && strstr(r.out, "REF's 1 point, NEW interpolated"),
              "the sign missed, the keys share t = 0 only: %d %s %s", r.status, r.out, r.err);
    /* a REF whose key decreases (the rows backwards) is the same table */
    static char rev[1 << 16];
    size_t n = (size_t)snprintf(rev, sizeof rev, "time\tFx\n");
    for (int k = 200; k >= 0; k--) {
        double t = k * 1e-3;
        n += (size_t)snprintf(rev + n, sizeof rev - n, "%.17g\t%.17g\n", t, 3 * sin(40 * t) + t);
    }
    put_file(dir, "backwards.tsv", rev);
    /* NEW with no row inside the shared range is not the sampled table: REF's keys are */
    put_file(dir, "ends.tsv", "time\tFx\n-1\t-1\n1\t1\n");
    put_file(dir, "mid.tsv", "time\tFx\n0.25\t0.25\n0.5\t0.5\n");
    compare(&r, dir, "mid.tsv", "ends.tsv", "");
    CHECK_MSG(r.status == 0 && strstr(r.out, "REF's 2 points, NEW interpolated"),
              "no row in range: %d %s", r.status, r.out);
    compare(&r, dir, "ends.tsv", "mid.tsv", "");
    CHECK_MSG(r.status == 0 && strstr(r.out, "NEW's 2 points, REF interpolated"),
              "no row in range: %d %s", r.status, r.out);
    compare(&r, dir, "backwards.tsv", "ref.tsv", "");
    CHECK_MSG(r.status == 0, "backwards: %d %s %s", r.status, r.out, r.err);
    remove_tree(dir);
}

/* The reader on LAMMPS's fix ave/time layout (two comment lines, the header the last), comments
 * and blank lines between rows, CRLF. */
static void test_table_reader(void)
{
    char *dir = make_tmpdir(), path[300], err[600];
    put_file(dir, "ave.txt",
             "# Time-averaged data for fix 1\n# TimeStep v_fn c_1[2]\n\n100 1.5 -2\r\n# a comment\n"
             "\n  200\t2.5  ,  -3e-3\n");
    snprintf(path, sizeof path, "%s/ave.txt", dir);
    lt_table t;
    CHECK_MSG(lt_table_read(&t, path, err, sizeof err) == 0, "%s", err);
    CHECK(t.ncols == 3 && t.nrows == 2 && t.header_line == 2);
    if (t.ncols == 3 && t.nrows == 2) {
        CHECK_STR(t.names[0], "TimeStep");
        CHECK_STR(t.names[2], "c_1[2]");
        CHECK(t.v[0] == 100 && t.v[1] == 1.5 && t.v[2] == -2 && t.v[3] == 200 && t.v[4] == 2.5 &&
              t.v[5] == -3e-3);
        CHECK(t.line[0] == 4 && t.line[1] == 7);
    }
    lt_table_free(&t);
    remove_tree(dir);
}

/* ---- interpolation: a sine at two rates ------------------------------------------------------ */

/* f(t) = sin(2 pi t), REF at h = 1e-3 on [0, 1] (1001 rows), NEW at 38 points, each in the middle
 * of one of REF's intervals (t = (27 k + 0.5) h, k = 0..38, the last beyond REF's range at
 * 1.0265 s).  Linear interpolation between nodes a and a + h errs by (t-a)(a+h-t)/2 |f''(xi)|,
 * at most h^2/8 max|f''| = h^2/8 (2 pi)^2 = 4.93e-6, reached at a midpoint where |f''| is at its
 * largest: the point k = 9 (t = 0.2435, |f''| = 0.9991 of its max) reaches 0.9991 of the bound.
 * So a tolerance of the bound passes, one of 0.99 of it fails: the interpolation is linear (not
 * the nearest row: h/2 2 pi = 3.1e-3; nor of a higher order: < 1e-10). */
#define INTERP_H 1e-3
#define INTERP_BOUND (INTERP_H * INTERP_H / 8 * 4 * LT_TEST_PI * LT_TEST_PI)

static void test_interpolation_bound(void)
{
    char *dir = make_tmpdir();
    static char dense[1 << 16], sparse[1 << 13];
    size_t a = (size_t)snprintf(dense, sizeof dense, "time\tf\n"),
           b = (size_t)snprintf(sparse, sizeof sparse, "time f\n");
    for (int k = 0; k <= 1000; k++)
        a += (size_t)snprintf(dense + a, sizeof dense - a, "%.17g\t%.17g\n", k * INTERP_H,
                              sin(2 * LT_TEST_PI * k * INTERP_H));
    for (int k = 0; k <= 38; k++) {
        double t = (27 * k + 0.5) * INTERP_H;
        b += (size_t)snprintf(sparse + b, sizeof sparse - b, "%.17g %.17g\n", t,
                              sin(2 * LT_TEST_PI * t));
    }
    put_file(dir, "dense.tsv", dense);
    put_file(dir, "sparse.txt", sparse);
    char opts[200];
    result r;
    for (int swap = 0; swap < 2; swap++) {
        const char *ref = swap ? "sparse.txt" : "dense.tsv",
                   *nw = swap ? "dense.tsv" : "sparse.txt";
        snprintf(opts, sizeof opts, "--atol %.17g", INTERP_BOUND);
        compare(&r, dir, ref, nw, opts);
        CHECK_MSG(r.status == 0, "%s vs %s at the bound: %d %s %s", ref, nw, r.status, r.out,
                  r.err);
        /* the sparse table's points, one outside the other's range and not compared */
        CHECK_MSG(strstr(r.out, swap ? "REF's 38 points, NEW interpolated linearly; 1 of REF's "
                                       "rows outside NEW's key range"
                                     : "NEW's 38 points, REF interpolated linearly; 1 of NEW's "
                                       "rows outside REF's key range"),
                  "%s", r.out);
        snprintf(opts, sizeof opts, "--atol %.17g", 0.99 * INTERP_BOUND);
        compare(&r, dir, ref, nw, opts);
        const char *at = strstr(r.err, " at time = ");
        CHECK_MSG(r.status == 1 && at && fabs(strtod(at + 11, NULL) - 0.2435) < 1e-12,
                  "%s vs %s below the bound: %d %s", ref, nw, r.status, r.err);
        const char *d = strstr(r.err, "|NEW - REF| = ");
        double got = d ? strtod(d + 14, NULL) : 0;
        double expected = INTERP_BOUND * fabs(sin(2 * LT_TEST_PI * 0.2435));
        CHECK_REL(got, expected, 1e-3,
                  "largest interpolation error (the f'' at the point, to 1e-3: f'' varies over h)");
    }
    remove_tree(dir);
}

/* ---- bad input ------------------------------------------------------------------------------- */

/* Exit status 2, one line on stderr starting with prefix and holding fragment, nothing on stdout.
 * */
static void check_bad_compare(const char *dir, const char *ref, const char *nw, const char *opts,
                              const char *prefix, const char *fragment)
{
    result r;
    compare(&r, dir, ref, nw, opts);
    /* a message on a file starts with its path, one on an option with "lawtester: " */
    char want[400];
    if (strncmp(prefix, "lawtester", 9) == 0)
        snprintf(want, sizeof want, "%s", prefix);
    else
        snprintf(want, sizeof want, "%s/%s", dir, prefix);
    CHECK_MSG(r.status == 2, "%s %s %s: status %d: %s", ref, nw, opts, r.status, r.err);
    CHECK_MSG(strncmp(r.err, want, strlen(want)) == 0,
              "%s %s %s: stderr does not start with '%s': %s", ref, nw, opts, want, r.err);
    CHECK_MSG(strstr(r.err, fragment) != NULL, "%s %s %s: stderr lacks '%s': %s", ref, nw, opts,
              fragment, r.err);
    CHECK_MSG(count_lines(r.err) == 1, "%s %s %s: %d lines: %s", ref, nw, opts, count_lines(r.err),
              r.err);
    CHECK_MSG(r.out[0] == 0, "%s %s %s: stdout: %s", ref, nw, opts, r.out);
}

static void test_bad_input(void)
{
    char *dir = make_tmpdir();
    put_file(dir, "ok.tsv", "time\tFx\tux\n0\t1\t2\n1\t2\t3\n2\t3\t4\n");
    put_file(dir, "empty.tsv", "");
    put_file(dir, "comments.txt", "# only\n# comments\n\n");
    put_file(dir, "rows.txt", "\n0 1\n1 2\n");
    put_file(dir, "cell.tsv", "time\tFx\n0\t1\n1\tabc\n");
    put_file(dir, "empty_cell.csv", "time,Fx,ux\n0,1,2\n1,,2\n");
    put_file(dir, "short.tsv", "# time Fx ux\n0 1 2\n1 2\n");
    put_file(dir, "twice.tsv", "time\tFx\tFx\n0\t1\t2\n");
    put_file(dir, "norows.tsv", "time\tFx\n# nothing\n");
    put_file(dir, "other.tsv", "time\tfn\n0\t1\n1\t2\n");
    put_file(dir, "notmono.tsv", "time\tFx\n0\t1\n0.6\t2\n0.5\t3\n");
    put_file(dir, "nankey.tsv", "time\tFx\n0\t1\nnan\t2\n");
    put_file(dir, "later.tsv", "time\tFx\n5\t1\n6\t2\n");
    check_bad_compare(dir, "missing.tsv", "ok.tsv", "",
                      "missing.tsv:0: ", "cannot read: No such file");
    check_bad_compare(dir, "ok.tsv", "empty.tsv", "", "empty.tsv:1: field header: ", "no header");
    check_bad_compare(dir, "ok.tsv", "comments.txt", "",
                      "comments.txt:2: field header: ", "no header");
    check_bad_compare(dir, "rows.txt", "ok.tsv", "",
                      "rows.txt:2: field header: ", "line 2 is a row of numbers");
    check_bad_compare(dir, "ok.tsv", "cell.tsv", "",
                      "cell.tsv:3: field Fx (column 2): ", "'abc' is not a number");
    check_bad_compare(dir, "ok.tsv", "empty_cell.csv", "",
                      "empty_cell.csv:3: field Fx (column 2): ", "an empty cell");
    check_bad_compare(
        dir, "short.tsv", "ok.tsv", "", "short.tsv:3: field row: ",
        "2 cells, but the header (line 1, the last comment line above the rows) names 3");
    check_bad_compare(dir, "twice.tsv", "ok.tsv", "",
                      "twice.tsv:1: field header: ", "column 'Fx' twice (columns 2 and 3)");
    check_bad_compare(dir, "ok.tsv", "norows.tsv", "",
                      "norows.tsv:2: field row: ", "no rows after the header");
    check_bad_compare(dir, "ok.tsv", "ok.tsv", "--key tim",
                      "ok.tsv:1: field header: ", "no column 'tim' (--key tim)");
    check_bad_compare(dir, "ok.tsv", "other.tsv", "--cols Fx=Fx", "other.tsv:1: field header: ",
                      "no column 'Fx' (--cols Fx=Fx); the columns are: time fn");
    check_bad_compare(dir, "ok.tsv", "other.tsv", "",
                      "other.tsv:1: field header: ", "no column in common");
    check_bad_compare(dir, "notmono.tsv", "ok.tsv", "",
                      "notmono.tsv:4: field time: ", "0.5 after 0.6 (line 3)");
    check_bad_compare(dir, "ok.tsv", "nankey.tsv", "",
                      "nankey.tsv:3: field time: ", "the key is nan");
    check_bad_compare(dir, "ok.tsv", "later.tsv", "",
                      "later.tsv:1: field time: ", "the key ranges do not overlap");
    /* fix print without a title: its default title taken as the header, and said so */
    put_file(dir, "untitled.txt", "# Fix print output for fix out\n0 1\n1 2\n");
    check_bad_compare(
        dir, "ok.tsv", "untitled.txt", "", "untitled.txt:2: field row: ",
        "2 cells, but the header (line 1, the last comment line above the rows) names 6 columns");
    const char *pairs[] = {"=fn", "Fx=", "Fx=fn*0", "Fx=fn*x", "Fx*2", "Fx,,ux"};
    for (int i = 0; i < 6; i++) {
        char opts[100];
        snprintf(opts, sizeof opts, "--cols '%s'", pairs[i]);
        check_bad_compare(dir, "ok.tsv", "ok.tsv", opts, "lawtester: compare: --cols '", "");
    }
    /* a pair's own tolerance (:ATOL) that is not a number >= 0, and one on the key */
    const char *tols[] = {"Fx:-1", "Fx=Fx:", "Fx=Fx*2:1e-3x", "Fx:nan"};
    for (int i = 0; i < 4; i++) {
        char opts[100], want[200];
        snprintf(opts, sizeof opts, "--cols '%s'", tols[i]);
        snprintf(want, sizeof want,
                 "lawtester: compare: --cols '%s': the tolerance after ':' must be a number >= 0",
                 tols[i]);
        check_bad_compare(dir, "ok.tsv", "ok.tsv", opts, want, "");
    }
    check_bad_compare(dir, "ok.tsv", "ok.tsv", "--key time:1",
                      "lawtester: compare: --key 'time:1': the key takes no tolerance", "");
    check_bad_compare(dir, "ok.tsv", "ok.tsv", "--atol -1",
                      "lawtester: compare: --atol needs a number >= 0", "");
    check_bad_compare(dir, "ok.tsv", "ok.tsv", "--rtol x",
                      "lawtester: compare: --rtol needs a number >= 0", "'x'");
    check_bad_compare(dir, "ok.tsv", "ok.tsv", "--plot-format svg",
                      "lawtester: compare: ", "--plot-format needs --plot DIR");
    check_bad_compare(dir, "ok.tsv", "ok.tsv", "--tol 1",
                      "lawtester: compare: unknown argument '--tol'", "");
    result r;
    run(&r, "compare only.tsv");
    CHECK_MSG(r.status == 2 && strstr(r.err, "compare needs two tables, REF and NEW (1 given)"),
              "%d %s", r.status, r.err);
    remove_tree(dir);
}

/* ---- --plot ---------------------------------------------------------------------------------- */

static void test_plot_files(void)
{
    char *dir = make_tmpdir(), plots[300], path[400];
    write_formats(dir);
    snprintf(plots, sizeof plots, "%s/plots", dir);
    result r;
    char opts[400];
    snprintf(opts, sizeof opts, "--cols Fx=-fx*1000,other=-fx --rtol 1e-12 --plot %s", plots);
    compare(&r, dir, "ref.tsv", "lammps.txt", opts);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 && strstr(r.err, "other=-fx"), "%d %s",
              r.status, r.err);
    /* one table and one plot per column, the second named after its REF column */
    const char *files[] = {"compare-Fx.tsv", "compare-Fx-overlay.png", "compare-other.tsv",
                           "compare-other-overlay.png"};
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", plots, files[i]);
        CHECK_MSG(file_size(path) > 1000, "%s: %ld bytes", files[i], file_size(path));
    }
    CHECK_MSG(count_files(plots) == 4, "%d files", count_files(plots));
    static char tsv[1 << 16];
    snprintf(path, sizeof path, "%s/compare-Fx.tsv", plots);
    slurp(path, tsv, sizeof tsv);
    CHECK_MSG(strncmp(tsv,
                      "time\tFx (REF ref.tsv)\t-fx*1000 (NEW lammps.txt, interpolated)\tNEW - "
                      "REF\ttolerance\n",
                      76) == 0,
              "header: %.100s", tsv);
    CHECK(count_lines(tsv) == 202);
    /* the same column twice: a second name; bad input writes nothing */
    remove_tree(plots);
    snprintf(opts, sizeof opts, "--cols Fx=-fx*1000,Fx=-fx*1e3 --plot %s", plots);
    compare(&r, dir, "ref.tsv", "lammps.txt", opts);
    snprintf(path, sizeof path, "%s/compare-Fx-2-overlay.png", plots);
    CHECK_MSG(r.status == 1 && file_size(path) > 1000, "twice: %d %s", r.status, r.err);
    remove_tree(plots);
    snprintf(opts, sizeof opts, "--cols Fx=nope --plot %s", plots);
    compare(&r, dir, "ref.tsv", "lammps.txt", opts);
    CHECK_MSG(r.status == 2 && count_files(plots) == 0, "bad input: %d, %d files", r.status,
              count_files(plots));
    /* a plot directory that is a file */
    snprintf(opts, sizeof opts, "--cols Fx=-fx*1000 --plot %s/ref.tsv", dir);
    compare(&r, dir, "ref.tsv", "lammps.txt", opts);
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 && strstr(r.err, "--plot"), "%d %s",
              r.status, r.err);
    remove_tree(dir);
}

/* ---- the documented example: LAMMPS ---------------------------------------------------------- */

/* Velocity Verlet (LAMMPS) and leapfrog (lawtester) are the same scheme on positions, so both
 * codes load the contact with the same overlaps but for round-off: measured 1.7e-12 of the
 * peak force, 1.2e-12 of the peak overlap (docs/compare.md).  1e-9 is far above that and far
 * below any difference in the law (E* off by 1e-9 changes the force by 1e-9). */
#define TOL_CODES "1e-9"

static void test_lammps_example(void)
{
    /* lammps is a test package (Makefile TEST_PKGS): missing, this test fails, it does not skip */
    int have = system("command -v lmp >/dev/null 2>&1") == 0;
    CHECK_MSG(have, "lmp is not on PATH: install the Debian package lammps (make deps-test does)");
    if (!have) return;
    char *dir = make_tmpdir(), cmd[800], args[800];
    if (!record_impact(dir)) return;
    /* LAMMPS, every step and every 10th (as the shipped table), fresh */
    snprintf(
        cmd, sizeof cmd,
        "cd examples/lammps && lmp -in in.hertz_impact -log none -screen none -var out %s/lmp1.txt "
        "-var every 1 && lmp -in in.hertz_impact -log none -screen none -var out %s/lmp10.txt",
        dir, dir);
    int st = system(cmd);
    CHECK_MSG(st == 0, "lmp failed (%d): %s", st, cmd);
    result r;
    snprintf(args, sizeof args,
             "compare %s/hertz-impact-lammps.tsv %s/lmp1.txt --cols Fx,ux=-delta --rtol " TOL_CODES,
             dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 0, "lawtester vs LAMMPS: %d %s %s", r.status, r.out, r.err);
    CHECK_MSG(strstr(r.out, "REF's 1838 points"), "%s", r.out);
    /* the shipped table is what the command makes (every 10th step) */
    snprintf(args, sizeof args,
             "compare examples/lammps/lammps-hertz-impact.txt %s/lmp10.txt --rtol " TOL_CODES, dir);
    run(&r, args);
    CHECK_MSG(r.status == 0 && count_lines(r.out) == 5, "shipped vs fresh: %d %s %s", r.status,
              r.out, r.err);
    /* and the shipped table against the record: LAMMPS's 184 rows in the contact's span compared */
    snprintf(args, sizeof args,
             "compare %s/hertz-impact-lammps.tsv examples/lammps/lammps-hertz-impact.txt --cols "
             "Fx,ux=-delta --rtol " TOL_CODES,
             dir);
    run(&r, args);
    CHECK_MSG(r.status == 0 && strstr(r.out, "NEW's 184 points"), "record vs shipped: %d %s %s",
              r.status, r.out, r.err);
    remove_tree(dir);
}

/* The same impact in LIGGGHTS 3.8 (examples/liggghts/: pair_style gran model hertz, which prints
 * 15 digits, no row at step 0): the record of hertz_impact.lua against LIGGGHTS run fresh (every
 * step and every 10th), the shipped table against the fresh one, the record against the shipped
 * table.  liggghts is a test package (Makefile TEST_PKGS): missing, this test fails. */
static void test_liggghts_example(void)
{
    int have = system("command -v liggghts >/dev/null 2>&1") == 0;
    CHECK_MSG(have, "liggghts is not on PATH: install the Debian package liggghts (make deps-test "
                    "does)");
    if (!have) return;
    char *dir = make_tmpdir(), cmd[800], args[800];
    snprintf(args, sizeof args, "run examples/liggghts/hertz_impact.lua -o %s -q", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "run: status %d: %s", r.status, r.err);
    snprintf(cmd, sizeof cmd,
             "cd examples/liggghts && liggghts -in in.hertz_impact -log none -screen none -var out "
             "%s/lig1.txt -var every 1 && liggghts -in in.hertz_impact -log none -screen none -var "
             "out %s/lig10.txt",
             dir, dir);
    int st = system(cmd);
    CHECK_MSG(st == 0, "liggghts failed (%d): %s", st, cmd);
    /* every step of the contact but the record's row 0, which LIGGGHTS does not print */
    snprintf(
        args, sizeof args,
        "compare %s/hertz-impact-liggghts.tsv %s/lig1.txt --cols Fx,ux=-delta --rtol " TOL_CODES,
        dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 0 && strstr(r.out, "REF's 1837 points"),
              "lawtester vs LIGGGHTS: %d %s %s", r.status, r.out, r.err);
    /* and not at a tolerance below the codes' round-off: the comparison can fail */
    snprintf(args, sizeof args,
             "compare %s/hertz-impact-liggghts.tsv %s/lig1.txt --cols Fx:1e-12 --rtol 0", dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 1, "below round-off: %d %s %s", r.status, r.out, r.err);
    snprintf(args, sizeof args,
             "compare examples/liggghts/liggghts-hertz-impact.txt %s/lig10.txt --rtol " TOL_CODES,
             dir);
    run(&r, args);
    CHECK_MSG(r.status == 0 && count_lines(r.out) == 5, "shipped vs fresh: %d %s %s", r.status,
              r.out, r.err);
    snprintf(args, sizeof args,
             "compare %s/hertz-impact-liggghts.tsv examples/liggghts/liggghts-hertz-impact.txt "
             "--cols Fx,ux=-delta --rtol " TOL_CODES,
             dir);
    run(&r, args);
    CHECK_MSG(r.status == 0 && strstr(r.out, "NEW's 183 points"), "record vs shipped: %d %s %s",
              r.status, r.out, r.err);
    remove_tree(dir);
}

/* --cols REFCOL=NEWCOL:ATOL: each pair its own absolute tolerance in REF's units, in place of
 * --atol (--rtol still adds); a ':' followed by no number stays part of a column's name. */
static void test_per_column_atol(void)
{
    char *dir = make_tmpdir();
    put_file(dir, "ref.tsv", "time\tFx\tux\n0\t1\t2\n1\t2\t3\n2\t3\t4\n");
    /* Fx off by 1e-7 N, ux (= -delta) by 1e-3 m, both at t = 0 */
    put_file(dir, "new.txt", "# t fx delta\n0 1.0000001 -2.001\n1 2 -3\n2 3 -4\n");
    result r;
    compare(&r, dir, "ref.tsv", "new.txt", "--key time=t --cols Fx=fx:1e-6,ux=-delta:1e-2");
    CHECK_MSG(r.status == 0 && strstr(r.out, "1e-06 ") && strstr(r.out, "0.01 "),
              "each its own: %d %s %s", r.status, r.out, r.err);
    /* Fx's own 1e-8 fails it, the --atol that would pass it notwithstanding; ux takes --atol */
    compare(&r, dir, "ref.tsv", "new.txt", "--key time=t --cols Fx=fx:1e-8,ux=-delta --atol 1e-2");
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "Fx=fx: |NEW - REF| = 1e-07 at time = 0 > tolerance 1e-08"),
              "Fx's own fails: %d %s %s", r.status, r.out, r.err);
    compare(&r, dir, "ref.tsv", "new.txt", "--key time=t --cols Fx=fx:1e-8,ux=-delta:1e-4");
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 2, "both fail: %d %s", r.status, r.err);
    /* --rtol adds to a pair's own: 0 + 1e-7 * max|Fx| = 3e-7 */
    compare(&r, dir, "ref.tsv", "new.txt", "--key time=t --cols Fx=fx:0 --rtol 1e-7");
    CHECK_MSG(r.status == 0 && strstr(r.out, "3e-07 "), "rtol adds: %d %s %s", r.status, r.out,
              r.err);
    /* with a sign and a factor before it: -(-0.5000001 * 2) against 1 */
    put_file(dir, "half.txt", "# t fx\n0 -0.50000005\n1 -1\n2 -1.5\n");
    compare(&r, dir, "ref.tsv", "half.txt", "--key time=t --cols Fx=-fx*2:2e-7");
    CHECK_MSG(r.status == 0, "factor and tolerance: %d %s %s", r.status, r.out, r.err);
    compare(&r, dir, "ref.tsv", "half.txt", "--key time=t --cols Fx=-fx*2:5e-8");
    CHECK_MSG(r.status == 1, "factor and a tight tolerance: %d %s %s", r.status, r.out, r.err);
    /* a column named a:b is still a column */
    put_file(dir, "colon.tsv", "time\ta:b\n0\t1\n1\t2\n");
    compare(&r, dir, "colon.tsv", "colon.tsv", "--cols a:b");
    CHECK_MSG(r.status == 0, "a:b: %d %s %s", r.status, r.out, r.err);
    remove_tree(dir);
}

const test_case compare_tests[] = {
    TEST(record_with_noise), TEST(other_formats), TEST(table_reader),   TEST(interpolation_bound),
    TEST(bad_input),         TEST(plot_files),    TEST(lammps_example), TEST(per_column_atol),
    TEST(liggghts_example),  {NULL, NULL},
};
