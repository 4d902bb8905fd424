/* tests/test_owner.c - the supervisor owns every process, the verdict and the output
 * (docs/reliability.md, "Who owns what"), against a law that contests each
 * (tests/plugins/owner.c): a forged report in the watch page, a fork that falls back into
 * lawtester, signals blocked through a SIGTERM, a destructor that hangs or crashes, a child that
 * leaves the process group, a supervisor killed with SIGKILL, a lock left by a dead run, SIGSTOP
 * and a terminal's `stty tostop`, chdir(), SIGCHLD ignored, descriptors 1 and 2 closed, a
 * constructor that sleeps. */
#define _XOPEN_SOURCE 700 /* posix_openpt, grantpt, ptsname, kill */
#include "check.h"
#include "cli.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static struct {
    int built, ok;
    char dir[256];
    char so[320];
} fx;

/* The faults are real: real_faults_begin and _end (tests/cli.h) around each test. */

static void build_fixture(void)
{
    if (fx.built) return;
    fx.built = 1;
    snprintf(fx.dir, sizeof fx.dir, "%s", make_tmpdir());
    snprintf(fx.so, sizeof fx.so, "%s/owner.so", fx.dir);
    char cmd[800];
    snprintf(cmd, sizeof cmd,
             "cc -std=c17 -Wall -Wextra -pedantic -Werror -shared -fPIC -o '%s' "
             "tests/plugins/owner.c",
             fx.so);
    fx.ok = system(cmd) == 0;
}

#define NEED_FIXTURE()                                                    \
    do {                                                                  \
        build_fixture();                                                  \
        if (!fx.ok) {                                                     \
            CHECK_MSG(0, "the owner plugin did not build (cc on PATH?)"); \
            return;                                                       \
        }                                                                 \
    } while (0)

/* DIR/NAME.lua: a test of the owner law (tests/cli.h, write_fault_script) */
static const char *write_script(const char *dir, const char *name, const char *mode, int at)
{
    return write_fault_script(dir, name, "owner", mode, at);
}

/* `run` of mode at `at` into a fresh directory (its path into dir), with extra options */
static void run_mode(result *r, const char *prefix, const char *mode, int at, const char *extra,
                     char *dir, size_t n)
{
    snprintf(dir, n, "%s", make_tmpdir());
    char args[1600];
    snprintf(args, sizeof args, "run %s -o %s --law-lib %s %s", write_script(dir, mode, mode, at),
             dir, fx.so, extra ? extra : "");
    run_with(r, prefix ? prefix : "", args);
}

static int file_exists(const char *dir, const char *name)
{
    char path[600];
    struct stat sb;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &sb) == 0;
}

/* 1 while process pid runs (not a zombie) */
static int alive(long pid)
{
    if (pid <= 0 || kill((pid_t)pid, 0) != 0) return 0;
    char path[64], text[256];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    slurp(path, text, sizeof text);
    const char *close = strrchr(text, ')');
    return !(close && (close[2] == 'Z' || close[2] == 'X'));
}

/* the pid in a file, waiting up to 30 s for it to be written (0: never) */
static long read_pid(const char *path)
{
    char text[64];
    for (int i = 0; i < 300; i++) {
        slurp(path, text, sizeof text);
        if (strchr(text, '\n')) return atol(text);
        struct timespec t = {0, 100000000};
        nanosleep(&t, NULL);
    }
    return 0;
}

/* wait up to 10 s for pid to end; 1 if it did */
static int ends(long pid)
{
    for (int i = 0; i < 100 && alive(pid); i++) {
        struct timespec t = {0, 100000000};
        nanosleep(&t, NULL);
    }
    return !alive(pid);
}

/* ---- the verdict ------------------------------------------------------------------------- */

