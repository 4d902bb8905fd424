/* tests/test_sandbox.c - what a stage script cannot do (docs/reliability.md): every escape from
 * the sandbox tried, each limit run into.  Each refusal is one line `FILE:LINE: ...`, exit status
 * 1 and no file left; a run that failed while recording keeps its rows as NAME.tsv.partial. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#define NO_FILE "attempt to call a nil value (global '"
#define NO_LIB "attempt to index a nil value (global '"

/* ---- the libraries a script does not get ---------------------------------------------------- */

static void test_no_io(void) { check_bad("sandbox_io.lua", 2, NO_LIB "io')"); }
static void test_no_os(void) { check_bad("sandbox_os.lua", 2, NO_LIB "os')"); }
static void test_no_require(void) { check_bad("sandbox_require.lua", 2, "require: module 'os' not found: no file 'tests/bad/os.lua'"); }
static void test_no_dofile(void) { check_bad("sandbox_dofile.lua", 2, NO_FILE "dofile')"); }
static void test_no_loadfile(void) { check_bad("sandbox_loadfile.lua", 2, NO_FILE "loadfile')"); }
static void test_no_load(void) { check_bad("bytecode.lua", 1, NO_FILE "load')"); }
static void test_no_loadstring(void) { check_bad("sandbox_loadstring.lua", 2, NO_FILE "loadstring')"); }
static void test_no_debug(void) { check_bad("sandbox_debug.lua", 2, NO_LIB "debug')"); }
static void test_no_collectgarbage(void) { check_bad("sandbox_collectgarbage.lua", 2, NO_FILE "collectgarbage')"); }
static void test_no_package(void) { check_bad("sandbox_package.lua", 2, NO_LIB "package')"); }
/* native code enters only through --law-lib on the command line (src/plugin/plugin.h), never a script */
static void test_no_loadlib(void) { check_bad("sandbox_loadlib.lua", 2, NO_LIB "package')"); }
static void test_no_coroutine(void) { check_bad("sandbox_coroutine.lua", 2, NO_LIB "coroutine')"); }
static void test_global_table_is_the_sandbox(void)
{
    check_bad("sandbox_global_table.lua", 2, "attempt to index a nil value (field 'os')");
}
static void test_no_string_dump(void) { check_bad("sandbox_string_dump.lua", 2, "attempt to call a nil value (field 'dump')"); }
static void test_string_metatable_locked(void)
{
    check_bad("sandbox_string_metatable.lua", 3, "attempt to index a boolean value (local 'mt')");
}
static void test_string_methods_from_the_copy(void)
{
    check_bad("sandbox_string_method.lua", 2, "attempt to call a nil value (method 'dump')");
}
static void test_no_finalizers(void)
{
    check_bad("sandbox_gc.lua", 2, "setmetatable: a __gc metamethod is not allowed in the sandbox");
}

/* ---- lawtester's own objects ----------------------------------------------------------------- */

/* these two crashed (a dangling pointer, a NULL one) before the proxies were checked */
static void test_stale_proxy(void)
{
    check_bad("sandbox_stale_proxy.lua", 5, "stage is only valid inside the until or done of its run (the run has ended)");
}
static void test_proxy_index_with_a_number(void)
{
    check_bad("sandbox_proxy_index.lua", 2,
              "field stages[1].till: at step 1: tests/bad/sandbox_proxy_index.lua:4: bad argument #1 to '__index' "
              "(lawtester.stage expected, got number)");
}
static void test_runs_do_not_nest(void)
{
    check_bad("sandbox_nested_run.lua", 3, "tests/bad/sandbox_nested_run.lua:3: lawtester.run: runs do not nest");
}
/* a __gc put on a proxy's metatable is not carried to the next run's proxies: the script ends
 * (with its own error) instead of hanging in a finalizer */
static void test_proxy_metatable_gc(void)
{
    char *dir = make_tmpdir();
    char args[512];
    snprintf(args, sizeof args, "run tests/bad/sandbox_proxy_gc.lua -o %s", dir);
    result r;
    run_timeout(&r, 120, args);
    CHECK_MSG(r.status == 1 && strstr(r.err, "tests/bad/sandbox_proxy_gc.lua:7: finished") && count_lines(r.err) == 1,
              "status %d: %s", r.status, r.err);
    remove_tree(dir);
}

/* ---- C loops sized by the script, charged to the budget ------------------------------------- */

static void test_rep_of_empty_string(void) { check_bad("sandbox_rep.lua", 2, "instruction budget exhausted"); }
static void test_table_move(void) { check_bad("sandbox_move.lua", 2, "instruction budget exhausted"); }
static void test_table_insert_with_len(void)
{
    check_bad("sandbox_insert_len.lua", 3, "table.insert: a table with a __len metamethod is not accepted in the sandbox");
}

/* ---- the instruction budget ------------------------------------------------------------------- */

#define BUDGET "instruction budget exhausted: more than 100000 Lua instructions without returning to lawtester"

