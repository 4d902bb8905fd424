/* tests/test_usability.c - what a researcher scripting their own load paths meets: the output
 * bounds (--max-output, --min-free), output directories made on demand, the hint for a nil C,
 * the bodies A and B in until/done and in the results, the plausibility warnings (--strict),
 * and the progress display of a long run on a terminal. */
#define _XOPEN_SOURCE 700
#include "check.h"
#include "cli.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MB (1LL << 20) /* the unit of --max-output and --min-free */

/* Sum of the sizes of the regular files in dir (bytes). */
static long long dir_bytes(const char *dir)
{
    DIR *d = opendir(dir);
    long long sum = 0;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[512];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) sum += st.st_size;
    }
    if (d) closedir(d);
    return sum;
}

static int exists(const char *dir, const char *name)
{
    char path[1100];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0;
}

/* ---- output bounds --------------------------------------------------------------------- */

/* A never-ending, densely recorded stage ends at the limit: one line naming it, exit 1, the
 * rows kept as NAME.tsv.partial + NAME.meta.partial, and at most the limit on disk; and the
 * limit is nearly used up (the rows stop within one row and the sidecar's reserve of it). */
static void test_max_output_ends_a_never_ending_stage(void)
{
    int limit = under_valgrind() ? 2 : 20; /* MB */
    char opts[64], fragment[128];
    snprintf(opts, sizeof opts, "--max-output %d", limit);
    snprintf(fragment, sizeof fragment, "output limit %d MB reached (--max-output)", limit);
    check_failed_run("tests/scripts/never_ending.lua", opts, 9, fragment, "never-ending", 1000);
    /* the same run again, to measure what it left */
    char *dir = make_tmpdir(), args[512];
    snprintf(args, sizeof args, "run tests/scripts/never_ending.lua -o %s %s", dir, opts);
    result r;
    run(&r, args);
    long long bytes = dir_bytes(dir);
    /* the slack below the limit: the sidecar's closing lines held back (LT_OUTLIMIT_RESERVE,
     * 4096 B) and the one row refused (< 1 kB) */
    const long long slack = 4096 + 1024;
    CHECK_MSG(r.status == 1 && bytes <= limit * MB && bytes > limit * MB - slack,
              "status %d, %lld bytes for %d MB", r.status, bytes, limit);
    printf("     (--max-output %d: %lld bytes left, %lld below the limit)\n", limit, bytes,
           limit * MB - bytes);
    remove_tree(dir);
}

/* Every test of a script counts: the first of two 0.75 MB tests fits in 1 MB, the second is
 * stopped; 0 lifts the limit and both are written. */
static void test_max_output_counts_every_test(void)
{
    char *dir = make_tmpdir(), args[512];
    snprintf(args, sizeof args, "run tests/scripts/two_dense_tests.lua -q -o %s --max-output 1",
             dir);
    result r;
    run(&r, args);
    CHECK_MSG(
        r.status == 1 && count_lines(r.err) == 1 &&
            strstr(r.err, "tests/scripts/two_dense_tests.lua:14: field stages[1]: at step ") &&
            strstr(r.err, "output limit 1 MB reached (--max-output)"),
        "status %d: %s", r.status, r.err);
    CHECK(exists(dir, "dense-1.tsv") && exists(dir, "dense-2.tsv.partial") &&
          !exists(dir, "dense-2.tsv"));
    CHECK_MSG(dir_bytes(dir) <= MB, "%lld bytes", dir_bytes(dir));
    remove_tree(dir);
    dir = make_tmpdir();
    snprintf(args, sizeof args, "run tests/scripts/two_dense_tests.lua -q -o %s --max-output 0",
             dir);
    run(&r, args);
    CHECK_MSG(r.status == 0 && exists(dir, "dense-1.tsv") && exists(dir, "dense-2.tsv") &&
                  dir_bytes(dir) > MB,
              "status %d: %s", r.status, r.err);
    remove_tree(dir);
    run(&r, "run tests/scripts/two_dense_tests.lua --max-output -3");
    CHECK(r.status == 2 && strstr(r.err, "--max-output needs a whole number >= 0"));
}

