/* tests/test_lua_law.c - contact laws written in Lua (lawtester.law, docs/lua-laws.md): the Lua
 * version of `linear` (stages/lua_linear.lua) records what the built-in records; bad law tables
 * are one-line errors with file, line and field; errors, budget overruns and non-finite output
 * inside a law's step end the run like any failure (rows kept as .partial); a law leaves the
 * registry when its script ends; laws with state and laws that break; lawtester.verify_law. */
#include "check.h"
#include "cli.h"
#include "contact/registry.h"
#include "script/script.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The Lua linear law against the built-in, column by column, relative to the largest |value|
 * of the column.  On a path with the tangential force along one axis the two give the same bits
 * (|Ft| = sqrt(Fy^2) = hypot(Fy, 0) exactly); with both tangential components the Lua law takes
 * |Ft| as sqrt(Fy^2 + Fz^2) (Lua has no hypot), which may differ from C's hypot by an ulp, i.e.
 * 1.1e-16 of the force per step; over the ~1e4 steps of these runs, with the slip's radial
 * return feeding it back, that stays below 1e-12 of each column's scale. */
#define TOL_LUA_LINEAR 1e-12
/* Fy = kt uy of an elastic incremental spring: the sum of kt v dt over the steps against kt
 * times the driver's accumulated displacement (the same sum in another order): round-off. */
#define TOL_SPRING 1e-12

/* ---- records --------------------------------------------------------------------------- */

#define MAX_COLS 64

typedef struct table {
    char names[MAX_COLS][32];
    int cols, rows;
    double *x; /* rows x cols */
} table;

static int read_table(const char *path, table *t)
{
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[8192];
    int cap = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        if (!t->cols) {
            for (char *tok = strtok(line, "\t\n"); tok && t->cols < MAX_COLS;
                 tok = strtok(NULL, "\t\n"))
                snprintf(t->names[t->cols++], sizeof t->names[0], "%s", tok);
            continue;
        }
        if (t->rows == cap) {
            cap = cap ? 2 * cap : 256;
            double *nx = realloc(t->x, (size_t)cap * (size_t)t->cols * sizeof *nx);
            if (!nx) break;
            t->x = nx;
        }
        char *p = line;
        for (int c = 0; c < t->cols; c++)
            t->x[(size_t)t->rows * (size_t)t->cols + (size_t)c] = strtod(p, &p);
        t->rows++;
    }
    fclose(f);
    return t->cols > 0 ? 0 : -1;
}

static int column(const table *t, const char *name)
{
    for (int c = 0; c < t->cols; c++)
        if (strcmp(t->names[c], name) == 0) return c;
    CHECK_MSG(0, "no column %s", name);
    return 0;
}

static double at(const table *t, int row, int col)
{
    return t->x[(size_t)row * (size_t)t->cols + (size_t)col];
}

/* Every column of a and b equal within tol of the column's largest |value|; the largest such
 * deviation in *worst.  Except balance_err, form and unbooked: they are residuals, the work minus
 * the energies (src/driver/driver.h), round-off of the work's size whatever their own (4.8e-10 J
 * against 0.4 J of work on the oblique path), so their scale is the work's. */
static void check_same_records(const table *a, const table *b, double tol, const char *what,
                               double *worst)
{
    CHECK_MSG(a->cols == b->cols && a->rows == b->rows && a->rows > 10,
              "%s: %d x %d rows against %d x %d", what, a->rows, a->cols, b->rows, b->cols);
    if (a->cols != b->cols || a->rows != b->rows) return;
    *worst = 0;
    for (int c = 0; c < a->cols; c++) {
        CHECK_STR(a->names[c], b->names[c]);
        int sc = strcmp(a->names[c], "balance_err") == 0 || strcmp(a->names[c], "form") == 0 ||
                         strcmp(a->names[c], "unbooked") == 0
                     ? column(a, "work")
                     : c;
        double scale = 0, dev = 0;
        for (int r = 0; r < a->rows; r++) {
            scale = fmax(scale, fabs(at(b, r, sc)));
            dev = fmax(dev, fabs(at(a, r, c) - at(b, r, c)));
        }
        double rel = scale > 0 ? dev / scale : dev;
        *worst = fmax(*worst, rel);
        CHECK_MSG(rel <= tol, "%s: column %s deviates by %.3g of its scale %.3g", what, a->names[c],
                  rel, scale);
    }
}

