/* tests/test_walkthrough.c - README's "Walk-through: a law from LAMMPS, which books no energies",
 * step by step: the commands as README writes them (each checked to appear there verbatim) run
 * with the README's paths replaced by a temporary directory's, and every output line README shows
 * checked in the output (each checked to appear in README too), so the walk-through cannot drift
 * from what the program does.  The plugin examples/lammps_port/hertz_material.c is built as a
 * user builds it: `make install` into a temporary prefix, then the example's Makefile with
 * pkg-config.  LAMMPS (`lmp`) is one of the Makefile's test packages: missing, the step with it
 * fails, it does not skip. */
#include "check.h"
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define MAKE "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -s"
#define README_SO "examples/lammps_port/hertz_material.so"

static struct {
    int made, ok;
    char dir[64]; /* the temporary directory of everything */
    /* DIR/lammps_port/hertz_material.so: README's examples/lammps_port/hertz_material.so */
    char so[160];
    char out[160]; /* DIR/out: README's out */
    char log[4096];
} fx;

static char readme[1 << 17];

static void cleanup(void)
{
    if (fx.made) remove_tree(fx.dir);
}

/* The output of a shell command (stdout and stderr, in that order) into a malloc'd string (the
 * sweep prints ~400 kB, more than result.out holds); *status its exit status. */
static char *capture(const char *cmd, int *status)
{
    char out[200], err[200], full[8192];
    snprintf(out, sizeof out, "%s/cmd.out", fx.dir);
    snprintf(err, sizeof err, "%s/cmd.err", fx.dir);
    snprintf(full, sizeof full, "(%s) >'%s' 2>'%s'", cmd, out, err);
    int st = system(full);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    size_t n = 0, cap = 1 << 16;
    char *text = malloc(cap);
    for (int i = 0; i < 2 && text; i++) {
        FILE *f = fopen(i ? err : out, "rb");
        if (!f) continue;
        size_t got;
        while (text && (got = fread(text + n, 1, cap - n - 1, f)) > 0) {
            n += got;
            if (cap - n < 4096) {
                char *grown = realloc(text, cap *= 2);
                if (!grown) free(text);
                text = grown;
            }
        }
        fclose(f);
    }
    if (text) text[n] = 0;
    remove(out);
    remove(err);
    return text ? text : calloc(1, 1);
}

static void fixture(void)
{
    if (fx.made) return;
    fx.made = 1;
    snprintf(fx.dir, sizeof fx.dir, "%s", make_tmpdir());
    atexit(cleanup);
    snprintf(fx.so, sizeof fx.so, "%s/lammps_port/hertz_material.so", fx.dir);
    snprintf(fx.out, sizeof fx.out, "%s/out", fx.dir);
    slurp("README.md", readme, sizeof readme);
    char cmd[2048];
    snprintf(
        cmd, sizeof cmd,
        MAKE
        " install PREFIX='%s/prefix' && cp -r examples/lammps_port '%s'/ && rm -f '%s' && " MAKE
        " -C '%s/lammps_port' PKG_CONFIG_PATH='%s/prefix/lib/pkgconfig' && mkdir -p '%s'",
        fx.dir, fx.dir, fx.so, fx.dir, fx.dir, fx.out);
    int st;
    char *text = capture(cmd, &st);
    fx.ok = st == 0;
    if (!fx.ok) snprintf(fx.log, sizeof fx.log, "`%.1000s` failed: %.2000s", cmd, text);
    free(text);
}

#define NEED_FIXTURE()                           \
    do {                                         \
        fixture();                               \
        CHECK_MSG(fx.ok, "fixture: %s", fx.log); \
        if (!fx.ok) return;                      \
    } while (0)

