/* tests/test_sandbox.c - what a stage script cannot do (docs/reliability.md).  Every escape from
 * the sandbox and each limit run into is a script of tests/bad whose header says its line
 * (tests/test_bad_inputs.c); here are the configurations a header does not cover: the default
 * budget, --unsafe with the limits, the limits' options, the memory cap met inside lawtester. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include <dirent.h>
#include <stdio.h>
#include <string.h>

/* ---- the instruction budget ------------------------------------------------------------------ */

#define BUDGET                                                                              \
    "instruction budget exhausted: more than 100000 Lua instructions without returning to " \
    "lawtester"

/* the default budget (1e9 instructions) ends a loop that never ends: a few seconds (skipped under
 * valgrind, where it takes minutes) */
static void test_budget_default(void)
{
    if (under_valgrind()) return;
    check_bad("limit_body_loop.lua", 6,
              "instruction budget exhausted: more than 1000000000 Lua instructions");
}
static void test_budget_options(void)
{
    result r;
    run(&r, "run tests/scripts/budget_loop.lua -q --max-instructions 100000");
    CHECK_MSG(r.status == 1 && strstr(r.err, "tests/scripts/budget_loop.lua:4: " BUDGET),
              "status %d: %s", r.status, r.err);
    run(&r, "run tests/scripts/budget_loop.lua -q --max-instructions 0");
    CHECK_MSG(r.status == 0 && r.err[0] == 0, "0 lifts the budget: status %d: %s", r.status, r.err);
    run(&r, "run tests/scripts/budget_loop.lua -q");
    CHECK_MSG(r.status == 0 && r.err[0] == 0, "default budget: status %d: %s", r.status, r.err);
    /* --unsafe lifts the sandbox, not the limits */
    run(&r, "run tests/bad/limit_body_loop.lua --unsafe --max-instructions 100000");
    CHECK_MSG(r.status == 1 && strstr(r.err, "tests/bad/limit_body_loop.lua:6: " BUDGET),
              "unsafe: %d: %s", r.status, r.err);
    const char *bad[] = {"--max-instructions -1", "--max-instructions 1.5", "--max-memory x",
                         "--max-memory", NULL};
    for (int i = 0; bad[i]; i++) {
        char args[256];
        snprintf(args, sizeof args, "run tests/scripts/budget_loop.lua %s", bad[i]);
        run(&r, args);
        CHECK_MSG(r.status == 2 && strstr(r.err, "needs a whole number >= 0 (0: no limit)") &&
                      count_lines(r.err) == 1,
                  "%s: status %d: %s", bad[i], r.status, r.err);
    }
}

/* Large strings are charged by the byte, and the charge that spends the budget stops the script
 * at its next instruction: a loop of few instructions allocating 10 MB a round was charged 1/16
 * of it and seen only every LT_HOOK_PERIOD instructions (160 rounds at 1e8; at the default
 * budget, 200 MB a round ran for a minute).  Now 1e8 instructions are 10 rounds of 1e7 bytes. */
static void test_budget_big_strings(void)
{
    result r;
    run(&r, "run tests/scripts/budget_big_strings.lua -q --unsafe --max-instructions 100000000");
    int rounds = 0;
    for (const char *p = r.err; (p = strstr(p, "round ")) != NULL; p++) rounds++;
    CHECK_MSG(r.status == 1 &&
                  strstr(r.err, "tests/scripts/budget_big_strings.lua:7: instruction budget") &&
                  rounds >= 5 && rounds <= 10,
              "status %d, %d rounds: %.300s", r.status, rounds, r.err);
}

/* ---- the memory limit ------------------------------------------------------------------------ */

#define MEMORY                                                                                   \
    "memory limit exceeded: the script's Lua state needs more than 16 MB (--max-memory MB; 0 = " \
    "no limit)"

/* Runs started with the state at its cap fail wherever lawtester's own allocation is refused
 * (files open or not): nothing leaks (make asan, make check-valgrind) and no temporary file is
 * left; the runs that got through wrote complete results. */
static void test_memory_inside_lawtester(void)
{
    char *dir = make_tmpdir();
    char args[512];
    snprintf(args, sizeof args, "run tests/bad/limit_memory_run.lua -q -o %s --max-memory 4", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 &&
                  strstr(r.err, "tests/bad/limit_memory_run.lua:17: finished: ") &&
                  !strstr(r.err, " 0 runs failed"),
              "status %d: %s", r.status, r.err);
    DIR *d = opendir(dir);
    struct dirent *e;
    int hidden = 0, files = 0;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            hidden += e->d_name[0] == '.', files++;
    if (d) closedir(d);
    CHECK_MSG(hidden == 0 && (files == 0 || files == 3), "%d files, %d of them temporary", files,
              hidden);
    remove_tree(dir);
}

static void test_memory_unsafe(void)
{
    result r;
    run(&r, "run tests/bad/limit_memory_body.lua --unsafe --max-memory 16");
    CHECK_MSG(r.status == 1 && strstr(r.err, "tests/bad/limit_memory_body.lua:6: " MEMORY),
              "unsafe: %d: %s", r.status, r.err);
}

const test_case sandbox_tests[] = {
    TEST(budget_default),          TEST(budget_options), TEST(budget_big_strings),
    TEST(memory_inside_lawtester), TEST(memory_unsafe),  {0, 0},
};
