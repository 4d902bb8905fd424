/* tests/run_tests.c - the test runner: runs every suite, prints each failed check and, last,
 * the summary line `N passed, N failed` (N = tests) that CI reads.  Exit status 1 on any
 * failure.  `run_tests NAME...` runs only the tests whose name contains one of the NAMEs.
 *
 * Each suite runs in a process of its own, LT_TEST_JOBS at a time (default: one per online CPU,
 * at most 8; LT_TEST_JOBS=1 runs every suite in this process, in order, for a debugger).  A
 * suite's lines are held until it ends and printed in the suites' order, so the output does not
 * depend on which suite ends first; a test that kills its suite's process fails by name.
 * LT_TEST_TIMES=1 prints each suite's time on stderr. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "check.h"
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int check_failures_in_test;
const char *check_current_test;

/* The suites, one line each (the name `run_tests NAME` selects, the table of tests), in the
 * order their results print. */
/* clang-format off */
#define TEST_SUITES(X) \
    X(linear, linear_tests) \
    X(spring_dashpot, spring_dashpot_tests) \
    X(hertz_mindlin, hertz_mindlin_tests) \
    X(hertz_mindlin_md, hertz_mindlin_md_tests) \
    X(linel6, linel6_tests) \
    X(cohesive, cohesive_tests) \
    X(rolling, rolling_tests) \
    X(rolling_hertz, rolling_hertz_tests) \
    X(adhesion, adhesion_tests) \
    X(walton_braun, walton_braun_tests) \
    X(thornton, thornton_tests) \
    X(thornton_md, thornton_md_tests) \
    X(law_check, law_check_tests) \
    X(law_names, law_names_tests) \
    X(law_lists, law_lists_tests) \
    X(api5, api5_tests) \
    X(api6, api6_tests) \
    X(lua_law, lua_law_tests) \
    X(lua_citizen, lua_citizen_tests) \
    X(plugin, plugin_tests) \
    X(contain, contain_tests) \
    X(owner, owner_tests) \
    X(law_energy, law_energy_tests) \
    X(verify, verify_tests) \
    X(sweep, sweep_tests) \
    X(jobs, jobs_tests) \
    X(passivity, passivity_tests) \
    X(cycle_dof, cycle_dof_tests) \
    X(case_scripts, case_script_tests) \
    X(wall_cases, wall_case_tests) \
    X(oblique, oblique_tests) \
    X(surface, surface_tests) \
    X(probe, probe_tests) \
    X(probe_pair, probe_pair_tests) \
    X(body, body_tests) \
    X(geom, geom_tests) \
    X(stiffness, stiffness_tests) \
    X(driver, driver_tests) \
    X(energy, energy_tests) \
    X(servo, servo_tests) \
    X(script, script_tests) \
    X(cli, cli_tests) \
    X(probe_cli, probe_cli_tests) \
    X(fmt, fmt_tests) \
    X(srcloc, srcloc_tests) \
    X(fastpath, fastpath_tests) \
    X(predictor, predictor_tests) \
    X(cond, cond_tests) \
    X(sandbox, sandbox_tests) \
    X(faults, faults_tests) \
    X(guard, guard_tests) \
    X(io, io_tests) \
    X(plot, plot_tests) \
    X(docs, docs_tests) \
    X(columns, columns_tests) \
    X(record_state, record_state_tests) \
    X(defines, defines_tests) \
    X(bad_inputs, bad_inputs_tests) \
    X(hostile, hostile_tests) \
    X(fuzz, fuzz_tests) \
    X(usability, usability_tests) \
    X(compare, compare_tests) \
    X(compare_files, compare_files_tests) \
    X(hosted, hosted_tests) \
    X(walkthrough, walkthrough_tests) \
    X(lever, lever_tests) \
    X(rigid, rigid_tests) \
    X(contracts, contracts_tests) \
    X(own_laws, own_laws_tests) \
    X(benchmarks, benchmarks_tests) \
    X(bench_peers, bench_peers_tests)
/* clang-format on */

#define DECLARE_SUITE(name, tests) extern const test_case tests[];
TEST_SUITES(DECLARE_SUITE)

#define SUITE_ROW(name, tests) {#name, tests},
static const struct {
    const char *name;
    const test_case *tests;
} suites[] = {TEST_SUITES(SUITE_ROW)};

static int selected(const char *name, int argc, char **argv)
{
    if (argc < 2) return 1;
    for (int i = 1; i < argc; i++)
        if (strstr(name, argv[i])) return 1;
    return 0;
}

#define N_SUITES (sizeof suites / sizeof suites[0])

/* What a suite's process tells the runner, in memory shared with it: its counts, the test it is
 * in (so a test that kills its process is named) and whether it got to its end. */
typedef struct suite_result {
    int passed, failed, running, done;
    double seconds;
} suite_result;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Run the selected tests of suite s, printing a line each; counts into *r. */
static void run_suite(size_t s, int argc, char **argv, suite_result *r)
{
    double t0 = now_seconds();
    int index = 0;
    for (const test_case *t = suites[s].tests; t->name; t++, index++) {
        char full[200];
        snprintf(full, sizeof full, "%s.%s", suites[s].name, t->name);
        if (!selected(full, argc, argv)) continue;
        r->running = index;
        check_current_test = full;
        check_failures_in_test = 0;
        t->fn();
        if (check_failures_in_test) {
            r->failed++;
            printf("FAIL %s\n", full);
        } else {
            r->passed++;
            printf("ok   %s\n", full);
        }
        fflush(stdout);
        fflush(stderr);
    }
    r->running = -1;
    r->seconds = now_seconds() - t0;
    r->done = 1;
}