/* The law part of stages/lua_linear.lua (everything before its test) into buf. */
static void lua_linear_law(char *buf, size_t n)
{
    slurp("stages/lua_linear.lua", buf, n);
    char *end = strstr(buf, "-- ---- the test");
    CHECK_MSG(end != NULL, "stages/lua_linear.lua has no '-- ---- the test' line");
    if (end) *end = 0;
}

static void write_text(const char *path, const char *a, const char *b)
{
    FILE *f = fopen(path, "w");
    CHECK_MSG(f != NULL, "cannot write %s", path);
    if (!f) return;
    fputs(a, f);
    fputs(b, f);
    fclose(f);
}

/* Run `lawtester run FILE -o DIR -q`, expecting success. */
static void run_ok(const char *file, const char *dir)
{
    char args[1024];
    result r;
    snprintf(args, sizeof args, "run %s -o %s -q", file, dir);
    run(&r, args);
    CHECK_MSG(r.status == 0, "%s: exit %d: %s", file, r.status, r.err);
}

/* The table dir/NAME.tsv into t (0, or read_table's error). */
static int read_named_table(const char *dir, const char *name, table *t)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s.tsv", dir, name);
    return read_table(path, t);
}

static void test_lua_linear_equals_builtin_csu(void)
{
    char *dir = make_tmpdir();
    run_ok("stages/lua_linear.lua", dir);
    run_ok("stages/compress_shear_unload.lua", dir);
    table a, b;
    CHECK(read_named_table(dir, "lua-linear-csu", &a) == 0);
    CHECK(read_named_table(dir, "compress-shear-unload", &b) == 0);
    double worst = 1;
    check_same_records(&a, &b, TOL_LUA_LINEAR, "compress-shear-unload", &worst);
    free(a.x);
    free(b.x);
    remove_tree(dir);
}

/* An oblique shear (both tangential components, with a twist of the pair so the frame turns),
 * sliding, then normal unloading, for each slip-dissipation formula: lua_linear and linear. */
static void test_lua_linear_equals_builtin_oblique(void)
{
    static const char *const formulas[] = {"trapezoid", "doc", "code", "potential", "path"};
    size_t n = 1 << 16;
    char *law = malloc(n), test[2048], path[600];
    if (!law) return;
    lua_linear_law(law, n);
    char *dir = make_tmpdir();
    for (int i = 0; i < 5; i++) {
        for (int k = 0; k < 2; k++) {
            snprintf(test, sizeof test,
                     "return {\n"
                     "  name = 'oblique-%s', law = '%s',\n"
                     "  params = { kn = 1e6, kt = 3e5, tanPhi = 0.4, dissipation = '%s' },\n"
                     "  particles = { { radius = 0.1 }, { radius = 0.08 } },\n"
                     "  normal = {0.3, -0.2, 1}, gap = 0, dt = 1e-6, abWeight = 0.3,\n"
                     "  stages = {\n"
                     "    { whats = 'v.....', values = {-1, 0,0,0,0,0}, till = 'C and C.uN <= "
                     "-8e-4' },\n"
                     "    { whats = 'vvvv..', values = {0, 0.6, -0.8, 2, 0,0}, till = 'stage.step "
                     ">= 4000' },\n"
                     "    { whats = 'vvv...', values = {0.7, -0.3, 0.4, 0,0,0}, till = 'not C' },\n"
                     "  },\n"
                     "  record = { every = 7 },\n"
                     "}\n",
                     k ? "c" : "lua", k ? "linear" : "lua_linear", formulas[i]);
            snprintf(path, sizeof path, "%s/oblique_%d.lua", dir, k);
            write_text(path, k ? "" : law, test);
            run_ok(path, dir);
        }
        table a, b;
        CHECK(read_named_table(dir, "oblique-lua", &a) == 0);
        CHECK(read_named_table(dir, "oblique-c", &b) == 0);
        double worst = 1;
        check_same_records(&a, &b, TOL_LUA_LINEAR, formulas[i], &worst);
        /* the path slides: plast is not zero, so the formula was exercised */
        if (a.rows > 0)
            CHECK_MSG(at(&a, a.rows - 1, column(&a, "plast")) > 0, "%s: no slip on the path",
                      formulas[i]);
        free(a.x);
        free(b.x);
    }
    free(law);
    remove_tree(dir);
}

/* ---- failures inside a law ------------------------------------------------------------- */

static void test_error_in_step(void)
{
    check_failed_run("tests/scripts/lua_law_error.lua", "", 8,
                     "law 'boom': step (stage 1, step 5): too many steps", "boom", 3);
}