/* The law writes "finished, status 0" into the watch page, then crashes: a crash, exit 1 */
static void body_forged_report_is_a_crash(void)
{
    NEED_FIXTURE();
    char *dir = make_tmpdir(), opts[400];
    snprintf(opts, sizeof opts, "--law-lib %s", fx.so);
    check_failed_run(write_script(dir, "forge", "forge", 50), opts, 4,
                     "stage 1, step 50: law 'owner' crashed in step() with SIGSEGV", "forge", 49);
    remove_tree(dir);
}

/* A fork whose child falls back into lawtester: the child ends there, the worker's table is the
 * one of a law that does not fork, written once */
static void body_forked_child_never_publishes(void)
{
    NEED_FIXTURE();
    result r;
    char plain[300], forked[300], path[700];
    run_mode(&r, NULL, "none", 50, NULL, plain, sizeof plain);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    run_mode(&r, NULL, "fork_fall", 50, NULL, forked, sizeof forked);
    CHECK_MSG(r.status == 0 && r.err[0] == 0, "status %d: %s", r.status, r.err);
    const char *w = strstr(r.out, "wrote ");
    CHECK_MSG(w && !strstr(w + 1, "wrote "), "%s", r.out);
    snprintf(path, sizeof path, "%s/none.tsv", plain);
    char *a = slurp_all(path);
    snprintf(path, sizeof path, "%s/fork_fall.tsv", forked);
    char *b = slurp_all(path);
    CHECK_MSG(a && b && strcmp(a, b) == 0, "the tables differ (%zu and %zu bytes)",
              a ? strlen(a) : 0, b ? strlen(b) : 0);
    CHECK(count_files(forked) == 3 && !dir_has_file_with(forked, ".tmp."));
    free(a);
    free(b);
    remove_tree(plain);
    remove_tree(forked);
}

/* SIGTERM reaches the supervisor while the worker blocks every signal and runs on to its end:
 * nothing published, 128 + 15, one line */
static void body_blocked_sigterm_publishes_nothing(void)
{
    NEED_FIXTURE();
    result r;
    char dir[300];
    run_mode(&r, NULL, "term_blocked", 50, NULL, dir, sizeof dir);
    CHECK_MSG(r.status == 128 + 15 && count_lines(r.err) == 1 &&
                  strstr(r.err, "interrupted by signal 15 (SIGTERM)"),
              "status %d: %s", r.status, r.err);
    CHECK_MSG(!file_exists(dir, "term_blocked.tsv") && !file_exists(dir, "term_blocked.meta"),
              "published in %s", dir);
    CHECK(!dir_has_file_with(dir, ".tmp.") && !dir_has_file_with(dir, ".lock"));
    remove_tree(dir);
}

/* A destructor (or atexit handler) of the law library does not run: one that hangs or crashes
 * changes neither the end nor the status */
static void body_destructor_never_runs(void)
{
    NEED_FIXTURE();
    const char *how[2] = {"hang", "segv"};
    for (int i = 0; i < 2; i++) {
        char *dir = make_tmpdir(), prefix[600], args[600];
        snprintf(prefix, sizeof prefix, "OWNER_DTOR=%s OWNER_DTOR_MARK=%s/mark timeout -k 5 60",
                 how[i], dir);
        snprintf(args, sizeof args, "laws --law-lib %s", fx.so);
        result r;
        run_with(&r, prefix, args);
        CHECK_MSG(r.status == 0 && r.err[0] == 0 && strstr(r.out, "owner - "), "%s: status %d: %s",
                  how[i], r.status, r.err);
        CHECK_MSG(!file_exists(dir, "mark"), "%s: the destructor ran", how[i]);
        remove_tree(dir);
    }
}

/* ---- the processes ----------------------------------------------------------------------- */

