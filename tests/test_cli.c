/* tests/test_cli.c - the lawtester command as a user meets it: bad input gives one line
 * `FILE:LINE: ...` on stderr, a non-zero exit and no output file (and leaves an earlier result
 * alone); good runs write the documented TSV columns and the plots.  The command is $LAWTESTER
 * (default ./lawtester), so the same tests run under valgrind or a sanitizer build. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void test_bad_syntax(void) { check_bad("syntax.lua", 4, "'}' expected near 'values'"); }
static void test_bad_unknown_law(void) { check_bad("unknown_law.lua", 3, "field law: unknown law 'hookean'"); }
static void test_bad_unknown_param(void) { check_bad("unknown_param.lua", 5, "field params.ktt: law 'linear' has no parameter 'ktt'"); }
static void test_bad_whats_character(void) { check_bad("bad_whats.lua", 6, "field stages[2].whats: bad character 'x' at position 2"); }
static void test_bad_wrong_type(void) { check_bad("wrong_type.lua", 5, "field particles[2].radius: expected a number, got string"); }
static void test_bad_nan_value(void) { check_bad("nan_value.lua", 6, "field stages[1].values[1]: is NaN"); }
static void test_bad_stage_never_ends(void)
{
    check_bad("never_ends.lua", 7, "stage did not end after max_steps = 2000 steps (its until never held)");
    check_bad("never_ends.lua", 7, "field stages[2]: stage 2, step ");
}
static void test_bad_misspelt_key(void) { check_bad("unknown_key.lua", 5, "field abweight: unknown key 'abweight'"); }
static void test_bad_until_runtime_error(void) { check_bad("until_error.lua", 7, "field stages[1].till: at step 1: attempt to index a nil value (global 'C')"); }
static void test_bad_missing_until(void) { check_bad("no_until.lua", 5, "field stages[1]: has no until"); }
static void test_bad_script_runtime_error(void) { check_bad("runtime_error.lua", 2, "attempt to index a nil value (field 'missing')"); }
static void test_sandbox_has_no_os(void) { check_bad("sandbox_os.lua", 2, "attempt to index a nil value (global 'os')"); }
static void test_sandbox_has_no_load(void) { check_bad("bytecode.lua", 1, "attempt to call a nil value (global 'load')"); }

static void test_unsafe_lifts_sandbox(void)
{
    result r;
    run(&r, "run tests/bad/sandbox_os.lua --unsafe");
    /* with os available the script gets past line 2 and ends without a test */
    CHECK_MSG(strstr(r.err, "neither returns a test table nor calls lawtester.run") != NULL, "stderr: %s", r.err);
}

static void test_bytecode_refused(void)
{
    const char *path = "/tmp/lt_cli_bytecode.lua";
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (!f) return;
    fputs("\033Lua\x54\x00garbage", f);
    fclose(f);
    result r;
    run(&r, "run /tmp/lt_cli_bytecode.lua");
    CHECK(r.status == 1);
    CHECK_MSG(strstr(r.err, "attempt to load a binary chunk") != NULL, "stderr: %s", r.err);
    remove(path);
}

static void test_missing_script(void)
{
    result r;
    run(&r, "run tests/bad/does_not_exist.lua");
    CHECK(r.status != 0);
    CHECK_MSG(strstr(r.err, "tests/bad/does_not_exist.lua:0: cannot read the script") != NULL, "stderr: %s", r.err);
}

static void test_bad_command_line(void)
{
    result r;
    run(&r, "frobnicate");
    CHECK(r.status == 2 && strstr(r.err, "unknown command 'frobnicate'"));
    run(&r, "run stages/compress_shear_unload.lua --plot");
    CHECK(r.status == 2 && strstr(r.err, "--plot needs -o DIR"));
    run(&r, "run stages/compress_shear_unload.lua -o /nonexistent/dir");
    CHECK(r.status == 1);
    CHECK_MSG(strstr(r.err, "cannot write in output directory '/nonexistent/dir'") != NULL, "stderr: %s", r.err);
}

/* A failing run must not clobber an earlier complete table of the same name. */
static void test_failed_run_keeps_earlier_result(void)
{
    char *dir = make_tmpdir();
    char path[256], args[512], buf[64];
    snprintf(path, sizeof path, "%s/bad.tsv", dir);
    FILE *f = fopen(path, "w");
    fputs("earlier result\n", f);
    fclose(f);
    snprintf(args, sizeof args, "run tests/bad/never_ends.lua -o %s", dir);
    result r;
    run(&r, args);
    CHECK(r.status == 1);
    slurp(path, buf, sizeof buf);
    CHECK_STR(buf, "earlier result\n");
    CHECK(count_files(dir) == 1);
    remove_tree(dir);
}

static void test_laws_lists_linear(void)
{
    result r;
    run(&r, "laws");
    CHECK(r.status == 0);
    CHECK(strstr(r.out, "linear - ") != NULL);
    CHECK(strstr(r.out, "tanPhi") && strstr(r.out, "noSlip") && strstr(r.out, "noBreak"));
    CHECK(strstr(r.out, "elast (stored)") && strstr(r.out, "plast (dissipated)"));
}

/* The demo: the documented columns in order, one value per column on every row, and the
 * plots rendered by gnuplot. */
