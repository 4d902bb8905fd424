/* tests/test_contain.c - containment of the law under test (docs/reliability.md,
 * "Containment"): a law from a shared object (tests/plugins/faults.c) that crashes, aborts,
 * calls exit() with any status or never returns, in init() or step(), at load time or under
 * verify.  Each: one line naming the law, the function, the stage and step and what happened;
 * the rows so far as NAME.tsv.partial with NAME.meta.partial; no temporary; exit status 1 (128 +
 * the signal after SIGTERM); under verify a FAIL row of the case, the other cases run, the
 * summary is printed. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include "output/afile.h"
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The wall-time bound of a run stopped by a signal or a timeout: the supervisor gives a worker
 * 0.6 s after a stop signal and polls every 0.1 s; generous against a loaded machine or
 * valgrind (which slows the worker's own stop, not the supervisor's kill). */
#define STOP_WALL_SECONDS 5.0

static struct {
    int built, ok;
    char dir[256];
    char faults[320], ctor[320];
} fx;

/* The faults are real: real_faults_begin and _end (tests/cli.h) around each test. */

static void build_fixture(void)
{
    if (fx.built) return;
    fx.built = 1;
    snprintf(fx.dir, sizeof fx.dir, "%s", make_tmpdir());
    snprintf(fx.faults, sizeof fx.faults, "%s/faults.so", fx.dir);
    snprintf(fx.ctor, sizeof fx.ctor, "%s/ctor_exit.so", fx.dir);
    char cmd[1200];
    snprintf(cmd, sizeof cmd,
             "cc -std=c17 -Wall -Wextra -pedantic -Werror -shared -fPIC -o '%s' "
             "tests/plugins/faults.c && "
             "cc -shared -fPIC -o '%s' tests/plugins/ctor_exit.c",
             fx.faults, fx.ctor);
    fx.ok = system(cmd) == 0;
}

#define NEED_FIXTURE()                                                     \
    do {                                                                   \
        build_fixture();                                                   \
        if (!fx.ok) {                                                      \
            CHECK_MSG(0, "the fault plugins did not build (cc on PATH?)"); \
            return;                                                        \
        }                                                                  \
    } while (0)

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* DIR/NAME.lua: a test of the faults law (tests/cli.h, write_fault_script) */
static const char *write_script(const char *dir, const char *name, const char *mode, int at)
{
    return write_fault_script(dir, name, "faults", mode, at);
}

/* A run whose law faults in step() number at of stage 1 (at < 1000) or 2: check_failed_run's
 * checks (one line from FILE:LINE, the partial pair, nothing else in the directory). */
static void check_fault(const char *mode, int at, int line, const char *fragment, int min_rows,
                        const char *extra)
{
    char *dir = make_tmpdir(), opts[800], script[400];
    snprintf(script, sizeof script, "%s", write_script(dir, mode, mode, at));
    snprintf(opts, sizeof opts, "--law-lib %s %s", fx.faults, extra ? extra : "");
    check_failed_run(script, opts, line, fragment, mode, min_rows);
    remove_tree(dir);
}

static void body_crash_in_step_keeps_the_rows(void)
{
    NEED_FIXTURE();
    check_fault("segv", 50, 4,
                "field stages[1]: stage 1, step 50: law 'faults' crashed in step() with SIGSEGV "
                "(Segmentation fault)",
                49, NULL);
    /* in the second stage: its own line */
    check_fault("segv", 1500, 5,
                "field stages[2]: stage 2, step 1500: law 'faults' crashed in step() with SIGSEGV",
                1499, NULL);
}

static void body_abort_in_step(void)
{
    NEED_FIXTURE();
    check_fault("abort", 300, 4,
                "stage 1, step 300: law 'faults' crashed in step() with SIGABRT (Aborted)", 299,
                NULL);
}

/* exit() with any status is not the command's success: exit status 1, the rows kept */
static void body_exit_in_step_is_a_fault(void)
{
    NEED_FIXTURE();
    check_fault("exit0", 40, 4,
                "stage 1, step 40: law 'faults' called exit(0) in step(): the process ended", 39,
                NULL);
    check_fault("exit3", 40, 4, "stage 1, step 40: law 'faults' called exit(3) in step()", 39,
                NULL);
}