/* A child that left the process group and spins is ended with the worker at --law-timeout */
static void body_detached_child_ended(void)
{
    NEED_FIXTURE();
    result r;
    char dir[300], prefix[600], pidfile[400];
    snprintf(dir, sizeof dir, "%s", make_tmpdir());
    snprintf(pidfile, sizeof pidfile, "%s/pid", dir);
    snprintf(prefix, sizeof prefix, "OWNER_PIDFILE=%s timeout -k 5 60", pidfile);
    char args[1600];
    snprintf(args, sizeof args, "run %s -o %s --law-lib %s --law-timeout 1",
             write_script(dir, "detach", "detach_spin", 50), dir, fx.so);
    run_with(&r, prefix, args);
    CHECK_MSG(r.status == 1 && strstr(r.err, "did not return from step() within 1 s"),
              "status %d: %s", r.status, r.err);
    long pid = read_pid(pidfile);
    CHECK_MSG(pid > 0 && !alive(pid), "the detached child %ld still runs", pid);
    if (pid > 0 && alive(pid)) kill((pid_t)pid, SIGKILL);
    remove_tree(dir);
}

/* The supervisor killed with SIGKILL (CI's `timeout -s KILL`, the OOM killer): the worker dies
 * with it, and the next run in the directory is neither refused nor left with temporaries */
static void body_worker_dies_with_its_supervisor(void)
{
    NEED_FIXTURE();
    char *dir = make_tmpdir(), cmd[2400], pidfile[400];
    snprintf(pidfile, sizeof pidfile, "%s/pid", dir);
    const char *script = write_script(dir, "hang_pid", "hang_pid", 50);
    snprintf(cmd, sizeof cmd,
             "OWNER_PIDFILE=%s %s run %s -o %s -q --law-timeout 0 --law-lib %s 2>/dev/null & "
             "pid=$!; i=0; while [ ! -s %s ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done; "
             "kill -KILL $pid; wait $pid; exit 0",
             pidfile, lawtester(), script, dir, fx.so, pidfile);
    CHECK(system(cmd) == 0);
    long worker = read_pid(pidfile);
    CHECK_MSG(worker > 0 && ends(worker), "the worker %ld outlived its supervisor", worker);
    if (worker > 0 && alive(worker)) kill((pid_t)worker, SIGKILL);
    /* afile's grace for a temporary nobody holds (docs/reliability.md): 2 s */
    sleep(3);
    result r;
    char args[1200];
    snprintf(args, sizeof args, "run %s -o %s -q --law-lib %s",
             write_script(dir, "hang_pid", "none", 50), dir, fx.so);
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    CHECK(file_exists(dir, "hang_pid.tsv") && !dir_has_file_with(dir, ".tmp.") &&
          !dir_has_file_with(dir, ".lock"));
    remove_tree(dir);
}

/* The same while gnuplot renders (a stand-in on PATH that sleeps, its pid written): gnuplot dies
 * with the worker, which dies with the supervisor */
static void body_gnuplot_dies_with_the_supervisor(void)
{
    char *dir = make_tmpdir(), cmd[3000], pidfile[400];
    snprintf(pidfile, sizeof pidfile, "%s/gp", dir);
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/bin && real=$(command -v gnuplot) && "
             "printf '#!/bin/sh\\ncase \"$*\" in *outfile=*) echo $$ > %s; exec sleep 60;; "
             "esac\\nexec %%s \"$@\"\\n' \"$real\" > %s/bin/gnuplot && chmod +x %s/bin/gnuplot",
             dir, pidfile, dir, dir);
    CHECK(system(cmd) == 0);
    snprintf(cmd, sizeof cmd,
             "PATH=%s/bin:$PATH %s run stages/compress_shear_unload.lua -o %s/out --plot -q "
             "2>/dev/null & pid=$!; i=0; while [ ! -s %s ] && [ $i -lt 300 ]; do sleep 0.1; "
             "i=$((i+1)); done; kill -KILL $pid; wait $pid; exit 0",
             dir, lawtester(), dir, pidfile);
    CHECK(system(cmd) == 0);
    long gp = read_pid(pidfile);
    CHECK_MSG(gp > 0 && ends(gp), "gnuplot (%ld) outlived the supervisor", gp);
    if (gp > 0 && alive(gp)) kill((pid_t)gp, SIGKILL);
    remove_tree(dir);
}

