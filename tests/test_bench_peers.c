/* tests/test_bench_peers.c - bench/peers/run.sh, the runner of `make bench-peers`
 * (docs/performance.md, "Against the DEM codes"), in its quick mode: 1e4 steps, one round,
 * against LAMMPS (a test package of the Makefile: missing, the test fails) and LIGGGHTS when it
 * is installed (it is not a test package: absent, it is left out and the test says so).  Checked:
 * the runner's per-step figure of LAMMPS's loop is the "Loop time of X on 1 procs for N steps"
 * that LAMMPS printed, divided by N; the head-on physics check passes and its figure is printed;
 * and the runner fails loudly, in one line, when a code is missing, when LAMMPS's output has no
 * loop line or one of another step count, and when the physics differ (LAMMPS's normal force
 * scaled by 1 + 1e-5); a bad command line is exit status 2. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define QUICK_STEPS 10000
#define QUICK_STEPS_S "10000"

/* The runner's output (stdout, stderr) and exit status. */
typedef struct sh_result {
    int status;
    char out[32768], err[4096];
} sh_result;

/* The lawtester the runner is given: $LAWTESTER as the other tests, unless that is a command
 * line (valgrind ...): the runner takes a path, so then ./lawtester. */
static const char *lawtester_path(void)
{
    const char *l = lawtester();
    return strchr(l, ' ') ? "./lawtester" : l;
}

/* sh bench/peers/run.sh ARGS with ENV before it (e.g. "LMP=/x"), output into dir/run.{out,err}. */
static void runner(sh_result *r, const char *dir, const char *env, const char *args)
{
    char cmd[2048], path[512];
    snprintf(cmd, sizeof cmd,
             "LAWTESTER='%s' %s sh bench/peers/run.sh -o %s/out %s >%s/run.out 2>%s/run.err",
             lawtester_path(), env, dir, args, dir, dir);
    int st = system(cmd);
    r->status = (st != -1 && WIFEXITED(st)) ? WEXITSTATUS(st) : -1;
    snprintf(path, sizeof path, "%s/run.out", dir);
    slurp(path, r->out, sizeof r->out);
    snprintf(path, sizeof path, "%s/run.err", dir);
    slurp(path, r->err, sizeof r->err);
}

static int have(const char *prog)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", prog);
    return system(cmd) == 0;
}

static int have_lammps(void)
{
    /* lammps is a test package (Makefile TEST_PKGS): missing, this test fails, it does not skip */
    int h = have("lmp");
    CHECK_MSG(h, "lmp is not on PATH: install the Debian package lammps (make deps-test does)");
    return h;
}

/* One line on stderr starting "bench-peers: " and containing fragment; exit status 1. */
static void check_loud(const sh_result *r, const char *fragment, const char *what)
{
    CHECK_MSG(r->status == 1, "%s: exit status %d, not 1 (stderr: %s)", what, r->status, r->err);
    CHECK_MSG(count_lines(r->err) == 1, "%s: %d lines on stderr, not 1: %s", what,
              count_lines(r->err), r->err);
    CHECK_MSG(strncmp(r->err, "bench-peers: ", 13) == 0 && strstr(r->err, fragment),
              "%s: stderr '%s' lacks '%s'", what, r->err, fragment);
}

/* The value after "label" on the runner's table row of that label (the first number: the best). */
static double row_value(const char *out, const char *label)
{
    char key[128];
    snprintf(key, sizeof key, "  %s ", label);
    const char *p = strstr(out, key);
    return p ? strtod(p + strlen(key), NULL) : -1;
}

/* The physics check's line "head-on, lawtester vs PEER: Fx=Fn X, ux=-delta Y": the larger of X, Y.
 * */
static double physics_value(const char *out, const char *peer)
{
    char key[128];
    snprintf(key, sizeof key, "head-on, lawtester vs %s: Fx=Fn ", peer);
    const char *p = strstr(out, key);
    if (!p) return -1;
    double fx = strtod(p + strlen(key), NULL);
    const char *q = strstr(p, "ux=-delta ");
    double ux = q ? strtod(q + 10, NULL) : -1;
    return fx > ux ? fx : ux;
}

/* 1e-6: the runner's own tolerance for the same trajectory (bench/peers/run.sh, PHYS_RTOL: the
 * positions' round-off summed over 1e6 steps); at 1e4 steps the codes agree to about 1e-9. */
#define PHYS_RTOL 1e-6