/* A margin larger than any disk: refused before anything runs, nothing written. */
static void test_min_free_refuses_to_start(void)
{
    char *dir = make_tmpdir(), args[512];
    snprintf(args, sizeof args, "run stages/compress_shear_unload.lua -o %s --min-free 1000000000",
             dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "below the margin of 1000000000 MB (--min-free)") &&
                  count_files(dir) == 0,
              "status %d: %s", r.status, r.err);
    remove_tree(dir);
}

/* On a small filesystem (an 8 MB tmpfs, root only) a never-ending record stops when less than
 * the margin (3 MB) is left, checked every MB of rows: the rows are kept as .partial. */
static void test_min_free_stops_a_run(void)
{
    char *dir = make_tmpdir(), cmd[512];
    snprintf(cmd, sizeof cmd, "mount -t tmpfs -o size=8m lawtester-test '%s' 2>/dev/null", dir);
    if (system(cmd) != 0) {
        printf(
            "     (skipped: cannot mount a tmpfs on %s: the test needs root with CAP_SYS_ADMIN)\n",
            dir);
        remove_tree(dir);
        return;
    }
    char args[512];
    snprintf(args, sizeof args,
             "run tests/scripts/never_ending.lua -o %s --min-free 3 --max-output 0", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "below the margin of 3 MB (--min-free)") &&
                  strstr(r.err, "[rows up to the failure kept in "),
              "status %d: %s", r.status, r.err);
    CHECK(exists(dir, "never-ending.tsv.partial") && exists(dir, "never-ending.meta.partial"));
    snprintf(cmd, sizeof cmd, "umount '%s'", dir);
    CHECK_MSG(system(cmd) == 0, "cannot unmount %s", dir);
    remove_tree(dir);
}

/* ---- output directories ---------------------------------------------------------------- */

/* -o and verify --plot make the missing directories, with the mode of any new directory. */
static void test_output_directories_are_made(void)
{
    char *base = make_tmpdir(), root[64], args[512], path[512];
    snprintf(root, sizeof root, "%s", base);
    snprintf(args, sizeof args, "run stages/compress_shear_unload.lua -q -o %s/a/b/c", root);
    result r;
    run(&r, args);
    snprintf(path, sizeof path, "%s/a/b/c", root);
    CHECK_MSG(r.status == 0 && exists(path, "compress-shear-unload.tsv"), "status %d: %s", r.status,
              r.err);
    mode_t mask = umask(0);
    umask(mask);
    struct stat st = {0}; /* zeros in the message when the file is missing */
    snprintf(path, sizeof path, "%s/a", root);
    CHECK_MSG(stat(path, &st) == 0 && (st.st_mode & 0777) == (0777 & ~mask), "mode %o",
              (unsigned)(st.st_mode & 0777));
    /* twice is fine (the directories exist) */
    run(&r, args);
    CHECK_MSG(r.status == 0, "again: status %d: %s", r.status, r.err);
    snprintf(args, sizeof args, "verify --law linear --case impact --plot %s/p/q", root);
    run(&r, args);
    snprintf(path, sizeof path, "%s/p/q", root);
    CHECK_MSG(r.status == 0 && count_files(path) > 0, "verify: status %d: %s", r.status, r.err);
    /* a path that cannot be made: one line naming it and why */
    snprintf(args, sizeof args,
             "run stages/compress_shear_unload.lua -o %s/a/b/c/compress-shear-unload.tsv/d", root);
    run(&r, args);
    CHECK_MSG(
        r.status == 2 && count_lines(r.err) == 1 && strstr(r.err, "cannot create directory '") &&
            strstr(r.err, "compress-shear-unload.tsv' (for '") && strstr(r.err, "Not a directory"),
        "status %d: %s", r.status, r.err);
    remove_tree(root);
}

/* ---- the bodies ------------------------------------------------------------------------ */

/* B's rebound velocity read from B.vel equals the one rebuilt from the contact impulses
 * (tests/scripts/bodies.lua), at every step of the impact and at the end. */