static void body_crash_in_init_is_named(void)
{
    NEED_FIXTURE();
    char *dir = make_tmpdir(), args[900];
    snprintf(args, sizeof args, "run %s -o %s --law-lib %s",
             write_script(dir, "init", "init_segv", 1), dir, fx.faults);
    result r;
    run(&r, args);
    CHECK_MSG(
        r.status == 1 && count_lines(r.err) == 1 &&
            strstr(
                r.err,
                "init.lua:4: field stages[1]: stage 1, step 1: law 'faults' crashed in init() with "
                "SIGSEGV"),
        "status %d: %s", r.status, r.err);
    /* the row of the state before the first step is kept */
    CHECK(!dir_has_file_with(dir, ".tmp.") && dir_has_file_with(dir, "init.tsv.partial") &&
          dir_has_file_with(dir, "init.meta.partial"));
    remove_tree(dir);
}

/* A call that never returns (and blocks every signal): ended by --law-timeout */
static void body_hang_ends_at_the_law_timeout(void)
{
    NEED_FIXTURE();
    double t0 = seconds_now();
    check_fault(
        "hang", 100, 4,
        "stage 1, step 100: law 'faults' did not return from step() within 1 s (--law-timeout)", 99,
        "--law-timeout 1");
    double took = seconds_now() - t0;
    CHECK_MSG(took < 1 + STOP_WALL_SECONDS, "took %.2f s", took);
}

/* Run the shell command `run` (its stderr into DIR/err) in the background, wait with `ready`
 * (shell: "sleep 1", or a loop until the run reached what the test stops it in), send SIGTERM and
 * time the end: exit status 128 + 15 within STOP_WALL_SECONDS.  Its stderr into err. */
static void stop_with_sigterm(const char *dir, const char *run, const char *ready, char *err,
                              size_t n)
{
    char cmd[2400], path[500];
    snprintf(cmd, sizeof cmd,
             "%s 2>%s/err & pid=$!; %s; t0=$(date +%%s%%N); kill -TERM $pid; wait $pid; st=$?; "
             "t1=$(date +%%s%%N); "
             "echo $(( (t1 - t0) / 1000000 )) > %s/ms; exit $st",
             run, dir, ready, dir);
    int st = system(cmd);
    CHECK_MSG(WIFEXITED(st) && WEXITSTATUS(st) == 128 + 15, "status %d",
              WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    snprintf(path, sizeof path, "%s/ms", dir);
    slurp(path, err, n);
    CHECK_MSG(atof(err) < 1000 * STOP_WALL_SECONDS, "the run ended %s ms after SIGTERM", err);
    snprintf(path, sizeof path, "%s/err", dir);
    slurp(path, err, n);
}

/* SIGTERM while the law hangs (no timeout): the whole command ends within a second or so, the
 * rows kept, exit status 128 + 15. */
static void body_sigterm_ends_a_hung_law(void)
{
    NEED_FIXTURE();
    char *dir = make_tmpdir(), cmd[1600], path[500], err[3000];
    const char *script = write_script(dir, "hung", "hang", 100);
    snprintf(cmd, sizeof cmd, "%s run %s -o %s -q --law-timeout 0 --law-lib %s", lawtester(),
             script, dir, fx.faults);
    stop_with_sigterm(dir, cmd, "sleep 1", err, sizeof err);
    CHECK_MSG(count_lines(err) == 1 &&
                  strstr(err, "hung.lua:4: field stages[1]: stage 1, step 100: interrupted by "
                              "signal 15 (SIGTERM) while law 'faults' in step()") &&
                  strstr(err, "[rows up to the failure kept in"),
              "%s", err);
    snprintf(path, sizeof path, "%s/hung.tsv.partial", dir);
    struct stat sb;
    CHECK(stat(path, &sb) == 0 && sb.st_size > 100);
    snprintf(path, sizeof path, "%s/hung.meta.partial", dir);
    CHECK(stat(path, &sb) == 0);
    CHECK(!dir_has_file_with(dir, ".tmp."));
    snprintf(path, sizeof path, "%s/hung.tsv", dir);
    CHECK(stat(path, &sb) != 0);
    remove_tree(dir);
}

/* verify: the case that crashes is a FAIL row, the next case still runs, the summary is there */
static void body_verify_goes_on_after_a_crash(void)
{
    NEED_FIXTURE();
    char args[600];
    snprintf(args, sizeof args, "verify --law-lib %s --law faults", fx.faults);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 1, "status %d: %s", r.status, r.err);
    CHECK_MSG(
        strstr(r.out, "crashes                    ran to its end") &&
            strstr(r.out, "FAIL  (stage 1, step 20: law 'faults' crashed in step() with SIGSEGV"),
        "%s", r.out);
    CHECK_MSG(strstr(r.out, "faults          passes                     Fn(uN)"),
              "the case after it did not run: %s", r.out);
    CHECK_MSG(strstr(r.out, "verify: 30 checks in 2 law cases (plus the generic checks), 1 failed"),
              "%s", r.out);
    /* one header line only, though a second worker ran the rest */
    const char *h = strstr(r.out, "quantity");
    CHECK(h && !strstr(h + 1, "quantity"));
}