/* src with every from replaced by to, into dst (n bytes). */
static void replace_all(char *dst, size_t n, const char *src, const char *from, const char *to)
{
    size_t k = 0, lf = strlen(from), lt = strlen(to);
    while (*src && k + 1 < n) {
        if (strncmp(src, from, lf) == 0 && k + lt + 1 < n) {
            memcpy(dst + k, to, lt);
            k += lt;
            src += lf;
        } else
            dst[k++] = *src++;
    }
    dst[k] = 0;
}

/* A README command, checked to be in README.md verbatim, made runnable here: its paths made the
 * fixture's (the plugin, out/), `lawtester` the command under test. */
static void localize(const char *readme_cmd, char *cmd, size_t n)
{
    CHECK_MSG(strstr(readme, readme_cmd) != NULL, "README.md does not show the command `%s`",
              readme_cmd);
    char a[4096], b[4096], out_slash[200], out_space[200];
    snprintf(out_slash, sizeof out_slash, "%s/", fx.out);
    snprintf(out_space, sizeof out_space, "-o %s ", fx.out);
    replace_all(a, sizeof a, readme_cmd, README_SO, "\001");
    replace_all(b, sizeof b, a, "../../out/", "\002");
    replace_all(a, sizeof a, b, "out/", "\002");
    replace_all(b, sizeof b, a, "-o out ", "\003");
    replace_all(a, sizeof a, b, "\001", fx.so);
    replace_all(b, sizeof b, a, "\002", out_slash);
    replace_all(a, sizeof a, b, "\003", out_space);
    /* under valgrind the 64-point sweep (~1600 runs) would take most of CI's time: it runs the
     * plain binary there (test_sweep.c's small sweeps keep the sweep's code under valgrind) */
    const char *self = under_valgrind() && strstr(a, "--sweep") ? "./lawtester" : lawtester();
    int ours = strncmp(a, "lawtester ", 10) == 0;
    const char *pre = ours ? self : "", *rest = ours ? a + 10 : a;
    size_t lp = strlen(pre), lr = strlen(rest), sep = ours ? 1 : 0;
    if (lp + sep + lr + 1 > n) {
        CHECK_MSG(0, "the command `%s` is too long for the test's buffer", readme_cmd);
        cmd[0] = 0;
        return;
    }
    memcpy(cmd, pre, lp);
    if (sep) cmd[lp] = ' ';
    memcpy(cmd + lp + sep, rest, lr + 1);
}

/* A line README shows (with its paths as README writes them), checked in README.md and in the
 * output with the fixture's paths. */
static void shown(const char *text, const char *line)
{
    CHECK_MSG(strstr(readme, line) != NULL, "README.md does not show the line `%s`", line);
    char local[2048];
    replace_all(local, sizeof local, line, "out/", "\002");
    char out_slash[200], final[2048];
    snprintf(out_slash, sizeof out_slash, "%s/", fx.out);
    replace_all(final, sizeof final, local, "\002", out_slash);
    CHECK_MSG(strstr(text, final) != NULL, "the output does not hold README's line `%s`:\n%.2000s",
              final, text);
}

/* Run a README command; its output (malloc'd), its status checked. */
static char *step(const char *readme_cmd, int want_status)
{
    char cmd[4096];
    localize(readme_cmd, cmd, sizeof cmd);
    int st;
    char *text = capture(cmd, &st);
    CHECK_MSG(st == want_status, "`%s`: exit status %d, not %d:\n%.3000s", cmd, st, want_status,
              text);
    return text;
}

/* 1. The plugin builds with the example's Makefile (the fixture) and `laws` lists it as README
 * shows. */
static void test_build_and_list(void)
{
    NEED_FIXTURE();
    CHECK(strstr(readme, "make -C examples/lammps_port        # hertz_material.so; pkg-config "
                         "finds <lawtester/law.h>"));
    char *text = step("lawtester laws --law-lib examples/lammps_port/hertz_material.so", 0);
    shown(text, "hertz_material - LAMMPS granular hertz/material + damping + tangential "
                "linear_nohistory, ported (books "
                "no energies)");
    shown(text, "    damping      default viscoelastic unit -          range "
                "velocity|mass_velocity|viscoelastic|tsuji  ");
    shown(text, "  friction coefficient: mu\n");
    shown(text, "  verify cases: (none; the generic checks only)");
    free(text);
}