static void test_demo_table_and_plots(void)
{
    char *dir = make_tmpdir();
    char args[512], path[256];
    snprintf(args, sizeof args, "run stages/compress_shear_unload.lua -o %s --plot", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    snprintf(path, sizeof path, "%s/compress-shear-unload.tsv", dir);
    static char tsv[1 << 20];
    slurp(path, tsv, sizeof tsv);
    const char *header = "step\ttime\tstage\tcontact\tux\tuy\tuz\tphix\tphiy\tphiz\tvx\tvy\tvz\twx\twy\twz\t"
                         "Fx\tFy\tFz\tTx\tTy\tTz\tkn\tkt\telast\tplast\twork\tkin\tdamp\tbrk\tbalance_err\n";
    CHECK_MSG(strncmp(tsv, header, strlen(header)) == 0, "header: %.300s", tsv);
    int rows = 0, bad = 0;
    for (char *line = strchr(tsv, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
        int tabs = 0;
        for (char *p = line + 1; *p && *p != '\n'; p++) tabs += *p == '\t';
        if (tabs != 30) bad++;
        rows++;
    }
    CHECK_MSG(rows > 100 && bad == 0, "%d rows, %d with a wrong number of columns", rows, bad);
    const char *plots[] = {"energy", "force_displacement", "force_path", "stress_path"};
    for (int i = 0; i < 4; i++) {
        struct stat st;
        snprintf(path, sizeof path, "%s/compress-shear-unload-%s.png", dir, plots[i]);
        CHECK_MSG(stat(path, &st) == 0 && st.st_size > 1000, "missing or empty plot %s", path);
    }
    CHECK(strstr(r.out, "energy balance") != NULL);
    /* the law's yield surface beside the record, for stress_path */
    snprintf(path, sizeof path, "%s/compress-shear-unload-surface.tsv", dir);
    slurp(path, tsv, sizeof tsv);
    CHECK_MSG(strncmp(tsv, "curve\tFn\tFt\n0\t", 14) == 0, "surface file: %.100s", tsv);
    remove_tree(dir);
}

/* Issue 3: the energy balance of every stage file shipped under stages/ stays within 1e-9 of
 * the work (every test a script runs prints "energy balance: ... (R of the work)").  The study
 * script runs the inconsistent candidate formulas on purpose and is checked below instead. */
static void test_shipped_stage_files_balance(void)
{
    DIR *d = opendir("stages");
    CHECK(d != NULL);
    if (!d) return;
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".lua") != 0 || strcmp(e->d_name, "energy_study.lua") == 0) continue;
        char args[512];
        snprintf(args, sizeof args, "run stages/%s", e->d_name);
        result r;
        run(&r, args);
        CHECK_MSG(r.status == 0, "%s: status %d: %s", e->d_name, r.status, r.err);
        int lines = 0;
        for (const char *p = strstr(r.out, "energy balance:"); p; p = strstr(p + 1, "energy balance:")) {
            const char *q = strstr(p, "J (");
            double rel = q ? strtod(q + 3, NULL) : 1;
            CHECK_MSG(rel <= 1e-9, "%s: balance %.3g of the work", e->d_name, rel);
            lines++;
        }
        CHECK_MSG(lines > 0, "%s printed no energy balance", e->d_name);
        files++;
    }
    closedir(d);
    CHECK(files >= 1);
}

/* The dissipation study regenerates its table: one row per formula, `trapezoid` exact (round-off)
 * on sliding, combined and unloading, `doc` first order on unloading. */
static void test_energy_study_table(void)
{
    char *dir = make_tmpdir();
    char args[512], path[256];
    snprintf(args, sizeof args, "run stages/energy_study.lua -o %s -q", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    snprintf(path, sizeof path, "%s/energy-study.md", dir);
    static char md[8192];
    slurp(path, md, sizeof md);
    const char *trap = strstr(md, "| trapezoid |");
    CHECK_MSG(trap && count_lines(md) == 7, "table: %s", md);
    if (trap) {
        char row[400];
        snprintf(row, sizeof row, "%.*s", (int)strcspn(trap, "\n"), trap);
        int roundoff = 0;
        for (const char *p = strstr(row, "(round-off)"); p; p = strstr(p + 1, "(round-off)")) roundoff++;
        CHECK_MSG(roundoff == 3, "trapezoid row: %s", row);
    }
    const char *doc = strstr(md, "| doc |");
    CHECK_MSG(doc && strstr(doc, "(p = 1.00)"), "doc row: %s", doc ? doc : "missing");
    snprintf(path, sizeof path, "%s/energy-study.tsv", dir);
    struct stat st;
    CHECK(stat(path, &st) == 0 && st.st_size > 1000);
    remove_tree(dir);
}

const test_case cli_tests[] = {
    TEST(shipped_stage_files_balance),
    TEST(energy_study_table),
    TEST(bad_syntax),
    TEST(bad_unknown_law),
    TEST(bad_unknown_param),
    TEST(bad_whats_character),
    TEST(bad_wrong_type),
    TEST(bad_nan_value),
    TEST(bad_stage_never_ends),
    TEST(bad_misspelt_key),
    TEST(bad_until_runtime_error),
    TEST(bad_missing_until),
    TEST(bad_script_runtime_error),
    TEST(sandbox_has_no_os),
    TEST(sandbox_has_no_load),
    TEST(unsafe_lifts_sandbox),
    TEST(bytecode_refused),
    TEST(missing_script),
    TEST(bad_command_line),
    TEST(failed_run_keeps_earlier_result),
    TEST(laws_lists_linear),
    TEST(demo_table_and_plots),
    {0, 0},
};