static void test_budget_in_step(void)
{
    check_failed_run("tests/scripts/lua_law_loop.lua", "--max-instructions 100000", 8,
                     "law 'loop': step (stage 1, step 5): instruction budget exhausted: more than "
                     "100000 Lua instructions",
                     "loop", 3);
}

static void test_nan_output(void)
{
    check_failed_run("tests/scripts/lua_law_nan.lua", "", 12,
                     "stage 1, step 5: law 'nan' returned a non-finite force Fy = nan", "nan", 3);
}

/* ---- what a law may touch ------------------------------------------------------------------ */

/* A law whose step runs `code` on its first call (line 6 of the script), in a script of a
 * normal spring with the parameter kn, the state Fty and the energy elast: the run fails with
 * FILE:6: law 'probe': step (stage 1, step 1): `fragment` (fragment NULL: the run succeeds). */
static void check_step_code(const char *code, const char *fragment)
{
    char *dir = make_tmpdir(), path[600], text[2048], args[800], want[800];
    snprintf(
        text, sizeof text,
        "lawtester.law{ name = 'probe', summary = 'a normal spring running a line of test code',\n"
        "  params = { { name = 'kn', default = 1e6, min = 0, unit = 'N/m', doc = 'normal "
        "stiffness' },\n"
        "    { name = 'kt', optional = true, min = 0, unit = 'N/m', doc = 'unused' } },\n"
        "  state = { 'Fty' }, energies = { { name = 'elast', kind = 'stored', doc = 'energy' } },\n"
        "  step = function(p, c, s, out) out.f[1] = p.kn * c.uN; out.e.elast = 0.5 * p.kn * c.uN ^ "
        "2\n"
        "    %s\n"
        "    return true end }\n"
        "return { name = 'probe', law = 'probe', particles = { { radius = 0.1 }, { radius = 0.1 } "
        "}, dt = 1e-6,\n"
        "  stages = { { whats = 'v.....', values = {-1, 0,0,0,0,0}, till = 'stage.step >= 3' } } "
        "}\n",
        code);
    snprintf(path, sizeof path, "%s/probe.lua", dir);
    write_text(path, text, "");
    snprintf(args, sizeof args, "run %s -o %s -q", path, dir);
    result r;
    run(&r, args);
    if (!fragment) {
        CHECK_MSG(r.status == 0, "%s: exit %d: %s", code, r.status, r.err);
    } else {
        snprintf(want, sizeof want, "%s:6: law 'probe': step (stage 1, step 1): %s", path,
                 fragment);
        CHECK_MSG(r.status != 0 && strstr(r.err, want) != NULL, "%s: exit %d, expected '%s' in: %s",
                  code, r.status, want, r.err);
    }
    remove_tree(dir);
}

/* Every table is checked, reads as well as writes; reading what exists works as a table would. */
static void test_tables_guarded(void)
{
    check_step_code("c.kn = 0", "the contact is read-only: c.kn = 0");
    check_step_code("c.v[2] = 0.5", "the contact is read-only: c.v[2] = 0.5");
    check_step_code("c.mat[1].young = 1e9",
                    "the contact is read-only: c.mat[1].young = 1000000000");
    check_step_code("p.kt = 1", "the parameters are read-only: p.kt = 1 (");
    check_step_code("local x = p.knn", "p has no parameter 'knn' (declared: kn, kt)");
    check_step_code(
        "local x = c.un",
        "c has no field 'un' (fields: uN, v, dt, fresh, lens, contA, kn, kt, tanPhi, rcurv, "
        "mstar, mat)");
    check_step_code("local x = c.v[7]", "c.v has no index 7 (1..6)");
    check_step_code("local x = s.Ftyy + 1", "the state has no key 'Ftyy' (declared: Fty)");
    check_step_code("local x = out.e.elsat", "out.e has no energy 'elsat' (declared: elast)");
    check_step_code("out.k[3] = 1", "out.k has no index 3 (1..2: ");
    check_step_code("out.f[1.5] = 1", "out.f has no index 1.5 (1..6: ");
    check_step_code("local x = out.g", "out has no field 'g' (fields: f, k, e)");
    check_step_code("out.f = {}",
                    "out's fields are lawtester's tables f, k and e: out.f = a table");
    check_step_code("rawset(p, 'kn', 1)",
                    "bad argument #1 to 'rawset' (table expected, got userdata)");
    /* what is declared reads and writes as before, through pairs, ipairs, # and table.unpack too */
    check_step_code(
        "local n = 0; for k, v in pairs(p) do n = n + 1 end; assert(n == 1 and p.kt == nil)\n"
        "    local m = 0; for i, v in ipairs(c.v) do m = m + 1 end; assert(m == 6 and #c.v == 6)\n"
        "    assert(select('#', table.unpack(c.lens)) == 2 and c.mat[1].tanPhi == 0.5)\n"
        "    s.Fty = nil; s.Fty = 2; out.f[2] = nil; out.f[2] = s.Fty; assert(out.f[2] == 2)",
        NULL);
}

