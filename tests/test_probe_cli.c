/* tests/test_probe_cli.c - yield probes as a user meets them: the shipped probe file writes its
 * tables, surfaces and plots; bad probe input is one `FILE:LINE:` line, exit 1, no file; --shard
 * checks its argument; two shards run through GNU parallel and merged are byte for byte the
 * single run; `merge` refuses a missing shard, a duplicate and a table that is not a probe's;
 * the progress bar appears on a terminal and nowhere else; a law that hardens is not said to
 * break. */
#define _XOPEN_SOURCE 700 /* posix_openpt, grantpt, unlockpt, ptsname */
#include "check.h"
#include "cli.h"
#include "output/probe_table.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const probes[] = {"cohesive-probe", "cohesive-cap-probe", "linear-probe"};

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* A probe whose directions never reach the surface (hertz_mindlin's torques without `rolling`:
 * its yield function does not bound them): the run succeeds, the summary says that no direction
 * yielded and why it may be, and --plot draws the directions' ends (not a gnuplot error). */
static void test_probe_that_never_yields(void)
{
    char *dir = make_tmpdir(), args[512], path[300];
    put_file(dir, "open.lua",
             "lawtester.probe_yield{ name = 'open', test = { name = 'open', law = 'hertz_mindlin', "
             "gap = -1e-5,\n"
             "  particles = { { radius = 0.01 }, { radius = 0.01 } }, dt = 1e-7 },\n"
             "  dofs = {5, 6}, control = 'displacement', limit = {0.02, 0.02}, directions = 8, "
             "steps = 200 }\n");
    snprintf(args, sizeof args, "run %s/open.lua -o %s --plot", dir, dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    CHECK_MSG(
        strstr(r.out, "8 directions, 0 yielded") &&
            strstr(
                r.out,
                "yield points: none: no direction reached the surface within the probe's limits"),
        "%s", r.out);
    snprintf(path, sizeof path, "%s/open-section.png", dir);
    CHECK_MSG(file_size(path) > 1000, "no plot %s: %s", path, r.err);
    remove_tree(dir);
}

/* The shipped probe file: 72 rows per probe under the documented header, the surfaces, the
 * plots; nothing on stderr (not a terminal: no progress bar). */
static void test_probe_stage_file(void)
{
    char *dir = make_tmpdir(), args[512], path[300];
    snprintf(args, sizeof args, "run stages/probe_yield.lua -o %s --plot", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    CHECK_MSG(r.err[0] == 0, "stderr is not a terminal, yet: %s", r.err);
    static char tsv[1 << 16];
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s.tsv", dir, probes[i]);
        slurp(path, tsv, sizeof tsv);
        CHECK_MSG(
            strncmp(
                tsv,
                "k\tdirections\tangle\tdirN\tdirT\tyielded\tbroken\tsteps\tuN\tuT\tFn\tFty\tFtz\t",
                60) == 0,
            "%s: header %.80s", probes[i], tsv);
        CHECK_MSG(count_lines(tsv) == 73, "%s: %d lines", probes[i], count_lines(tsv));
        snprintf(path, sizeof path, "%s/%s-surface.tsv", dir, probes[i]);
        CHECK_MSG(file_size(path) > 1000, "no surface %s", path);
        snprintf(path, sizeof path, "%s/%s-yield_points.png", dir, probes[i]);
        CHECK_MSG(file_size(path) > 1000, "no plot %s", path);
    }
    CHECK(strstr(r.out, "probe cohesive-probe: law cohesive, 72 directions") != NULL);
    remove_tree(dir);
}

static void test_bad_shard_option(void)
{
    const char *bad[] = {"0/2", "3/2", "1/", "x/2", "1/2x", "-1/2"};
    for (int i = 0; i < 6; i++) {
        char args[200];
        snprintf(args, sizeof args, "run stages/probe_yield.lua --shard %s", bad[i]);
        result r;
        run(&r, args);
        CHECK_MSG(r.status == 2 && strstr(r.err, "--shard needs K/N with 1 <= K <= N") &&
                      count_lines(r.err) == 1,
                  "--shard %s: status %d, %s", bad[i], r.status, r.err);
    }
}

static int same_file(const char *a, const char *b)
{
    static char x[1 << 17], y[1 << 17];
    slurp(a, x, sizeof x);
    slurp(b, y, sizeof y);
    return x[0] && strcmp(x, y) == 0;
}

/* Two shards through GNU parallel, merged, against the single run: the same bytes, and the
 * same surface files. */
static void test_shards_through_gnu_parallel(void)
{
    char one[64], two[64], cmd[2048], a[300], b[300];
    snprintf(one, sizeof one, "%s", make_tmpdir());
    snprintf(two, sizeof two, "%s", make_tmpdir());
    snprintf(cmd, sizeof cmd, "%s run stages/probe_yield.lua -q -o %s", lawtester(), one);
    CHECK(system(cmd) == 0);
    snprintf(cmd, sizeof cmd,
             "parallel --will-cite --halt now,fail=1 -j 2 '%s run stages/probe_yield.lua -q -o %s "
             "--shard {}/2' ::: 1 2",
             lawtester(), two);
    int st = system(cmd);
    CHECK_MSG(WIFEXITED(st) && WEXITSTATUS(st) == 0,
              "GNU parallel failed (status %d); is it installed? (Debian "
              "package parallel, `make test` installs it)",
              st);
    for (int i = 0; i < 3; i++) {
        snprintf(cmd, sizeof cmd, "merge %s/%s.tsv %s/%s.shard-2-of-2.tsv %s/%s.shard-1-of-2.tsv",
                 two, probes[i], two, probes[i], two, probes[i]);
        result r;
        run(&r, cmd);
        CHECK_MSG(r.status == 0, "merge %s: %s", probes[i], r.err);
        snprintf(a, sizeof a, "%s/%s.tsv", one, probes[i]);
        snprintf(b, sizeof b, "%s/%s.tsv", two, probes[i]);
        CHECK_MSG(same_file(a, b), "%s: merged shards differ from the single run", probes[i]);
        snprintf(b, sizeof b, "%s/%s.shard-1-of-2.tsv", two, probes[i]);
        static char shard[1 << 16];
        slurp(b, shard, sizeof shard);
        CHECK_MSG(count_lines(shard) == 37, "%s: shard 1 has %d lines", probes[i],
                  count_lines(shard));
        snprintf(a, sizeof a, "%s/%s-surface.tsv", one, probes[i]);
        snprintf(b, sizeof b, "%s/%s-surface.tsv", two, probes[i]);
        CHECK_MSG(same_file(a, b), "%s: surface files differ", probes[i]);
    }
    remove_tree(one);
    remove_tree(two);
}

/* merge: every error is one line naming file, line and column; nothing is written. */
static void test_merge_refuses_bad_shards(void)
{
    char *dir = make_tmpdir(), cmd[1024], out[300];
    snprintf(cmd, sizeof cmd, "%s run stages/probe_yield.lua -q -o %s --shard 1/2", lawtester(),
             dir);
    CHECK(system(cmd) == 0);
    snprintf(cmd, sizeof cmd, "%s run stages/compress_shear_unload.lua -q -o %s", lawtester(), dir);
    CHECK(system(cmd) == 0);
    snprintf(out, sizeof out, "%s/merged.tsv", dir);
    struct {
        const char *files, *fragment;
    } cases[] = {
        {"cohesive-probe.shard-1-of-2.tsv",
         "merged.tsv:0: field k: direction 1 of 72 is in none of the 1 files"},
        {"cohesive-probe.shard-1-of-2.tsv cohesive-probe.shard-1-of-2.tsv",
         "cohesive-probe.shard-1-of-2.tsv:2: field k: direction 0 again (also "},
        {"compress-shear-unload.tsv",
         "compress-shear-unload.tsv:1: field header: not a probe table"},
        {"missing.tsv", "missing.tsv:0: cannot read"},
    };
    for (int i = 0; i < 4; i++) {
        char args[1200], list[800] = "", *p = list;
        char files[300];
        snprintf(files, sizeof files, "%s", cases[i].files);
        for (char *f = strtok(files, " "); f; f = strtok(NULL, " "))
            p += sprintf(p, " %s/%s", dir, f);
        snprintf(args, sizeof args, "merge %s%s", out, list);
        result r;
        run(&r, args);
        CHECK_MSG(r.status == 1 && strstr(r.err, cases[i].fragment) && count_lines(r.err) == 1,
                  "case %d: status %d, %s", i, r.status, r.err);
        CHECK_MSG(file_size(out) < 0, "case %d left %s", i, out);
    }
    result r;
    run(&r, "merge only.tsv");
    CHECK(r.status == 2 && strstr(r.err, "merge needs OUT.tsv and at least one shard table"));
    remove_tree(dir);
}

/* On a terminal (a pseudo-terminal as stderr) the probe draws its bar: direction k of N, rate,
 * time left, and the total at the end. */
static void test_progress_bar_on_a_terminal(void)
{
    static char buf[1 << 16];
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s run stages/probe_yield.lua", lawtester());
    int st = run_on_terminal(cmd, buf, sizeof buf);
    CHECK_MSG(st == 0, "status %d", st);
    CHECK_MSG(strstr(buf, "probe cohesive-probe: direction 1/72 [") && strstr(buf, " s left"),
              "no running bar: %.300s", buf);
    CHECK_MSG(strstr(buf, "probe cohesive-probe: direction 72/72 [########################]") &&
                  strstr(buf, "done in"),
              "no final bar: %.300s", buf);
    CHECK(strstr(buf, "probe linear-probe: direction 72/72") != NULL);
}

/* A row of a probe table with direction k of d (the other 19 columns 0). */
static void put_row(char *buf, size_t n, long k, long d)
{
    size_t u = strlen(buf);
    u += (size_t)snprintf(buf + u, n - u, "%ld\t%ld", k, d);
    for (int c = 2; c < 21; c++) u += (size_t)snprintf(buf + u, n - u, "\t0");
    snprintf(buf + u, n - u, "\n");
}

/* The merge on tables in memory, when they hold fewer rows than directions: the messages of the
 * table of directions, without allocating it (a row claiming 1e8 directions once asked for
 * 800 MB). */
static void test_merge_texts_short_input(void)
{
    char a[2000], b[2000], err[600], *out = NULL;
    snprintf(a, sizeof a, "%s", lt_probe_header);
    put_row(a, sizeof a, 3, 100000000);
    snprintf(b, sizeof b, "%s", lt_probe_header);
    put_row(b, sizeof b, 0, 8);
    put_row(b, sizeof b, 5, 8);
    put_row(b, sizeof b, 1, 8);
    put_row(b, sizeof b, 5, 8);
    put_row(b, sizeof b, 1, 8);
    const char *names[1] = {"s1.tsv"};
    char *texts[1] = {a};
    size_t lens[1] = {strlen(a)}, len = 0;
    CHECK(lt_probe_merge_texts(names, texts, lens, 1, "m.tsv", &out, &len, err, sizeof err) == -1 &&
          !out);
    CHECK_STR(
        err,
        "m.tsv:0: field k: direction 0 of 100000000 is in none of the 1 files (a shard missing?)");
    texts[0] = b;
    lens[0] = strlen(b);
    CHECK(lt_probe_merge_texts(names, texts, lens, 1, "m.tsv", &out, &len, err, sizeof err) == -1 &&
          !out);
    CHECK_STR(err, "s1.tsv:5: field k: direction 5 again (also s1.tsv:3)");
}

/* A law whose limit hardens with slip is not said to break: pure shear either way yields and is
 * `hardened`, not `broken` (the surface grew; it was called broken when any change of the
 * surface counted), pure tension loses the contact (broken), and the summary counts both. */
static void test_hardening_is_not_breaking(void)
{
    result r;
    run(&r, "run tests/scripts/probe_hardening.lua");
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    CHECK_MSG(strstr(r.out, "4 directions, 3 yielded (1 broken, 2 hardened)"), "%s", r.out);
    CHECK_MSG(strstr(r.out, "k=0 yielded=true broken=true hardened=false\n") &&
                  strstr(r.out, "k=1 yielded=true broken=false hardened=true\n") &&
                  strstr(r.out, "k=2 yielded=false broken=false hardened=false\n") &&
                  strstr(r.out, "k=3 yielded=true broken=false hardened=true\n"),
              "%s", r.out);
}

const test_case probe_cli_tests[] = {
    TEST(merge_texts_short_input),
    TEST(probe_stage_file),
    TEST(probe_that_never_yields),
    TEST(bad_shard_option),
    TEST(shards_through_gnu_parallel),
    TEST(merge_refuses_bad_shards),
    TEST(progress_bar_on_a_terminal),
    TEST(hardening_is_not_breaking),
    {0, 0},
};