/* A constructor that calls exit(0) when the object is loaded: no command passes for it */
static void body_constructor_exit_is_no_success(void)
{
    NEED_FIXTURE();
    const char *cmds[3] = {"laws", "verify", "run stages/compress_shear_unload.lua"};
    for (int i = 0; i < 3; i++) {
        char args[600];
        snprintf(args, sizeof args, "%s --law-lib %s", cmds[i], fx.ctor);
        result r;
        run(&r, args);
        CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                      strstr(r.err, "lawtester: the law library ") &&
                      strstr(r.err, "ctor_exit.so called exit(0) while "
                                    "loading"),
                  "%s: status %d: %s", cmds[i], r.status, r.err);
        CHECK_MSG(!strstr(r.out, "verify:"), "%s", r.out);
    }
}

/* os.exit(0) in a script under --unsafe, inside a run: not a success, no temporary left */
static void body_os_exit_under_unsafe(void)
{
    char *dir = make_tmpdir(), path[400], args[900];
    snprintf(path, sizeof path, "%s/leave.lua", dir);
    put_file(
        dir, "leave.lua",
        "return { name = 'leave', law = 'linear', record = { every = 1 },\n"
        "  stages = { { whats = 'v.....', values = {-1, 0,0,0,0,0},\n"
        "    till = function(C, S) if S.step == 200 then os.exit(0) end return false end } } }\n");
    snprintf(args, sizeof args, "run %s -o %s --unsafe", path, dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "leave.lua:2: field stages[1]: stage 1, step ") &&
                  strstr(r.err, "the process was ended with exit status 0 before its end"),
              "status %d: %s", r.status, r.err);
    CHECK(!dir_has_file_with(dir, ".tmp."));
    CHECK(dir_has_file_with(dir, "leave.tsv.partial") &&
          dir_has_file_with(dir, "leave.meta.partial"));
    remove_tree(dir);
}

/* SIGTERM while gnuplot renders (a gnuplot that takes its time: a stand-in on PATH that sleeps):
 * ended within the bound, nothing published as complete, the record kept as .partial */
static void body_sigterm_while_plotting(void)
{
    char *dir = make_tmpdir(), cmd[2000], path[500], text[3000];
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/bin && real=$(command -v gnuplot) && "
             "printf '#!/bin/sh\\ncase \"$*\" in *outfile=*) touch %s/started; exec sleep 60;; "
             "esac\\nexec %%s \"$@\"\\n' "
             "\"$real\" > %s/bin/gnuplot && chmod +x %s/bin/gnuplot",
             dir, dir, dir, dir);
    CHECK(system(cmd) == 0);
    char ready[300];
    snprintf(cmd, sizeof cmd,
             "PATH=%s/bin:$PATH %s run stages/compress_shear_unload.lua -o %s/out --plot -q", dir,
             lawtester(), dir);
    snprintf(ready, sizeof ready,
             "i=0; while [ ! -e %s/started ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done",
             dir);
    stop_with_sigterm(dir, cmd, ready, text, sizeof text);
    CHECK_MSG(count_lines(text) == 1 && strstr(text, "interrupted by signal 15 (SIGTERM)"), "%s",
              text);
    snprintf(path, sizeof path, "%s/out", dir);
    CHECK_MSG(!dir_has_file_with(path, ".tmp.") && !dir_has_file_with(path, ".png"),
              "temporaries or plots left in %s", path);
    snprintf(path, sizeof path, "%s/out/compress-shear-unload.tsv", dir);
    struct stat sb;
    CHECK_MSG(stat(path, &sb) != 0, "published %s", path);
    snprintf(path, sizeof path, "%s/out/compress-shear-unload.meta.partial", dir);
    slurp(path, text, sizeof text);
    CHECK_MSG(strstr(text, "status\tfailed: ") && !strstr(text, "status\tcomplete"), "%s", text);
    remove_tree(dir);
}