static void test_bodies_in_scope(void)
{
    result r;
    run(&r, "run tests/scripts/bodies.lua -q");
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    double worst = NAN, final = NAN, rebuilt = NAN, approach = NAN;
    int compared = 0;
    const char *p = strstr(r.out, "worst ");
    CHECK(p && sscanf(p, "worst %lf compared %d final %lf rebuilt %lf approach %lf", &worst,
                      &compared, &final, &rebuilt, &approach) == 5);
    /* The script adds dt/m F to the velocity once per step as the driver does; where the two
     * round differently (the driver turns the local force into the global frame first), each
     * step may differ by one rounding of the velocity: compared steps x eps x |v|. */
    const double tol = compared * DBL_EPSILON * fabs(approach);
    CHECK_MSG(compared > 100 && worst <= tol,
              "B.vel against the impulses: worst %.3g over %d steps (tol %.3g)", worst, compared,
              tol);
    CHECK_ABS(final - rebuilt, 0, tol, "final B.vel[3] against the rebuilt rebound");
    printf(
        "     (B.vel against the impulses: largest difference %.3g m/s over %d steps, tol %.3g)\n",
        worst, compared, tol);
    /* a rebound: B moves away (en = 0.5 of the relative approach 1 m/s, shared by equal masses) */
    CHECK(final > 0 && final < -approach);
    /* the string form sees A and B too; equal masses: A moves opposite to B */
    double sfinal = NAN, afinal = NAN, mass = NAN;
    int ssteps = 0, fsteps = 0;
    p = strstr(r.out, "string-steps ");
    CHECK(p &&
          sscanf(p, "string-steps %d function-steps %d string-final %lf A-final %lf B-mass %lf",
                 &ssteps, &fsteps, &sfinal, &afinal, &mass) == 5);
    CHECK_MSG(ssteps >= fsteps && sfinal > 0 && afinal == -sfinal,
              "string: %d steps, B %.17g, A %.17g", ssteps, sfinal, afinal);
    /* the mass of a 0.1 m sphere of the default density 2600 kg/m^3 */
    CHECK_REL(mass, 2600 * 4.0 / 3.0 * LT_TEST_PI * 1e-3, 4 * DBL_EPSILON, "B.mass");
}

/* ---- plausibility warnings ------------------------------------------------------------- */

typedef struct warn_case {
    const char *script;
    int lines;               /* warnings expected */
    const char *fragment[2]; /* in them, in order */
} warn_case;