static void test_budget_in_the_body(void)
{
    check_bad_opts("limit_body_loop.lua", "--max-instructions 100000", 3, BUDGET);
}
static void test_budget_pcall_does_not_help(void)
{
    check_bad_opts("sandbox_pcall_loop.lua", "--max-instructions 100000", 1, BUDGET);
}
static void test_budget_in_an_until_function(void)
{
    check_failed_run("tests/bad/limit_until_function.lua", "--max-instructions 100000", 5,
                     "field stages[1].till: at step 1: tests/bad/limit_until_function.lua:6: " BUDGET, "loops", 1);
}
static void test_budget_in_an_until_string(void)
{
    check_failed_run("tests/bad/limit_until_string.lua", "--max-instructions 100000", 4,
                     "field stages[1].till: at step 6: " BUDGET, "loops", 6);
}
static void test_budget_in_a_done(void)
{
    check_failed_run("tests/bad/limit_done.lua", "--max-instructions 100000", 5, "field stages[1].done: at step 3: " BUDGET,
                     "loops", 3);
}
/* the default budget (1e9 instructions) ends a loop that never ends: a few seconds (skipped under
 * valgrind, where it takes minutes) */
static void test_budget_default(void)
{
    if (under_valgrind()) return;
    check_bad("limit_body_loop.lua", 3, "instruction budget exhausted: more than 1000000000 Lua instructions");
}
static void test_budget_options(void)
{
    result r;
    run(&r, "run tests/scripts/budget_loop.lua -q --max-instructions 100000");
    CHECK_MSG(r.status == 1 && strstr(r.err, "tests/scripts/budget_loop.lua:4: " BUDGET), "status %d: %s", r.status, r.err);
    run(&r, "run tests/scripts/budget_loop.lua -q --max-instructions 0");
    CHECK_MSG(r.status == 0 && r.err[0] == 0, "0 lifts the budget: status %d: %s", r.status, r.err);
    run(&r, "run tests/scripts/budget_loop.lua -q");
    CHECK_MSG(r.status == 0 && r.err[0] == 0, "default budget: status %d: %s", r.status, r.err);
    /* --unsafe lifts the sandbox, not the limits */
    run(&r, "run tests/bad/limit_body_loop.lua --unsafe --max-instructions 100000");
    CHECK_MSG(r.status == 1 && strstr(r.err, "tests/bad/limit_body_loop.lua:3: " BUDGET), "unsafe: %d: %s", r.status, r.err);
    const char *bad[] = {"--max-instructions -1", "--max-instructions 1.5", "--max-memory x", "--max-memory", NULL};
    for (int i = 0; bad[i]; i++) {
        char args[256];
        snprintf(args, sizeof args, "run tests/scripts/budget_loop.lua %s", bad[i]);
        run(&r, args);
        CHECK_MSG(r.status == 2 && strstr(r.err, "needs a whole number >= 0 (0: no limit)") && count_lines(r.err) == 1,
                  "%s: status %d: %s", bad[i], r.status, r.err);
    }
}

/* ---- the memory limit ------------------------------------------------------------------------- */

#define MEMORY "memory limit exceeded: the script's Lua state needs more than 16 MB (--max-memory MB; 0 = no limit)"

static void test_memory_in_the_body(void) { check_bad_opts("limit_memory_body.lua", "--max-memory 16", 3, MEMORY); }
static void test_memory_in_an_until(void)
{
    check_failed_run("tests/bad/limit_memory_until.lua", "--max-memory 16", 5, "field stages[1].till: at step 1: " MEMORY,
                     "grows", 1);
}
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
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 && strstr(r.err, "tests/bad/limit_memory_run.lua:16: finished: ") &&
                  !strstr(r.err, " 0 runs failed"),
              "status %d: %s", r.status, r.err);
    DIR *d = opendir(dir);
    struct dirent *e;
    int hidden = 0, files = 0;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) hidden += e->d_name[0] == '.', files++;
    if (d) closedir(d);
    CHECK_MSG(hidden == 0 && (files == 0 || files == 3), "%d files, %d of them temporary", files, hidden);
    remove_tree(dir);
}

static void test_memory_unsafe(void)
{
    result r;
    run(&r, "run tests/bad/limit_memory_body.lua --unsafe --max-memory 16");
    CHECK_MSG(r.status == 1 && strstr(r.err, "tests/bad/limit_memory_body.lua:3: " MEMORY), "unsafe: %d: %s", r.status,
              r.err);
}

const test_case sandbox_tests[] = {
    TEST(no_io),
    TEST(no_os),
    TEST(no_require),
    TEST(no_dofile),
    TEST(no_loadfile),
    TEST(no_load),
    TEST(no_loadstring),
    TEST(no_debug),
    TEST(no_collectgarbage),
    TEST(no_package),
    TEST(no_loadlib),
    TEST(no_coroutine),
    TEST(global_table_is_the_sandbox),
    TEST(no_string_dump),
    TEST(string_metatable_locked),
    TEST(string_methods_from_the_copy),
    TEST(no_finalizers),
    TEST(stale_proxy),
    TEST(proxy_index_with_a_number),
    TEST(runs_do_not_nest),
    TEST(proxy_metatable_gc),
    TEST(rep_of_empty_string),
    TEST(table_move),
    TEST(table_insert_with_len),
    TEST(budget_in_the_body),
    TEST(budget_pcall_does_not_help),
    TEST(budget_in_an_until_function),
    TEST(budget_in_an_until_string),
    TEST(budget_in_a_done),
    TEST(budget_default),
    TEST(budget_options),
    TEST(memory_in_the_body),
    TEST(memory_in_an_until),
    TEST(memory_inside_lawtester),
    TEST(memory_unsafe),
    {0, 0},
};