/* SIGTERM while Lua loops without a budget (--max-instructions 0): ended within the bound */
static void body_sigterm_ends_lua_without_a_budget(void)
{
    char *dir = make_tmpdir(), cmd[1600], path[500], text[3000];
    snprintf(path, sizeof path, "%s/spin.lua", dir);
    put_file(dir, "spin.lua",
             "return { name = 'spin', law = 'linear', record = { every = 1 },\n"
             "  stages = { { whats = 'v.....', values = {-1, 0,0,0,0,0},\n"
             "    till = function(C, S) if S.step == 100 then while true do end end return false "
             "end } } }\n");
    snprintf(cmd, sizeof cmd, "%s run %s -o %s -q --max-instructions 0", lawtester(), path, dir);
    stop_with_sigterm(dir, cmd, "sleep 1", text, sizeof text);
    CHECK_MSG(count_lines(text) == 1 &&
                  strstr(text, "spin.lua:2: field stages[1]: stage 1, step 100: interrupted by "
                               "signal 15 (SIGTERM)"),
              "%s", text);
    CHECK(!dir_has_file_with(dir, ".tmp.") && dir_has_file_with(dir, "spin.tsv.partial"));
    remove_tree(dir);
}

/* DIR/long.lua: a test "long" of the linear law that never ends (a row every `every` steps); its
 * path into path */
static void long_script(const char *dir, int every, char *path, size_t n)
{
    char text[300];
    snprintf(text, sizeof text,
             "return { name = 'long', law = 'linear', record = { every = %d },\n"
             "  stages = { { whats = 'v.....', values = {-1e-6, 0,0,0,0,0}, till = 'false' } } }\n",
             every);
    put_file(dir, "long.lua", text);
    snprintf(path, n, "%s/long.lua", dir);
}

/* ---- one set, published once ------------------------------------------------------------ */

/* A second test of the same name in one script (with -o): refused at its line before anything
 * of the first is replaced */
static void body_two_tests_of_one_name_refused(void)
{
    char *dir = make_tmpdir(), path[400], args[900], text[1 << 14];
    snprintf(path, sizeof path, "%s/twice.lua", dir);
    put_file(
        dir, "twice.lua",
        "local function t(v) return { name = 'twice', law = 'linear', record = { every = 10 },\n"
        "  stages = { { whats = 'v.....', values = {v, 0,0,0,0,0}, till = 'C and C.uN <= -1e-3' } "
        "} } end\n"
        "lawtester.run(t(-1))\n"
        "lawtester.run(t(-2))\n");
    snprintf(args, sizeof args, "run %s -o %s -q", path, dir);
    result r;
    run(&r, args);
    CHECK_MSG(
        r.status == 1 && count_lines(r.err) == 1 &&
            strstr(
                r.err,
                "twice.lua:4: field name: 'twice' is the name of the test at line 3 of this script "
                "too"),
        "status %d: %s", r.status, r.err);
    /* the first test's record, as it wrote it */
    snprintf(path, sizeof path, "%s/twice.tsv", dir);
    slurp(path, text, sizeof text);
    CHECK_MSG(count_lines(text) > 2 && !dir_has_file_with(dir, ".partial") &&
                  !dir_has_file_with(dir, ".tmp.") && !dir_has_file_with(dir, ".lock"),
              "%s", text);
    remove_tree(dir);
}

/* Two processes writing one test in one directory: the second is refused in one line and writes
 * nothing; the first is not disturbed */