static void test_plausibility_warnings(void)
{
    static const warn_case cases[] = {
        {"warn_step_target.lua",
         1,
         {"warning: tests/scripts/warn_step_target.lua:9: field stages[1].values: the normal "
          "velocity -1 m/s moves "
          "0.0001 m per step (dt = 0.0001 s) against the until's target -0.0002 m: it holds after "
          "2 step(s), up to "
          "0.0001 m past the target; lower dt to 2e-06 s (100 steps to the target)",
          NULL}},
        {"warn_step_radius.lua",
         1,
         {"warning: tests/scripts/warn_step_radius.lua:9: field stages[1].values: the shear y "
          "velocity 1 m/s moves 0.01 "
          "m per step (dt = 0.01 s), 0.1 of the particle radius 0.1 m",
          NULL}},
        {"warn_radius.lua",
         2,
         {"warning: tests/scripts/warn_radius.lua:6: field particles[1].radius: radius = 100 m is "
          "larger than DEM "
          "particles (1e-07 .. 10 m): millimetres typed as metres?",
          "field particles[1]: mass = 1.08909e+10 kg"}},
        {"warn_tanphi.lua",
         1,
         {"warning: tests/scripts/warn_tanphi.lua:6: field params.tanPhi: tanPhi = 30 is above any "
          "measured friction "
          "coefficient (<= 1.5): an angle in degrees? tan(30 deg) = 0.577",
          NULL}},
        {"warn_material.lua",
         2,
         {"field particles[1].material.young: young = 70 Pa is below any DEM material (1000 .. "
          "1e+13 Pa): given in GPa "
          "or MPa? (70 GPa = 7e+10 Pa)",
          "field particles[1].material.density: density = 2.6 kg/m^3 is below any DEM material (10 "
          ".. 30000 kg/m^3): "
          "g/cm^3 typed as kg/m^3?"}},
        {"warn_unstable_imposed.lua",
         1,
         {"warning: tests/scripts/warn_unstable_imposed.lua:7: field dt: dt = 0.01 s exceeds the "
          "stability limit of "
          "leapfrog for the normal contact, dt_crit = 0.004667 s",
          "where the normal velocity is imposed); harmless while imposed, but the contact would be "
          "unstable if "
          "released; lower dt below 0.004667 s"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const warn_case *c = &cases[i];
        char *dir = make_tmpdir(), args[512];
        /* warnings only: the run succeeds and writes its results */
        snprintf(args, sizeof args, "run tests/scripts/%s -q -o %s", c->script, dir);
        result r;
        run(&r, args);
        CHECK_MSG(r.status == 0 && count_lines(r.err) == c->lines && count_files(dir) > 0,
                  "%s: status %d, %d files: %s", c->script, r.status, count_files(dir), r.err);
        const char *at = r.err;
        for (int k = 0; k < 2 && c->fragment[k]; k++) {
            const char *f = strstr(at, c->fragment[k]);
            CHECK_MSG(f != NULL, "%s: lacks '%s': %s", c->script, c->fragment[k], r.err);
            if (f) at = f;
        }
        remove_tree(dir);
        /* --strict: the first warning is the error, exit 1, nothing written */
        dir = make_tmpdir();
        snprintf(args, sizeof args, "run tests/scripts/%s -q --strict -o %s", c->script, dir);
        run(&r, args);
        char prefix[128];
        snprintf(prefix, sizeof prefix, "tests/scripts/%s:", c->script);
        CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                      strncmp(r.err, prefix, strlen(prefix)) == 0 &&
                      strstr(r.err, "(an error under --strict)") && count_files(dir) == 0,
                  "%s --strict: status %d, %d files: %s", c->script, r.status, count_files(dir),
                  r.err);
        remove_tree(dir);
    }
}

/* ---- progress -------------------------------------------------------------------------- */

/* A run of 2e6 steps on a terminal (a pseudo-terminal as stderr) shows its step, stage and
 * rate while it runs and the totals at the end; without a terminal it shows nothing. */
static void test_run_progress_on_a_terminal(void)
{
    if (under_valgrind()) {
        printf("     (skipped under valgrind: the run takes minutes there)\n");
        return;
    }
    static char buf[1 << 16];
    char cmd[512];
    /* the line from the first tick on: a fast machine runs this in less than the usual 0.5 s */
    snprintf(cmd, sizeof cmd, "LAWTESTER_PROGRESS_AFTER=0 %s run tests/scripts/long_run.lua",
             lawtester());
    int st = run_on_terminal(cmd, buf, sizeof buf);
    CHECK_MSG(st == 0, "status %d", st);
    CHECK_MSG(strstr(buf, "run long-run: step ") && strstr(buf, ", stage 2/2, ") &&
                  strstr(buf, " steps/s, "),
              "no running line: %.300s", buf);
    CHECK_MSG(strstr(buf, "run long-run: 2001000 steps, 2 stages, ") &&
                  strstr(buf, " steps/s, done in "),
              "no closing line: %.300s", buf);
    /* not a terminal: nothing */
    result r;
    run(&r, "run tests/scripts/long_run.lua -q");
    CHECK_MSG(r.status == 0 && r.err[0] == 0, "status %d: %s", r.status, r.err);
}

const test_case usability_tests[] = {
    TEST(max_output_ends_a_never_ending_stage),
    TEST(max_output_counts_every_test),
    TEST(min_free_refuses_to_start),
    TEST(min_free_stops_a_run),
    TEST(output_directories_are_made),
    TEST(bodies_in_scope),
    TEST(plausibility_warnings),
    TEST(run_progress_on_a_terminal),
    {NULL, NULL},
};