/* A lock whose owner is gone, though a process it left holds the file: taken over */
static void body_lock_of_a_gone_owner_taken_over(void)
{
    NEED_FIXTURE();
    char *dir = make_tmpdir(), path[400], text[64];
    pid_t gone = fork();
    if (gone == 0) _exit(0);
    waitpid(gone, NULL, 0);
    snprintf(path, sizeof path, "%s/.lk.lock", dir);
    int fd = open(path, O_RDWR | O_CREAT, 0666);
    CHECK(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0);
    int n = snprintf(text, sizeof text, "%ld\n", (long)gone);
    CHECK(write(fd, text, (size_t)n) == n);
    result r;
    char args[1200];
    snprintf(args, sizeof args, "run %s -o %s -q --law-lib %s", write_script(dir, "lk", "none", 50),
             dir, fx.so);
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    CHECK(file_exists(dir, "lk.tsv") && !dir_has_file_with(dir, ".lock"));
    close(fd);
    remove_tree(dir);
}

/* SIGSTOP once: continued, the run complete; at every step: ended after 3 continues */
static void body_stopped_worker_continued_then_ended(void)
{
    NEED_FIXTURE();
    result r;
    char dir[300];
    run_mode(&r, "timeout -k 5 60", "stop_once", 50, "-q", dir, sizeof dir);
    CHECK_MSG(r.status == 0 && file_exists(dir, "stop_once.tsv"), "status %d: %s", r.status, r.err);
    remove_tree(dir);
    run_mode(&r, "timeout -k 5 60", "stop_always", 50, "-q", dir, sizeof dir);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "stage 1, step 53: the worker running law 'owner' in step() was "
                                "stopped by SIGSTOP") &&
                  strstr(r.err, "4 times (continued with SIGCONT 3 times); it was killed"),
              "status %d: %s", r.status, r.err);
    CHECK(file_exists(dir, "stop_always.tsv.partial") && !dir_has_file_with(dir, ".tmp."));
    remove_tree(dir);
}

/* `stty tostop` on the terminal the command prints to: the worker (a background process group)
 * is not stopped by SIGTTOU; the output arrives, exit status 0.  The command runs as a session
 * leader on a pseudo-terminal, in its foreground group, as a shell runs it. */
static void body_terminal_tostop_never_stops_a_run(void)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    CHECK(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0);
    const char *name = master >= 0 ? ptsname(master) : NULL;
    if (!name) return;
    char slave_name[256];
    snprintf(slave_name, sizeof slave_name, "%s", name);
    pid_t pid = fork();
    if (pid == 0) {
        setsid();
        int t = open(slave_name, O_RDWR); /* the controlling terminal: no O_NOCTTY */
        if (t < 0) _exit(126);
        struct termios tio;
        tcgetattr(t, &tio);
        tio.c_lflag |= TOSTOP;
        tcsetattr(t, TCSANOW, &tio);
        dup2(t, 0), dup2(t, 1), dup2(t, 2);
        execl("/bin/sh", "sh", "-c", "exec $0 laws", lawtester(), (char *)NULL);
        _exit(127);
    }
    static char out[1 << 17];
    size_t got = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        struct pollfd p = {master, POLLIN, 0};
        int k = poll(&p, 1, 1000);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (t1.tv_sec - t0.tv_sec > 60) break; /* hung: stopped for good */
        if (k <= 0) {
            if (waitpid(pid, NULL, WNOHANG) == pid) {
                pid = 0;
                break;
            }
            continue;
        }
        ssize_t n = read(master, out + got, sizeof out - 1 - got);
        if (n <= 0) break; /* EIO: every holder of the terminal is gone */
        got += (size_t)n;
        if (got == sizeof out - 1) got = 0; /* only the end matters */
    }
    out[got] = 0;
    int st = 0, ended = pid == 0;
    if (pid > 0) {
        for (int i = 0; i < 100 && !ended; i++) {
            ended = waitpid(pid, &st, WNOHANG) == pid;
            if (!ended) {
                struct timespec t = {0, 100000000};
                nanosleep(&t, NULL);
            }
        }
        if (!ended) {
            kill(-pid, SIGKILL);
            waitpid(pid, &st, 0);
        }
    }
    CHECK_MSG(ended && (pid == 0 || (WIFEXITED(st) && WEXITSTATUS(st) == 0)),
              "`lawtester laws` under stty tostop did not end (or failed): %d", st);
    close(master);
}