static void body_second_writer_of_a_test_refused(void)
{
    char *dir = make_tmpdir(), cmd[2000], path[400], text[4000];
    long_script(dir, 1000, path, sizeof path);
    snprintf(cmd, sizeof cmd,
             "%s run %s -o %s -q 2>/dev/null & pid=$!; sleep 1; %s run %s -o %s -q 2>%s/err; echo "
             "$? > %s/st; "
             "kill -TERM $pid; wait $pid",
             lawtester(), path, dir, lawtester(), path, dir, dir, dir);
    CHECK(system(cmd) != -1);
    snprintf(path, sizeof path, "%s/st", dir);
    slurp(path, text, sizeof text);
    CHECK_MSG(atoi(text) == 1, "status %s", text);
    snprintf(path, sizeof path, "%s/err", dir);
    slurp(path, text, sizeof text);
    CHECK_MSG(count_lines(text) == 1 &&
                  strstr(text, "long.lua:1: field name: test 'long' is being written in '") &&
                  strstr(text, "by another lawtester (pid "),
              "%s", text);
    /* the first one's rows, from its own run alone (its SIGTERM: the partial pair) */
    CHECK(dir_has_file_with(dir, "long.tsv.partial") && !dir_has_file_with(dir, ".tmp.") &&
          !dir_has_file_with(dir, ".lock"));
    remove_tree(dir);
}

/* Temporaries that no process holds (a run killed with SIGKILL) are reclaimed by the next run in
 * the directory; one a live process holds is left alone */
static void body_temporaries_of_gone_runs_reclaimed(void)
{
    char *dir = make_tmpdir(), cmd[1600], text[4000];
    snprintf(cmd, sizeof cmd,
             "printf 'rows' > %s/.gone.tsv.tmp.AbC123 && touch -d '1 hour ago' "
             "%s/.gone.tsv.tmp.AbC123 && "
             "printf 'rows' > %s/.live.tsv.tmp.XyZ789 && touch -d '1 hour ago' "
             "%s/.live.tsv.tmp.XyZ789 && "
             "(flock %s/.live.tsv.tmp.XyZ789 sleep 5 &) && sleep 0.5 && "
             "%s run stages/compress_shear_unload.lua -o %s > %s/out",
             dir, dir, dir, dir, dir, lawtester(), dir, dir);
    CHECK(system(cmd) == 0);
    snprintf(cmd, sizeof cmd, "%s/out", dir);
    slurp(cmd, text, sizeof text);
    CHECK_MSG(
        strstr(text, "reclaimed 1 temporary file (4 bytes) that runs which are gone left in "),
        "%s", text);
    CHECK(!dir_has_file_with(dir, ".gone.tsv.tmp.") && dir_has_file_with(dir, ".live.tsv.tmp."));
    remove_tree(dir);
}

/* A killed run (SIGKILL: no supervisor left to settle its files) leaves temporaries that the next
 * run reclaims: nothing held by a process is there any more */
static void body_killed_run_reclaimed(void)
{
    char *dir = make_tmpdir(), cmd[1600], path[400], text[4000];
    long_script(dir, 1, path, sizeof path);
    snprintf(cmd, sizeof cmd,
             "%s run %s -o %s -q & pid=$!; sleep 1; w=$(pgrep -P $pid); kill -KILL $pid $w; { wait "
             "$pid; } 2>/dev/null; sleep 2.5; "
             "%s run stages/compress_shear_unload.lua -o %s > %s/out",
             lawtester(), path, dir, lawtester(), dir, dir);
    CHECK(system(cmd) != -1);
    snprintf(path, sizeof path, "%s/out", dir);
    slurp(path, text, sizeof text);
    CHECK_MSG(strstr(text, "reclaimed "), "%s", text);
    CHECK(!dir_has_file_with(dir, ".tmp."));
    remove_tree(dir);
}

/* A set whose last rename fails: every final name keeps what it held before (the first file of
 * the set, already renamed, is put back), no temporary is left */
