/* tests/test_jobs.c - `lawtester verify -j N` (src/verify/verify_jobs.h; docs/verify.md,
 * "Workers"): with 3 workers every verify writes what one worker writes, byte for byte and in the
 * same order (stdout, stderr, exit status, the sweep's table and scripts), the elapsed time of
 * the summary line masked: the built-in cases of every law, a sweep with failed points and -o,
 * case files; a law that crashes, aborts, exits or hangs (tests/plugins/faults.c) is named in
 * the same line and row as with -j 1; SIGTERM while the children hang ends the command with no
 * child left; bad values of -j are one line and exit status 2. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* ---- comparing two runs -------------------------------------------------------------------- */

/* The elapsed time at the end of each `verify: ...` summary line ("..., 2.1 s") made "T s", in
 * place: the only bytes -j may change. */
static void mask_seconds(char *s)
{
    for (char *line = s; line && *line;) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (strncmp(line, "verify: ", 8) == 0 && n > 4 && line[n - 2] == ' ' &&
            line[n - 1] == 's') {
            size_t k = n - 2; /* back over the number */
            while (k > 0 && (line[k - 1] == '.' || (line[k - 1] >= '0' && line[k - 1] <= '9'))) k--;
            if (k < n - 2) { /* the number becomes one T */
                line[k] = 'T';
                memmove(line + k + 1, line + n - 2, strlen(line + n - 2) + 1);
                n = k + 3;
                end = line[n] == '\n' ? line + n : NULL;
            }
        }
        line = end ? end + 1 : NULL;
    }
}

static result serial, parallel;

/* Run `lawtester ARGS -j 1` and `... -j 3`: the same status, stderr and stdout (time masked). */
static void check_same(const char *args)
{
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "%s -j 1", args);
    run(&serial, cmd);
    snprintf(cmd, sizeof cmd, "%s -j 3", args);
    run(&parallel, cmd);
    mask_seconds(serial.out);
    mask_seconds(parallel.out);
    CHECK_MSG(serial.status == parallel.status, "%s: status %d with -j 1, %d with -j 3", args,
              serial.status, parallel.status);
    CHECK_MSG(strcmp(serial.err, parallel.err) == 0, "%s: stderr\n%s\nwith -j 3:\n%s", args,
              serial.err, parallel.err);
    size_t i = 0;
    while (serial.out[i] && serial.out[i] == parallel.out[i]) i++;
    CHECK_MSG(serial.out[i] == parallel.out[i],
              "%s: stdout differs at byte %zu:\n%.300s\n--\n%.300s", args, i,
              serial.out + (i > 100 ? i - 100 : 0), parallel.out + (i > 100 ? i - 100 : 0));
    CHECK_MSG(strstr(serial.out, "verify: ") != NULL, "%s: no summary line: %s", args, serial.err);
}

/* The files of dir (sorted names, each file's bytes) as one text the caller frees. */
static char *dir_text(const char *dir)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    size_t cap = 1, len = 0;
    char *all = calloc(1, 1);
    for (int i = 0; i < n; i++) {
        char path[600];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        char *body = names[i]->d_name[0] == '.' ? NULL : slurp_all(path);
        if (body) {
            size_t k = strlen(names[i]->d_name) + strlen(body) + 4;
            char *more = realloc(all, cap + k);
            if (more) {
                all = more, cap += k;
                len += (size_t)snprintf(all + len, cap - len, "%s\n%s\n", names[i]->d_name, body);
            }
        }
        free(body);
        free(names[i]);
    }
    if (n >= 0) free(names);
    return all;
}

/* ---- the same bytes ----------------------------------------------------------------------- */

static void test_every_law_the_same(void)
{
    /* under valgrind (make check-valgrind checks memory, make test the bytes) two small laws */
    const char *every = under_valgrind() ? "verify --law linel6" : "verify";
    check_same(every);
    CHECK(serial.status == 0 || serial.status == 1);
    /* without -j: the machine's cores, the same bytes again */
    static result def;
    run(&def, every);
    mask_seconds(def.out);
    CHECK(def.status == serial.status && strcmp(def.out, serial.out) == 0);
}