/* How many suites run at once: LT_TEST_JOBS, else one per online CPU (at most 8). */
static int job_count(void)
{
    const char *env = getenv("LT_TEST_JOBS");
    if (env && *env) {
        int n = atoi(env);
        return n >= 1 ? n : 1;
    }
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus < 1 ? 1 : cpus > 8 ? 8 : (int)cpus;
}

/* A suite whose process ended before its end: the test it was in failed, the rest did not run. */
static void report_death(size_t s, suite_result *r, int status)
{
    const char *test = r->running >= 0 ? suites[s].tests[r->running].name : "(between tests)";
    char how[64];
    if (WIFSIGNALED(status))
        snprintf(how, sizeof how, "killed by signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else
        snprintf(how, sizeof how, "exited with status %d",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    fprintf(stderr, "FAIL %s.%s: the suite's process %s; the suite's later tests did not run\n",
            suites[s].name, test, how);
    printf("FAIL %s.%s\n", suites[s].name, test);
    r->failed++;
}

/* Copy a suite's captured output to ours. */
static void copy_out(FILE *from)
{
    char buf[4096];
    size_t n;
    fflush(stdout);
    rewind(from);
    while ((n = fread(buf, 1, sizeof buf, from)) > 0) fwrite(buf, 1, n, stdout);
    fflush(stdout);
}

/* The longest suites (LT_TEST_TIMES) start first, so that none of them starts last and runs
 * alone; the others follow in the table's order. */
static const char *const long_suites[] = {"hosted",  "cli",   "sandbox", "hostile", "walkthrough",
                                          "contain", "owner", "plugin",  "verify"};

static void launch_order(size_t order[N_SUITES])
{
    size_t n = 0;
    int taken[N_SUITES] = {0};
    for (size_t k = 0; k < sizeof long_suites / sizeof long_suites[0]; k++)
        for (size_t s = 0; s < N_SUITES; s++)
            if (!taken[s] && strcmp(suites[s].name, long_suites[k]) == 0)
                order[n++] = s, taken[s] = 1;
    for (size_t s = 0; s < N_SUITES; s++)
        if (!taken[s]) order[n++] = s;
}

/* Every suite in a process of its own, `jobs` at a time; the output is printed in the suites'
 * order, whatever order they end in, so two runs print the same lines. */
static void run_parallel(int jobs, int argc, char **argv, int *passed, int *failed)
{
    suite_result *res = mmap(NULL, N_SUITES * sizeof *res, PROT_READ | PROT_WRITE,
                             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (res == MAP_FAILED) {
        perror("run_tests: mmap");
        exit(2);
    }
    FILE *out[N_SUITES] = {0};
    pid_t pid[N_SUITES] = {0};
    int status[N_SUITES] = {0}, ended[N_SUITES] = {0};
    size_t order[N_SUITES], next = 0, printed = 0;
    int running = 0;
    launch_order(order);
    while (printed < N_SUITES) {
        while (running < jobs && next < N_SUITES) {
            size_t s = order[next++];
            res[s] = (suite_result){0, 0, -1, 0, 0};
            out[s] = tmpfile();
            if (!out[s]) {
                perror("run_tests: tmpfile");
                exit(2);
            }
            fflush(stdout);
            fflush(stderr);
            pid[s] = fork();
            if (pid[s] < 0) {
                perror("run_tests: fork");
                exit(2);
            }
            if (pid[s] == 0) {
                dup2(fileno(out[s]), STDOUT_FILENO);
                dup2(fileno(out[s]), STDERR_FILENO);
                run_suite(s, argc, argv, &res[s]);
                /* exit, not _exit: LeakSanitizer and valgrind check the suite's leaks at exit */
                exit(0);
            }
            running++;
        }
        int st;
        pid_t done = wait(&st);
        if (done < 0) {
            perror("run_tests: wait");
            exit(2);
        }
        for (size_t s = 0; s < N_SUITES; s++)
            if (pid[s] == done && !ended[s]) ended[s] = 1, status[s] = st, running--;
        while (printed < N_SUITES && ended[printed]) {
            size_t s = printed++;
            copy_out(out[s]);
            fclose(out[s]);
            if (!res[s].done || !WIFEXITED(status[s]) || WEXITSTATUS(status[s]) != 0)
                report_death(s, &res[s], status[s]);
            *passed += res[s].passed;
            *failed += res[s].failed;
            if (getenv("LT_TEST_TIMES") && res[s].done)
                fprintf(stderr, "time %-18s %7.2f s\n", suites[s].name, res[s].seconds);
        }
    }
    munmap(res, N_SUITES * sizeof *res);
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0, jobs = job_count();
    if (jobs > 1)
        run_parallel(jobs, argc, argv, &passed, &failed);
    else
        for (size_t s = 0; s < N_SUITES; s++) {
            suite_result r = {0, 0, -1, 0, 0};
            run_suite(s, argc, argv, &r);
            passed += r.passed, failed += r.failed;
            if (getenv("LT_TEST_TIMES"))
                fprintf(stderr, "time %-18s %7.2f s\n", suites[s].name, r.seconds);
        }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