/* Nothing a law leaves in lawtester's tables outlives its contact or its run: the law of
 * tests/scripts/lua_law_fresh.lua counts its calls in a key it adds to s with rawset and writes
 * Fz = that count - its declared step count, 0 while the key starts afresh with every contact
 * (before, it ran on over contacts and runs); the script's two identical runs record the same
 * bytes. */
static void test_fresh_contacts_and_runs(void)
{
    char *dir = make_tmpdir(), a_path[600], b_path[600];
    run_ok("tests/scripts/lua_law_fresh.lua", dir);
    table t;
    CHECK(read_named_table(dir, "fresh-1", &t) == 0);
    int fz = column(&t, "Fz"), con = column(&t, "contact"), contacts = 0, nonzero = 0;
    for (int r = 0; r < t.rows; r++) {
        if (at(&t, r, con) == 1 && (r == 0 || at(&t, r - 1, con) == 0)) contacts++;
        if (at(&t, r, fz) != 0) nonzero++;
    }
    CHECK_MSG(contacts == 2, "%d contacts formed, expected 2", contacts);
    CHECK_MSG(nonzero == 0, "Fz != 0 on %d rows: a key of an earlier contact survived", nonzero);
    free(t.x);
    size_t n = 1 << 20;
    char *a = malloc(n), *b = malloc(n);
    if (a && b) {
        snprintf(a_path, sizeof a_path, "%s/fresh-1.tsv", dir);
        snprintf(b_path, sizeof b_path, "%s/fresh-2.tsv", dir);
        slurp(a_path, a, n);
        slurp(b_path, b, n);
        CHECK_MSG(strlen(a) > 1000 && strcmp(a, b) == 0,
                  "the two runs' records differ (%zu and %zu bytes)", strlen(a), strlen(b));
    }
    free(a);
    free(b);
    remove_tree(dir);
}

/* ---- the law's life ---------------------------------------------------------------------- */

static void test_removed_when_script_ends(void)
{
    lt_script_opts o;
    memset(&o, 0, sizeof o);
    o.quiet = 1;
    int before = 0;
    while (lt_laws[before]) before++;
    CHECK(lt_script_run_file("tests/scripts/lua_law_twice.lua", &o) == 0);
    CHECK(lt_find_law("twice") == NULL);
    CHECK(lt_script_run_file("tests/scripts/lua_law_twice.lua", &o) == 0);
    CHECK(lt_find_law("twice") == NULL);
    int after = 0;
    while (lt_laws[after]) after++;
    CHECK(after == before);
}

/* ---- laws with state, laws that break ------------------------------------------------------ */

static void test_state_tangential_spring(void)
{
    char *dir = make_tmpdir();
    run_ok("tests/scripts/lua_law_spring.lua", dir);
    table t;
    CHECK(read_named_table(dir, "tspring", &t) == 0);
    const double kt = 4e5; /* N/m, the law's default */
    int uy = column(&t, "uy"), fy = column(&t, "Fy"), st = column(&t, "stage"), checked = 0;
    double fpeak = 0;
    for (int r = 0; r < t.rows; r++)
        if (at(&t, r, st) == 2) {
            CHECK_ABS(at(&t, r, fy), kt * at(&t, r, uy), TOL_SPRING * kt * 2e-4, "Fy = kt uy");
            fpeak = fmax(fpeak, fabs(at(&t, r, fy)));
            checked++;
        }
    CHECK_MSG(checked > 100, "%d rows in the shear stage", checked);
    CHECK_REL(fpeak, kt * 2e-4, 0.01, "the shear reached 2e-4 m (to a step of 5e-7 m)");
    free(t.x);
    remove_tree(dir);
}