static void test_one_law_with_set_and_case_the_same(void)
{
    if (!under_valgrind()) check_same("verify --law hertz_mindlin --set en=0.5 -v");
    check_same("verify --law linear --case generic-path");
    /* the cases' plots (gnuplot's images too, when it is there) */
    char *dir = make_tmpdir(), args[600];
    snprintf(args, sizeof args, "verify --law linear --plot %s/p", dir);
    check_same(args);
    char p[700];
    snprintf(p, sizeof p, "%s/p", dir);
    char *files3 = dir_text(p);
    snprintf(args, sizeof args, "verify --law linear --plot %s/p -j 1", dir);
    run(&serial, args);
    char *files1 = dir_text(p);
    CHECK(strstr(files1, "linear-normal-load.tsv\n") && strcmp(files1, files3) == 0);
    free(files1), free(files3);
    remove_tree(dir);
}

/* A sweep with failed points, its table and reproducing scripts in -o DIR: the same output and
 * the same files (the run with -j 3 writes over those of -j 1, whose bytes were kept). */
static void test_sweep_with_failures_the_same(void)
{
    char *dir = make_tmpdir(), args[600];
    snprintf(args, sizeof args, "verify --law linear --sweep 16 -o %s", dir);
    check_same(args);
    char *files1 = dir_text(dir);
    snprintf(args, sizeof args, "verify --law linear --sweep 16 -o %s -j 3", dir);
    run(&parallel, args);
    char *files3 = dir_text(dir);
    CHECK(strstr(files1, "sweep-linear.tsv\n") != NULL);
    CHECK_MSG(strcmp(files1, files3) == 0, "the files of -j 3 differ from those of -j 1");
    free(files1), free(files3);
    remove_tree(dir);
    check_same("verify --law linear_rolling --sweep 12 --shard 2/3");
}

static void test_case_files_the_same(void)
{
    check_same("verify tests/scripts/case_wrong.lua");
    check_same("verify tests/scripts/case_xfail.lua -v");
    check_same("verify cases/linel6_rotations.lua");
    /* a case file whose case prints: its lines where -j 1 has them, between the rows */
    char *dir = make_tmpdir(), args[600];
    put_file(
        dir, "talk.lua",
        "local function case(name, v)\n"
        "  return { name = name, doc = 'the stored energy at 0.1 mm', test = { name = name,\n"
        "    law = 'linear', dt = 1e-5, stages = { { whats = 'v.....',\n"
        "      values = {-1, 0,0,0,0,0}, till = 'C and C.uN <= -1e-4' } } },\n"
        "    expect = { { name = 'elast', measure = function(r) print('measured ' .. name)\n"
        "      return r.E.elast end, value = v, tol = 1e-6, why = 'a loose bound' } } }\n"
        "end\n"
        "return { cases = { case('a', 0.009503317777), case('b', 1), case('c', 0.009503317777),\n"
        "  case('d', 0), case('e', 0.009503317777) } }\n");
    snprintf(args, sizeof args, "verify %s/talk.lua", dir);
    check_same(args);
    CHECK_MSG(strstr(serial.out, "measured b\nlinear          b ") &&
                  strstr(serial.out, "verify: 5 checks in 5 cases of ") &&
                  strstr(serial.out, ", 2 failed, T s"),
              "%s", serial.out);
    remove_tree(dir);
}

/* ---- faults ------------------------------------------------------------------------------- */

static char plugin[400];

/* tests/plugins/faults.c built once; "" if it cannot be */
static const char *faults_plugin(void)
{
    if (plugin[0]) return plugin;
    char *dir = make_tmpdir(), cmd[900];
    snprintf(plugin, sizeof plugin, "%s/faults.so", dir);
    snprintf(cmd, sizeof cmd, "cc -std=c17 -shared -fPIC -o '%s' tests/plugins/faults.c", plugin);
    if (system(cmd) != 0) plugin[0] = 0;
    return plugin;
}

/* The faults are real: real_faults_begin and _end (tests/cli.h) around those tests. */