static void test_quick_run(void)
{
    if (!have_lammps()) return;
    int lig = have("liggghts");
    if (!lig)
        printf("     bench_peers.quick_run: LIGGGHTS left out: no 'liggghts' on PATH (the Debian "
               "package liggghts is not "
               "a test package; make bench-peers installs it)\n");
    char *dir = make_tmpdir(), args[256], path[512];
    snprintf(args, sizeof args, "--steps " QUICK_STEPS_S " --reps 1 --codes lawtester,lammps%s",
             lig ? ",liggghts" : "");
    sh_result *r = malloc(sizeof *r);
    runner(r, dir, "", args);
    CHECK_MSG(r->status == 0, "runner: exit status %d: %s", r->status, r->err);
    CHECK_MSG(strstr(r->out, "machine: ") && strstr(r->out, "cores") &&
                  strstr(r->out, "load before (uptime"),
              "no machine or load: %s", r->out);
    CHECK_MSG(strstr(r->out, "LAMMPS ") && strstr(r->out, "lawtester "), "no versions: %s", r->out);
    /* LAMMPS's loop, as the runner prints it, against LAMMPS's own line */
    static const char *const cases[] = {"headon", "oblique"};
    for (int c = 0; c < 2; c++) {
        char log[16384], label[64];
        snprintf(path, sizeof path, "%s/out/lammps-%s.1.log", dir, cases[c]);
        slurp(path, log, sizeof log);
        const char *p = strstr(log, "Loop time of ");
        double loop = p ? strtod(p + 13, NULL) : -1;
        CHECK_MSG(p && strstr(p, "on 1 procs for " QUICK_STEPS_S " steps"), "%s: no loop line: %s",
                  path, log);
        snprintf(label, sizeof label, "lammps-%s loop", cases[c]);
        double printed = row_value(r->out, label), expect = loop / QUICK_STEPS * 1e9;
        /* printed with one decimal (%.1f ns) */
        CHECK_MSG(printed > 0 && fabs(printed - expect) <= 0.05 + 1e-9 * expect,
                  "%s: printed %g ns, LAMMPS's %g s / %d = %g ns", label, printed, loop,
                  QUICK_STEPS, expect);
    }
    CHECK_MSG(row_value(r->out, "lawtester-rescale-headon process") > 0, "no lawtester row: %s",
              r->out);
    CHECK_MSG(row_value(r->out, "lawtester-md-oblique process") > 0, "no lawtester md row: %s",
              r->out);
    double ph = physics_value(r->out, "lammps");
    CHECK_MSG(ph >= 0 && ph <= PHYS_RTOL, "physics vs LAMMPS: %g (%s)", ph, r->out);
    CHECK_MSG(strstr(r->out, "lammps-headon / lawtester-rescale-headon"), "no ratio: %s", r->out);
    if (lig) {
        ph = physics_value(r->out, "liggghts");
        CHECK_MSG(ph >= 0 && ph <= PHYS_RTOL, "physics vs LIGGGHTS: %g (%s)", ph, r->out);
        CHECK_MSG(strstr(r->out, "Hertz head-on (rescale): lawtester >= 3x faster") &&
                      strstr(r->out, "target >= 3"),
                  "no target line: %s", r->out);
    } else {
        CHECK_MSG(strstr(r->out, "not measured (liggghts not among --codes)"),
                  "target without LIGGGHTS: %s", r->out);
    }
    free(r);
    remove_tree(dir);
}

/* A fake LAMMPS: a shell script dir/NAME with body. */
static void fake(const char *dir, const char *name, const char *body)
{
    char text[1024], path[512];
    snprintf(text, sizeof text, "#!/bin/sh\n%s\n", body);
    put_file(dir, name, text);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    chmod(path, 0755);
}

static void test_fails_loudly(void)
{
    if (!have_lammps()) return;
    char *dir = make_tmpdir(), env[600];
    sh_result *r = malloc(sizeof *r);
    static const char quick[] = "--steps 2000 --reps 1 --codes lawtester,lammps";
    /* a code that is not there */
    runner(r, dir, "LMP=/nonexistent/lmp", quick);
    check_loud(r, "LAMMPS not found", "missing lmp");
    runner(r, dir, "LIGGGHTS=/nonexistent/liggghts",
           "--steps 2000 --reps 1 --codes lawtester,liggghts");
    check_loud(r, "LIGGGHTS not found", "missing liggghts");
    /* an output with no loop line, and one for another step count */
    fake(dir, "noloop", "echo 'LAMMPS (fake)'; echo 'Total wall time: 0:00:00'");
    snprintf(env, sizeof env, "LMP=%s/noloop", dir);
    runner(r, dir, env, quick);
    check_loud(r, "no 'Loop time of X on 1 procs for N steps' line in lammps's output",
               "no loop line");
    fake(dir, "short", "echo 'Loop time of 0.25 on 1 procs for 10 steps with 2 atoms'");
    snprintf(env, sizeof env, "LMP=%s/short", dir);
    runner(r, dir, env, quick);
    check_loud(r, "lammps ran 10 steps, not 2000", "another step count");
    /* physics that differ: the real LAMMPS, its normal force (column 5, Fn) scaled by 1 + 1e-5 */
    fake(dir, "scaled",
         "lmp \"$@\" || exit\n"
         "for f in lammps-*.txt; do [ -f \"$f\" ] || continue; awk '/^#/ { print; next } { $5 = $5 "
         "* 1.00001; print }' \"$f\" > \"$f.t\" && "
         "mv \"$f.t\" \"$f\"; done");
    snprintf(env, sizeof env, "LMP=%s/scaled", dir);
    runner(r, dir, env, quick);
    check_loud(r, "the head-on impact differs beyond rtol 1e-6", "scaled force");
    /* a bad command line */
    runner(r, dir, "", "--steps 12x");
    CHECK_MSG(r->status == 2 && count_lines(r->err) == 1 &&
                  strstr(r->err, "--steps '12x' is not a whole number"),
              "bad --steps: %d %s", r->status, r->err);
    runner(r, dir, "", "--steps 3000");
    CHECK_MSG(r->status == 2 && strstr(r->err, "--steps 3000: a multiple of 2000"),
              "odd --steps: %d %s", r->status, r->err);
    runner(r, dir, "", "--codes lammps,yade");
    CHECK_MSG(r->status == 2 && strstr(r->err, "unknown code 'yade'"), "bad --codes: %d %s",
              r->status, r->err);
    free(r);
    remove_tree(dir);
}

const test_case bench_peers_tests[] = {
    TEST(quick_run),
    TEST(fails_loudly),
    {NULL, NULL},
};