static void test_breaking_bond(void)
{
    char *dir = make_tmpdir();
    run_ok("tests/scripts/lua_law_break.lua", dir);
    table t;
    CHECK(read_named_table(dir, "bond", &t) == 0);
    const double ubreak = 5e-5, du = 1e-6; /* m; the opening per step, 1 m/s x 1e-6 s */
    int ux = column(&t, "ux"), con = column(&t, "contact"), st = column(&t, "stage");
    int last = t.rows - 1;
    CHECK(last > 2);
    if (last <= 2) return;
    /* the pull stage ends on the first state without contact: the one past ubreak */
    CHECK(at(&t, last, st) == 2 && at(&t, last, con) == 0);
    CHECK(at(&t, last, ux) > ubreak && at(&t, last, ux) <= ubreak + du * (1 + 1e-9));
    CHECK(at(&t, last - 1, con) == 1 && at(&t, last - 1, ux) <= ubreak);
    free(t.x);
    remove_tree(dir);
}

/* ---- verify's generic checks ----------------------------------------------------------------- */

/* Run lawtester.verify_law on the Lua law defined by law_text (named name); the counts it
 * returns into failed and rows, its stdout into r. */
static void verify_lua(const char *law_text, const char *name, int *failed, int *rows, result *r)
{
    char *dir = make_tmpdir(), path[600], tail[512], args[800], counts[128];
    snprintf(tail, sizeof tail,
             "local failed, rows = lawtester.verify_law('%s')\n"
             "lawtester.write('counts.txt', failed .. ' ' .. rows)\n",
             name);
    snprintf(path, sizeof path, "%s/verify.lua", dir);
    write_text(path, law_text, tail);
    snprintf(args, sizeof args, "run %s -o %s", path, dir);
    run(r, args);
    CHECK_MSG(r->status == 0, "verify_law: exit %d: %s", r->status, r->err);
    snprintf(path, sizeof path, "%s/counts.txt", dir);
    slurp(path, counts, sizeof counts);
    *failed = *rows = -1;
    CHECK(sscanf(counts, "%d %d", failed, rows) == 2);
    remove_tree(dir);
}

static void test_verify_lua_linear(void)
{
    size_t n = 1 << 16;
    char *law = malloc(n);
    result *r = malloc(sizeof *r);
    if (!law || !r) return;
    lua_linear_law(law, n);
    int failed, rows;
    verify_lua(law, "lua_linear", &failed, &rows, r);
    CHECK_MSG(failed == 0 && rows >= 8, "lua_linear: %d of %d rows failed: %s", failed, rows,
              r->out);
    CHECK(strstr(r->out, "generic-path") != NULL && strstr(r->out, "lua_linear") != NULL);
    free(law);
    free(r);
}

/* A law whose stored energy is twice the spring's (kn uN^2 instead of kn uN^2 / 2): the energy
 * balance of the generic path fails, the force checks pass. */
static void test_verify_wrong_energy(void)
{
    static const char law[] =
        "lawtester.law{ name = 'wrong_energy', summary = 'a normal spring with twice its energy',\n"
        "  energies = { { name = 'elast', kind = 'stored', doc = 'claimed: kn uN^2 (should be "
        "half)' } },\n"
        "  step = function(p, c, s, out)\n"
        "    if c.uN > 0 then return false end\n"
        "    out.f[1] = 1e6 * c.uN; out.k[1] = 1e6\n"
        "    out.e.elast = 1e6 * c.uN * c.uN\n"
        "    return true\n"
        "  end }\n";
    result *r = malloc(sizeof *r);
    if (!r) return;
    int failed, rows;
    verify_lua(law, "wrong_energy", &failed, &rows, r);
    CHECK_MSG(failed > 0 && failed < rows, "wrong_energy: %d of %d rows failed", failed, rows);
    /* the balance row of the generic path is among the failed ones */
    const char *p = strstr(r->out, "generic-path");
    int balance_failed = 0;
    for (; p; p = strstr(p + 1, "generic-path")) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)len, p);
        if (strstr(line, "balance") && strstr(line, "FAIL")) balance_failed = 1;
    }
    CHECK_MSG(balance_failed, "no failed balance row of generic-path: %s", r->out);
    free(r);
}

const test_case lua_law_tests[] = {
    TEST(lua_linear_equals_builtin_csu),
    TEST(lua_linear_equals_builtin_oblique),
    TEST(error_in_step),
    TEST(budget_in_step),
    TEST(nan_output),
    TEST(tables_guarded),
    TEST(fresh_contacts_and_runs),
    TEST(removed_when_script_ends),
    TEST(state_tangential_spring),
    TEST(breaking_bond),
    TEST(verify_lua_linear),
    TEST(verify_wrong_energy),
    {0, 0},
};