/* 2. verify at the defaults: every check that needs no help from the law passes, the balance
 * rows are n/a with the reason, exit status 0. */
static void test_verify_defaults(void)
{
    NEED_FIXTURE();
    char *text = step(
        "lawtester verify --law-lib examples/lammps_port/hertz_material.so --law hertz_material",
        0);
    shown(text, "hertz_material  generic-path               balance                           -    "
                "            -         -  "
                "       - n/a   n/a  (the law books no energies: its balance_err is the energy its "
                "contact absorbs (the "
                "unbooked column), not an error)");
    shown(text, "hertz_material  generic-path               passivity                         0    "
                "            0  0.00e+00  "
                "5.02e-04 abs   PASS");
    shown(text, "hertz_material  generic-impact             restitution <= 1                  0    "
                "            0  0.00e+00  "
                "5.09e-07 abs   PASS");
    shown(text, "verify: 25 checks in 0 law cases (plus the generic checks), 0 failed, ");
    CHECK(strstr(text, "FAIL") == NULL);
    free(text);
}

/* 3. The sweep over the 64 corners: the four objectivity failures README names, their scripts,
 * the table (with the n/a rows of a law that books no energies), and the script of point 52
 * failing with the same check. */
static void test_sweep_and_reproduce(void)
{
    NEED_FIXTURE();
    char *text = step("lawtester verify --law-lib examples/lammps_port/hertz_material.so --law "
                      "hertz_material --sweep 64 "
                      "-o out/sweep",
                      1);
    shown(text, "hertz_material  generic-objectivity@52     local force                       0  "
                "7.654580361e-08  "
                "7.65e-08  1.00e-08 abs   FAIL  (point 52: damping=velocity eta_n0=10000 e=0 "
                "x_gamma_t=10 mu=5; ");
    shown(text, "verify: sweep of hertz_material: 1584 checks, 4 failed, ");
    /* README's account: only objectivity fails, at points 52, 53, 60 and 61 */
    int fails = 0;
    for (const char *p = text; (p = strstr(p, "FAIL  (point ")); p++) fails++;
    CHECK_MSG(fails == 4, "%d failed rows, README says 4", fails);
    static const int points[] = {52, 53, 60, 61};
    for (int i = 0; i < 4; i++) {
        char row[80], script[300];
        snprintf(row, sizeof row, "generic-objectivity@%d     local force", points[i]);
        CHECK_MSG(strstr(text, row) != NULL, "no failed row `%s`", row);
        snprintf(script, sizeof script, "test -f '%s/sweep/sweep-hertz_material-%d.lua'", fx.out,
                 points[i]);
        CHECK_MSG(system(script) == 0, "no script for point %d", points[i]);
    }
    CHECK(strstr(readme, "Four corners fail `objectivity` (points 52, 53, 60 and 61)") != NULL);
    free(text);
    char path[300];
    snprintf(path, sizeof path, "%s/sweep/sweep-hertz_material.tsv", fx.out);
    static char table[1 << 20];
    slurp(path, table, sizeof table);
    CHECK_MSG(count_lines(table) == 1 + 1584,
              "the sweep table has %d lines, not a header and 1584 rows", count_lines(table));
    CHECK_MSG(strstr(table, "\tgeneric-path\tbalance\tnan\tnan\tnan\tnan\tn/a\tn/a\t") != NULL,
              "the table lacks the n/a balance rows");
    text = step("lawtester run --law-lib examples/lammps_port/hertz_material.so "
                "out/sweep/sweep-hertz_material-52.lua "
                "-o out/p52",
                1);
    shown(text, "out/sweep/sweep-hertz_material-52.lua:31: point 52 of the sweep of "
                "hertz_material: 1 of 3 checks of "
                "generic-objectivity failed");
    free(text);
}