/* ---- the state a law changes under lawtester --------------------------------------------- */

/* chdir("/") in init(), with a relative output directory: the run is written where it was asked */
static void body_chdir_changes_no_output(void)
{
    NEED_FIXTURE();
    char *dir = make_tmpdir(), prefix[900], args[1200], cwd[512], exe[700];
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    const char *l = lawtester();
    /* the command from inside dir: its path made absolute if it is relative */
    if (l[0] != '/' && !strchr(l, ' '))
        snprintf(exe, sizeof exe, "%s/%s", cwd, l[0] == '.' && l[1] == '/' ? l + 2 : l);
    else
        snprintf(exe, sizeof exe, "%s", l);
    snprintf(prefix, sizeof prefix, "cd %s &&", dir);
    snprintf(args, sizeof args, "run %s -o out -q --law-lib %s",
             write_script(dir, "cd", "chdir", 50), fx.so);
    char cmd[4000], outp[300];
    snprintf(outp, sizeof outp, "%s/err", dir);
    snprintf(cmd, sizeof cmd, "%s %s %s 2>%s", prefix, exe, args, outp);
    int st = system(cmd);
    char err[2000], out[300];
    slurp(outp, err, sizeof err);
    CHECK_MSG(WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %d: %s", st, err);
    snprintf(out, sizeof out, "%s/out", dir);
    CHECK(file_exists(out, "cd.tsv") && file_exists(out, "cd.meta") &&
          !dir_has_file_with(out, ".tmp.") && !dir_has_file_with(out, ".lock"));
    remove_tree(dir);
}

/* SIGCHLD ignored by the law: gnuplot is still waited for, the plots are made */
static void body_sigchld_ignored_plots_still_made(void)
{
    NEED_FIXTURE();
    result r;
    char dir[300];
    run_mode(&r, NULL, "sigchld", 50, "-q --plot", dir, sizeof dir);
    CHECK_MSG(r.status == 0 && file_exists(dir, "sigchld.tsv") && dir_has_file_with(dir, ".png"),
              "status %d: %s", r.status, r.err);
    remove_tree(dir);
}

/* close(2) or close(1) in init(): lawtester's messages and output are not lost */
static void body_closed_descriptors_lose_nothing(void)
{
    NEED_FIXTURE();
    result r;
    char dir[300];
    run_mode(&r, NULL, "close2_nan", 50, "-q", dir, sizeof dir);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 && strstr(r.err, "non-finite"),
              "status %d: %s", r.status, r.err);
    remove_tree(dir);
    run_mode(&r, NULL, "close1", 50, NULL, dir, sizeof dir);
    CHECK_MSG(r.status == 0 && r.err[0] == 0 && strstr(r.out, "wrote "), "status %d: %s", r.status,
              r.err);
    remove_tree(dir);
}

/* ---- messages ---------------------------------------------------------------------------- */

/* A constructor that does not return: named as the library's loading */
static void body_sleeping_constructor_named(void)
{
    NEED_FIXTURE();
    result r;
    char args[600];
    snprintf(args, sizeof args, "laws --law-lib %s --law-timeout 1", fx.so);
    run_with(&r, "OWNER_CTOR=sleep timeout -k 5 60", args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "owner.so did not return from its loading (constructors and "
                                "exports) within 1 s (--law-timeout)"),
              "status %d: %s", r.status, r.err);
}

/* every test as tests/test_contain.c runs them: plain signals, the command without valgrind */
#define OWNED(name)               \
    static void test_##name(void) \
    {                             \
        real_faults_begin();      \
        body_##name();            \
        real_faults_end();        \
    }