static void body_publish_all_or_none(void)
{
    char *dir = make_tmpdir(), path[400], text[200];
    put_file(dir, "a.tsv", "old a\n");
    char *tmp = lt_afile_path(dir, ".", "a.tsv", ".tmp.T1");
    char *tmp2 = lt_afile_path(dir, ".", "b.tsv", ".tmp.T2");
    FILE *f = fopen(tmp, "w"), *g = fopen(tmp2, "w");
    if (f) fputs("new a\n", f), fclose(f);
    if (g) fputs("new b\n", g), fclose(g);
    lt_pending p = {0, 0, NULL, NULL};
    lt_pending_add(&p, tmp, lt_afile_path(dir, "", "a.tsv", ""));
    /* b's final name lies in a directory that is not there: its rename fails after a's */
    lt_pending_add(&p, tmp2, lt_afile_path(dir, "", "missing/b.tsv", ""));
    char err[600];
    CHECK(lt_pending_publish(&p, err, sizeof err) < 0 && strstr(err, "missing/b.tsv"));
    snprintf(path, sizeof path, "%s/a.tsv", dir);
    slurp(path, text, sizeof text);
    CHECK_MSG(strcmp(text, "old a\n") == 0, "a.tsv holds '%s'", text);
    CHECK(!dir_has_file_with(dir, ".tmp.") && count_files(dir) == 1);
    /* and a set that succeeds leaves no second name behind */
    char *t3 = lt_afile_path(dir, ".", "a.tsv", ".tmp.T3");
    f = fopen(t3, "w");
    if (f) fputs("newer a\n", f), fclose(f);
    lt_pending_add(&p, t3, lt_afile_path(dir, "", "a.tsv", ""));
    CHECK(lt_pending_publish(&p, err, sizeof err) == 0);
    slurp(path, text, sizeof text);
    CHECK(strcmp(text, "newer a\n") == 0 && count_files(dir) == 1);
    remove_tree(dir);
}

/* --law-timeout's value: a number of seconds >= 0, once; else one line, exit status 2, nothing run
 * */
static void body_law_timeout_refused(void)
{
    static const char *const bad[][2] = {
        {"run stages/compress_shear_unload.lua --law-timeout abc",
         "--law-timeout needs a number of seconds >= 0 (0: "
         "no limit), got 'abc'"},
        {"verify --law linear --law-timeout -1",
         "--law-timeout needs a number of seconds >= 0 (0: no limit), got '-1'"},
        {"laws --law-timeout",
         "--law-timeout needs a number of seconds >= 0 (0: no limit), got ''"},
        {"run stages/compress_shear_unload.lua --law-timeout 1 --law-timeout 2",
         "--law-timeout given twice"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        result r;
        run(&r, bad[i][0]);
        CHECK_MSG(r.status == 2 && count_lines(r.err) == 1 && strstr(r.err, bad[i][1]) && !r.out[0],
                  "`%s`: status %d: %s", bad[i][0], r.status, r.err);
    }
}

/* each test with plain signals and the suite's environment back afterwards */
#define CONTAINED(name)           \
    static void test_##name(void) \
    {                             \
        real_faults_begin();      \
        body_##name();            \
        real_faults_end();        \
    }
CONTAINED(crash_in_step_keeps_the_rows)
CONTAINED(abort_in_step)
CONTAINED(exit_in_step_is_a_fault)
CONTAINED(crash_in_init_is_named)
CONTAINED(hang_ends_at_the_law_timeout)
CONTAINED(sigterm_ends_a_hung_law)
CONTAINED(verify_goes_on_after_a_crash)
CONTAINED(constructor_exit_is_no_success)
CONTAINED(os_exit_under_unsafe)
CONTAINED(sigterm_while_plotting)
CONTAINED(sigterm_ends_lua_without_a_budget)
CONTAINED(two_tests_of_one_name_refused)
CONTAINED(second_writer_of_a_test_refused)
CONTAINED(temporaries_of_gone_runs_reclaimed)
CONTAINED(killed_run_reclaimed)
CONTAINED(publish_all_or_none)
CONTAINED(law_timeout_refused)

const test_case contain_tests[] = {
    TEST(crash_in_step_keeps_the_rows),
    TEST(abort_in_step),
    TEST(exit_in_step_is_a_fault),
    TEST(crash_in_init_is_named),
    TEST(hang_ends_at_the_law_timeout),
    TEST(sigterm_ends_a_hung_law),
    TEST(verify_goes_on_after_a_crash),
    TEST(constructor_exit_is_no_success),
    TEST(os_exit_under_unsafe),
    TEST(sigterm_while_plotting),
    TEST(sigterm_ends_lua_without_a_budget),
    TEST(two_tests_of_one_name_refused),
    TEST(second_writer_of_a_test_refused),
    TEST(temporaries_of_gone_runs_reclaimed),
    TEST(killed_run_reclaimed),
    TEST(publish_all_or_none),
    TEST(law_timeout_refused),
    {0, 0},
};
