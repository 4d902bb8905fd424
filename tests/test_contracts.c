/* tests/test_contracts.c - the contracts a user porting a law reads and relies on, checked where
 * they are written: the initial local frame in a run's .meta (docs/mechanics.md, "Initial
 * tangential axes"; docs/records.md); the run summary of a free impact, whose balance is stated
 * relative to the initial kinetic energy, the driver's work being round-off there
 * (docs/energy.md); the parameter columns of `lawtester laws`; --help of every command. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The three numbers of a .meta vector key into v; 1 if the key holds three. */
static int meta_vec(const char *meta, const char *key, double v[3])
{
    char buf[200];
    if (!meta_value(meta, key, buf, sizeof buf)) return 0;
    return sscanf(buf, "%lf %lf %lf", &v[0], &v[1], &v[2]) == 3;
}

/* The .meta of a two-sphere run with normal (nx, ny, nz) into meta (n bytes). */
static void frame_run(const char *normal, char *meta, size_t n)
{
    char *dir = make_tmpdir(), script[800], args[600], path[400];
    snprintf(script, sizeof script,
             "return { name = 'frame', law = 'linear', normal = {%s}, gap = 1e-3, dt = 1e-6,\n"
             "  particles = { { radius = 0.1 }, { radius = 0.1 } },\n"
             "  stages = { { whats = 'v.....', values = {-1, 0,0,0,0,0}, till = 'stage.step >= "
             "2' } } }\n",
             normal);
    put_file(dir, "frame.lua", script);
    snprintf(args, sizeof args, "run %s/frame.lua -o %s -q", dir, dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "normal {%s}: status %d: %s", normal, r.status, r.err);
    snprintf(path, sizeof path, "%s/frame.meta", dir);
    slurp(path, meta, n);
    remove_tree(dir);
}

/* The frame of state 0 in .meta: for normal +x, y = +z and z = -y (the user's finding); for +z,
 * y = +y, z = -x; for (1, 2, 2)/3, y = (0, 1, -1)/sqrt 2, z = (-4, 1, 1)/(3 sqrt 2) (the rule of
 * docs/mechanics.md, smallest component x); frame.x is the normal; every frame right-handed. */
static void test_meta_holds_the_initial_frame(void)
{
    static const struct {
        const char *normal;
        double x[3], y[3], z[3];
    } runs[] = {
        {"1, 0, 0", {1, 0, 0}, {0, 0, 1}, {0, -1, 0}},
        {"0, 0, 1", {0, 0, 1}, {0, 1, 0}, {-1, 0, 0}},
        {"1, 2, 2",
         {1.0 / 3, 2.0 / 3, 2.0 / 3},
         {0, 0.70710678118654752, -0.70710678118654752},
         {-4 / (3 * 1.4142135623730950), 1 / (3 * 1.4142135623730950),
          1 / (3 * 1.4142135623730950)}},
    };
    static char meta[1 << 14];
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        frame_run(runs[i].normal, meta, sizeof meta);
        double ax[3][3];
        const char *keys[3] = {"frame.x", "frame.y", "frame.z"};
        const double *want[3] = {runs[i].x, runs[i].y, runs[i].z};
        for (int a = 0; a < 3; a++) {
            CHECK_MSG(meta_vec(meta, keys[a], ax[a]), "normal {%s}: no %s in\n%s", runs[i].normal,
                      keys[a], meta);
            for (int c = 0; c < 3; c++)
                CHECK_MSG(fabs(ax[a][c] - want[a][c]) <= 1e-15,
                          "normal {%s}: %s[%d] = %.17g, not %.17g", runs[i].normal, keys[a], c,
                          ax[a][c], want[a][c]);
        }
        /* right-handed: x . (y x z) = 1 */
        double det = ax[0][0] * (ax[1][1] * ax[2][2] - ax[1][2] * ax[2][1]) -
                     ax[0][1] * (ax[1][0] * ax[2][2] - ax[1][2] * ax[2][0]) +
                     ax[0][2] * (ax[1][0] * ax[2][1] - ax[1][1] * ax[2][0]);
        CHECK_MSG(fabs(det - 1) <= 1e-15, "normal {%s}: det %.17g", runs[i].normal, det);
    }
}

/* A head-on impact of two spheres of 0.1 m (10.89 kg each) at 1 m/s along x with law (its
 * definition in lawdef, if any): thrown (vel = +-0.5 m/s, KE_0 = 2.72271363 J, a stage that
 * imposes nothing) or, when not, from rest by an 'i' stage.  The summary into r. */
static void impact(result *r, const char *lawdef, const char *law, int thrown)
{
    char *dir = make_tmpdir(), script[2000], args[600];
    snprintf(
        script, sizeof script,
        "%s\nreturn { name = 'free', law = '%s', normal = {1, 0, 0}, dt = 1e-6,\n"
        "  gap = 1e-6, abWeight = 0.5, params = { kn = 1e6 },\n"
        "  particles = { { radius = 0.1, vel = {%s, 0, 0} },\n"
        "                { radius = 0.1, vel = {%s, 0, 0} } },\n"
        "  stages = { { whats = '%s', values = {%s, 0,0,0,0,0}, till = 'stage.rebound' } } }\n",
        lawdef, law, thrown ? "0.5" : "0", thrown ? "-0.5" : "0", thrown ? "......" : "i.....",
        thrown ? "0" : "-1");
    put_file(dir, "free.lua", script);
    snprintf(args, sizeof args, "run %s/free.lua", dir);
    run(r, args);
    CHECK_MSG(r->status == 0, "%s: status %d: %s", law, r->status, r->err);
    remove_tree(dir);
}