static void test_faults_named_as_with_one_worker(void)
{
    const char *so = faults_plugin();
    CHECK_MSG(*so, "tests/plugins/faults.c did not build (cc on PATH?)");
    if (!*so) return;
    char args[900];
    real_faults_begin();
    /* a case that crashes at step 20, the next case after it */
    snprintf(args, sizeof args, "verify --law-lib %s --law faults", so);
    check_same(args);
    CHECK(serial.status == 1 && strstr(serial.out, "law 'faults' crashed in step() with SIGSEGV"));
    /* each point another fault: segv, abort, exit(0), exit(3), a hang past --law-timeout, a
     * crash in init(); then points that pass */
    snprintf(args, sizeof args, "verify --law-lib %s --law faults --sweep 8 --law-timeout 1", so);
    check_same(args);
    CHECK(strstr(serial.out, "crashed in step() with SIGABRT") &&
          strstr(serial.out, "called exit(3) in step()") &&
          strstr(serial.out, "did not return from step() within 1 s (--law-timeout)") &&
          strstr(serial.out, "crashed in init() with SIGSEGV"));
    CHECK_MSG(strstr(serial.out, "verify: sweep of faults: 56 checks, 6 failed, T s"), "%s",
              serial.out);
    real_faults_end();
}

/* SIGTERM while every child hangs in a law call that ignores signals (no --law-timeout): the
 * command ends with 128 + 15 and one line, and no child is left behind. */
static void test_sigterm_leaves_no_child(void)
{
    const char *so = faults_plugin();
    if (!*so) return; /* said by the test above */
    char cmd[2400], path[600], err[2000], left[200];
    real_faults_begin();
    char *dir = make_tmpdir();
    snprintf(cmd, sizeof cmd,
             "%s verify --law-lib %s --law faults --set mode=hang --law-timeout 0 -j 2 "
             ">/dev/null 2>%s/err & pid=$!; sleep 1; kill -TERM $pid; wait $pid; st=$?; "
             "sleep 0.5; pgrep -f 'law-lib %s' | grep -vx $$ > %s/left; exit $st",
             lawtester(), so, dir, so, dir);
    int st = system(cmd);
    CHECK_MSG(WIFEXITED(st) && WEXITSTATUS(st) == 128 + 15, "status %d",
              WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    snprintf(path, sizeof path, "%s/err", dir);
    slurp(path, err, sizeof err);
    CHECK_MSG(count_lines(err) == 1 && strstr(err, "interrupted by signal 15 (SIGTERM)"), "%s",
              err);
    snprintf(path, sizeof path, "%s/left", dir);
    slurp(path, left, sizeof left);
    CHECK_MSG(!left[0], "processes left: %s", left); /* (but the shell, $$) */
    remove_tree(dir);
    real_faults_end();
}

/* ---- the option --------------------------------------------------------------------------- */

static void test_bad_worker_counts_refused(void)
{
    static const char *const bad[] = {"-j 0",     "-j -1",  "-j abc", "-j 100000",
                                      "--jobs 0", "-j 1.5", "-j ''",  NULL};
    static result r;
    for (int i = 0; bad[i]; i++) {
        char args[200];
        snprintf(args, sizeof args, "verify --law linear %s", bad[i]);
        run(&r, args);
        CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 && !r.out[0] &&
                      strstr(r.err, "needs a number of workers, 1 to 256"),
                  "%s: status %d: %s", bad[i], r.status, r.err);
    }
    run(&r, "verify --law linear -j 1 --jobs 2");
    CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 && strstr(r.err, "-j and --jobs"), "%s",
              r.err);
    run(&r, "verify --law linear --case generic-touch --jobs 2");
    CHECK_MSG(r.status == 0, "%s", r.err);
}

const test_case jobs_tests[] = {
    TEST(every_law_the_same),
    TEST(one_law_with_set_and_case_the_same),
    TEST(sweep_with_failures_the_same),
    TEST(case_files_the_same),
    TEST(faults_named_as_with_one_worker),
    TEST(sigterm_leaves_no_child),
    TEST(bad_worker_counts_refused),
    {0, 0},
};