/* The value of column col (0-based, blank- or tab-separated) on the last row of a table file. */
static double last_row_value(const char *path, int col)
{
    static char buf[1 << 20];
    slurp(path, buf, sizeof buf);
    size_t n = strlen(buf);
    while (n && buf[n - 1] == '\n') buf[--n] = 0;
    char *line = strrchr(buf, '\n');
    line = line ? line + 1 : buf;
    char *tok = strtok(line, " \t");
    for (int i = 0; tok && i < col; i++) tok = strtok(NULL, " \t");
    return tok ? strtod(tok, NULL) : NAN;
}

/* The tolerance README gives the comparison with LAMMPS (docs/compare.md: the round-off floor is
 * 1e-12 of the peak, a difference in the law 1e-9 or more); the restitution agrees as the forces
 * do. */
#define TOL_RESTITUTION 1e-11

/* 4. The port against LAMMPS: the shipped output of examples/lammps/in.hertz_impact, and a fresh
 * LAMMPS run of in.hertz_damped (damping tsuji, e = 0.5), at README's tolerance, with README's
 * rows. */
static void test_compare_with_lammps(void)
{
    NEED_FIXTURE();
    char *text = step("lawtester run --law-lib examples/lammps_port/hertz_material.so "
                      "examples/lammps_port/hertz_impact.lua "
                      "-o out -q",
                      0);
    free(text);
    text = step("lawtester compare examples/lammps/lammps-hertz-impact.txt "
                "out/hertz-material-impact.tsv --cols "
                "Fx,delta=-ux --rtol 1e-9",
                0);
    shown(text,
          "Fx              184  73.44         1.247e-10     1.16e-05        7.344e-08     PASS");
    shown(text,
          "delta=-ux       184  1.248e-05     1.556e-17     1.12e-05        1.248e-14     PASS");
    free(text);
    int have = system("command -v lmp >/dev/null 2>&1") == 0;
    CHECK_MSG(have, "lmp is not on PATH: install the Debian package lammps (make deps-test does)");
    if (!have) return;
    text =
        step("(cd examples/lammps_port && lmp -in in.hertz_damped -log none -screen none -var out "
             "../../out/lammps-tsuji.txt)",
             0);
    free(text);
    text = step("lawtester run --law-lib examples/lammps_port/hertz_material.so "
                "examples/lammps_port/hertz_damped.lua -o "
                "out -q",
                0);
    free(text);
    text = step("lawtester compare out/lammps-tsuji.txt out/hertz-material-tsuji.tsv --cols "
                "Fx,delta=-ux --rtol 1e-9",
                0);
    shown(text,
          "Fx             1948  58.75         2.069e-09     3.892e-05       5.875e-08     PASS");
    shown(text,
          "delta=-ux      1948  1.047e-05     2.758e-17     3.392e-05       1.047e-14     PASS");
    free(text);
    /* README's restitution: 0.616037075984 in both (LAMMPS's vrel after the contact, the
     * record's vx at the rebound) */
    char path[300];
    snprintf(path, sizeof path, "%s/lammps-tsuji.txt", fx.out);
    double e_lammps = last_row_value(path, 3);
    snprintf(path, sizeof path, "%s/hertz-material-tsuji.tsv", fx.out);
    double e_port = last_row_value(path, 10); /* vx, the 11th column of a record */
    CHECK_REL(e_port, e_lammps, TOL_RESTITUTION, "restitution, port against LAMMPS");
    CHECK_REL(e_lammps, 0.616037075984, 1e-12 / 0.616,
              "LAMMPS's restitution as README gives it (12 digits)");
    CHECK(strstr(readme, "0.616037075984 in both") != NULL);
}

const test_case walkthrough_tests[] = {
    TEST(build_and_list),      TEST(verify_defaults), TEST(sweep_and_reproduce),
    TEST(compare_with_lammps), {NULL, NULL},
};