/* A law that books no energies: a spring and a dashpot of 20 N s/m. */
static const char damper[] =
    "lawtester.law{ name = 'damper', summary = 'spring and dashpot, no energies',\n"
    "  params = { { name = 'kn', default = 1e6, min = 0, unit = 'N/m', doc = 'stiffness' } },\n"
    "  step = function(p, c, s, out)\n"
    "    if c.uN > 0 then return false end\n"
    "    out.f[1] = p.kn * c.uN + 20 * c.v[1]; out.k[1] = p.kn; return true end }\n";

#define KE0 2.72271363 /* J: 2 (1/2) 10.8908545 kg (0.5 m/s)^2 */

/* The free impact of a law without energies: the contact absorbed X J, stated as X/KE_0 of the
 * initial kinetic energy (it was X/work, some 1e13 with a work of 1e-14 J); a law with energies
 * states its balance so too; an impact whose approach an 'i' stage imposes keeps "of the work"
 * (the work is the kinetic energy the stage gave). */
static void test_free_impact_summary_uses_the_initial_kinetic_energy(void)
{
    result r;
    impact(&r, damper, "damper", 1);
    const char *p = strstr(r.out, "its contact absorbed ");
    double absorbed = 0, ratio = 0;
    CHECK_MSG(p && sscanf(p, "its contact absorbed %lf J (%lf of the initial kinetic energy;",
                          &absorbed, &ratio) == 2,
              "%s", r.out);
    CHECK_MSG(absorbed > 0.05 && absorbed < 0.1, "absorbed %g J", absorbed);
    CHECK_REL(ratio, absorbed / KE0, 2e-3, "absorbed over KE_0, three digits printed");
    CHECK_MSG(!strstr(r.out, "of the work"), "%s", r.out);
    impact(&r, "", "spring_dashpot", 1);
    CHECK_MSG(strstr(r.out, "of the initial kinetic energy)\n"), "%s", r.out);
    impact(&r, "", "spring_dashpot", 0);
    CHECK_MSG(strstr(r.out, "of the work)\n") && !strstr(r.out, "initial kinetic"), "%s", r.out);
}

/* Column of word w (" default ", " unit ", " range ") in the line at p, -1 if absent. */
static int column_of(const char *p, const char *eol, const char *w)
{
    const char *q = strstr(p, w);
    return q && q < eol ? (int)(q - p) : -1;
}

/* `lawtester laws`: within each law's parameter block the default, unit and range columns start
 * at the same column on every line, two past the longest name at least (hertz_mindlin's
 * 17-character tangentialDashpot pushed its line out of the 12-character column, and
 * spring_dashpot's default `extrapolated` its unit). */
static void test_laws_aligns_parameter_columns(void)
{
    result r;
    run(&r, "laws");
    CHECK_MSG(r.status == 0, "%s", r.err);
    int blocks = 0, long_name = 0;
    for (const char *b = strstr(r.out, "  parameters:\n"); b;
         b = strstr(b + 1, "  parameters:\n")) {
        int col[3] = {-1, -1, -1}, lines = 0;
        static const char *const words[3] = {" default ", " unit ", " range "};
        for (const char *p = strchr(b, '\n') + 1; strncmp(p, "    ", 4) == 0 && p[4] != ' ';) {
            const char *eol = strchr(p, '\n');
            if (!eol) break;
            int name = (int)strcspn(p + 4, " ");
            long_name |= name > 12;
            for (int w = 0; w < 3; w++) {
                int c = column_of(p, eol, words[w]);
                if (lines == 0) col[w] = c;
                CHECK_MSG(c >= 0 && c == col[w], "%.*s: '%s' at column %d, not %d", (int)(eol - p),
                          p, words[w], c, col[w]);
            }
            CHECK_MSG(col[0] >= 4 + name, "%.*s: name past the default column", (int)(eol - p), p);
            lines++;
            p = eol + 1;
        }
        blocks += lines > 0;
    }
    CHECK_MSG(blocks >= 8 && long_name, "%d parameter blocks, a name over 12: %d", blocks,
              long_name);
}

/* Every command takes --help and -h (anywhere before `--`): its usage on stdout, nothing on
 * stderr, exit status 0 (`verify --help` was "unknown argument '--help'", status 2); help's
 * own is the whole usage text; after `--` it is a file name again. */
static void test_every_command_takes_help(void)
{
    static const char *const cmds[] = {"run", "merge", "laws", "verify", "compare", "version"};
    result r;
    char args[200], want[100];
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        for (int h = 0; h < 2; h++) {
            snprintf(args, sizeof args, "%s %s", cmds[i], h ? "-h" : "--help");
            run(&r, args);
            snprintf(want, sizeof want, "usage: lawtester %s", cmds[i]);
            CHECK_MSG(r.status == 0 && !*r.err && strncmp(r.out, want, strlen(want)) == 0,
                      "%s: status %d, stdout %.200s, stderr %s", args, r.status, r.out, r.err);
        }
    run(&r, "verify --law linear --case impact --help");
    CHECK_MSG(r.status == 0 && strstr(r.out, "--sweep N") && strstr(r.out, "--law-timeout S"),
              "status %d: %.300s", r.status, r.out);
    run(&r, "help --help");
    CHECK_MSG(r.status == 0 && strstr(r.out, "usage: lawtester run") &&
                  strstr(r.out, "lawtester compare"),
              "status %d: %.300s", r.status, r.out);
    run(&r, "run -- --help");
    CHECK_MSG(r.status != 0 && strstr(r.err, "--help"), "a file after --: status %d, %s", r.status,
              r.err);
}

const test_case contracts_tests[] = {
    TEST(meta_holds_the_initial_frame),
    TEST(free_impact_summary_uses_the_initial_kinetic_energy),
    TEST(laws_aligns_parameter_columns),
    TEST(every_command_takes_help),
    {NULL, NULL},
};