OWNED(forged_report_is_a_crash)
OWNED(forked_child_never_publishes)
OWNED(blocked_sigterm_publishes_nothing)
OWNED(destructor_never_runs)
OWNED(detached_child_ended)
OWNED(worker_dies_with_its_supervisor)
OWNED(gnuplot_dies_with_the_supervisor)
OWNED(lock_of_a_gone_owner_taken_over)
OWNED(stopped_worker_continued_then_ended)
OWNED(terminal_tostop_never_stops_a_run)
OWNED(chdir_changes_no_output)
OWNED(sigchld_ignored_plots_still_made)
OWNED(closed_descriptors_lose_nothing)
OWNED(sleeping_constructor_named)

/* A native law that hoards the machine's memory (malloc, under `ulimit -v`), then the script's
 * Lua state needs more: the machine is named, not the Lua state's --max-memory cap it is far
 * below.  (Not under ASan, whose shadow memory `ulimit -v` does not leave room for.) */
static void body_hoarding_law_not_blamed_on_the_cap(void)
{
    NEED_FIXTURE();
    const char *l = lawtester();
    if (strstr(l, "asan")) {
        printf("     (skipped under ASan: ulimit -v)\n");
        return;
    }
    char *dir = make_tmpdir(), args[1200];
    put_file(dir, "hoard.lua",
             "return { name = 'hoard', law = 'owner', params = { mode = 'hoard', at = 50 },\n"
             "  dt = 1e-6, record = { every = 1 },\n"
             "  stages = { { whats = 'v.....', values = {-1, 0,0,0,0,0},\n"
             "    till = function(C, S) if S.step > 60 then local s = string.rep('x', 64 * 2^20) "
             "end\n"
             "      return C and C.uN <= -1e-3 end } } }\n");
    snprintf(args, sizeof args, "run %s/hoard.lua -o %s -q --law-lib %s", dir, dir, fx.so);
    result r;
    run_with(&r, "ulimit -v 1500000;", args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "hoard.lua:4: field stages[1].till: at step 61: out of memory: "
                                "the machine refused the script's Lua state 67108864 bytes") &&
                  strstr(r.err, "a native law's own allocations") &&
                  !strstr(r.err, "memory limit exceeded"),
              "status %d: %s", r.status, r.err);
    /* in the script's body without the count hook (no line seen): the line of its last test,
     * not line 0 */
    put_file(dir, "body.lua",
             "lawtester.run { name = 'b', law = 'owner', params = { mode = 'hoard', at = 50 },\n"
             "  dt = 1e-6, stages = { { whats = 'v.....', values = {-1, 0,0,0,0,0},\n"
             "    till = 'C and C.uN <= -1e-3' } } }\n"
             "local s = string.rep('x', 64 * 2^20)\n");
    snprintf(args, sizeof args, "run %s/body.lua -o %s -q --law-lib %s --max-instructions 0", dir,
             dir, fx.so);
    run_with(&r, "ulimit -v 1500000;", args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "body.lua:1: out of memory: the machine refused"),
              "status %d: %s", r.status, r.err);
    remove_tree(dir);
}

OWNED(hoarding_law_not_blamed_on_the_cap)

const test_case owner_tests[] = {
    TEST(forged_report_is_a_crash),
    TEST(forked_child_never_publishes),
    TEST(blocked_sigterm_publishes_nothing),
    TEST(destructor_never_runs),
    TEST(detached_child_ended),
    TEST(worker_dies_with_its_supervisor),
    TEST(gnuplot_dies_with_the_supervisor),
    TEST(lock_of_a_gone_owner_taken_over),
    TEST(stopped_worker_continued_then_ended),
    TEST(terminal_tostop_never_stops_a_run),
    TEST(chdir_changes_no_output),
    TEST(sigchld_ignored_plots_still_made),
    TEST(closed_descriptors_lose_nothing),
    TEST(sleeping_constructor_named),
    TEST(hoarding_law_not_blamed_on_the_cap),
    {0, 0},
};
