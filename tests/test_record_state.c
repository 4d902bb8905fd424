/* tests/test_record_state.c - a test's record.state (docs/records.md, "The law's state"): the
 * law's state variables as the last columns state.NAME, checked against the physics of the linear
 * law (its state Fn and Fty are the forces it returned, its slip flag is set exactly on the
 * Coulomb line) and against a Lua law's own state.  The refused lists are
 * tests/bad/record_state_*.lua. */
#include "check.h"
#include "cli.h"
#include "tools/table_read.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Compress the linear law to 1e-4 m, shear it by 3e-4 m (it slides once |Fy| reaches
 * tanPhi |Fx| = 50 N, at uy = 1e-4 m), unload it until it opens. */
static const char linear_script[] =
    "return {\n"
    "  name = 'state-linear', law = 'linear',\n"
    "  params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },\n"
    "  particles = { { radius = 0.1 }, { radius = 0.1 } },\n"
    "  normal = {0, 0, 1}, gap = 0, dt = 1e-6,\n"
    "  stages = {\n"
    "    { whats = 'v.....', values = {-1, 0,0,0,0,0}, till = 'C and C.uN <= -1e-4' },\n"
    "    { whats = 'vv....', values = {0, 1, 0,0,0,0}, till = 'C.u[2] >= 3e-4' },\n"
    "    { whats = 'vv....', values = {1, 0, 0,0,0,0}, till = 'not C' },\n"
    "  },\n"
    "  record = { state = { 'slip', 'Fn', 'Fty' } },\n"
    "}\n";

static double cell(const lt_table *t, long row, int col) { return t->v[row * t->ncols + col]; }

static void test_linear_state(void)
{
    char *dir = make_tmpdir(), args[600], path[400], err[600];
    put_file(dir, "s.lua", linear_script);
    snprintf(args, sizeof args, "run %s/s.lua -o %s -q", dir, dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "%d %s", r.status, r.err);
    snprintf(path, sizeof path, "%s/state-linear.tsv", dir);
    lt_table t;
    CHECK_MSG(lt_table_read(&t, path, err, sizeof err) == 0, "%s", err);
    if (t.ncols < 4) return;
    /* the state's columns come last, in the order the script named them */
    CHECK_STR(t.names[t.ncols - 4], "unbooked");
    CHECK_STR(t.names[t.ncols - 3], "state.slip");
    CHECK_STR(t.names[t.ncols - 2], "state.Fn");
    CHECK_STR(t.names[t.ncols - 1], "state.Fty");
    int slip = t.ncols - 3, fn = t.ncols - 2, fty = t.ncols - 1;
    int fx = lt_table_col(&t, "Fx"), fy = lt_table_col(&t, "Fy"), con = lt_table_col(&t, "contact");
    long sliding = 0, sticking = 0, apart = 0;
    for (long i = 0; i < t.nrows; i++) {
        if (cell(&t, i, con) == 0) {
            apart++;
            continue;
        }
        /* the law's state Fn, Fty: the forces it returned at this state, bit for bit */
        CHECK_MSG(cell(&t, i, fn) == cell(&t, i, fx) && cell(&t, i, fty) == cell(&t, i, fy),
                  "row %ld: Fn %.17g Fx %.17g Fty %.17g Fy %.17g", i, cell(&t, i, fn),
                  cell(&t, i, fx), cell(&t, i, fty), cell(&t, i, fy));
        /* |Fy| - tanPhi |Fx|: 0 on the Coulomb line (to round-off of the 100 N scale) */
        double s = cell(&t, i, slip), excess = fabs(cell(&t, i, fy)) - 0.5 * fabs(cell(&t, i, fx));
        CHECK_MSG(s == 0 || s == 1, "row %ld: slip %g", i, s);
        if (s == 1) {
            sliding++; /* on the line */
            CHECK_MSG(fabs(excess) < 1e-12, "row %ld: slip with |Fy| - |Fx|/2 = %.17g", i, excess);
        } else {
            sticking++; /* inside the cone */
            CHECK_MSG(excess < 1e-12, "row %ld: stick with |Fy| - |Fx|/2 = %.17g", i, excess);
        }
    }
    /* the shear slides for 2e-4 m of its 3e-4 m, the unloading on the line all the way */
    CHECK_MSG(sliding > 200 && sticking > 200 && apart >= 1, "slide %ld stick %ld apart %ld",
              sliding, sticking, apart);
    lt_table_free(&t);
    remove_tree(dir);
}

/* A Lua law's state variable, recorded as it set it: s.depth = -uN at every step. */
static const char lua_script[] =
    "lawtester.law{\n"
    "  name = 'depth_law', summary = 'a spring that keeps its depth',\n"
    "  state = { 'depth' },\n"
    "  step = function(p, c, s, out)\n"
    "    if c.uN > 0 then return false end\n"
    "    s.depth = -c.uN\n"
    "    out.f[1] = 1e6 * c.uN\n"
    "    out.k[1] = 1e6\n"
    "    return true\n"
    "  end,\n"
    "}\n"
    "lawtester.run{\n"
    "  name = 'state-lua', law = 'depth_law', particles = { { radius = 0.1 }, { radius = 0.1 } },\n"
    "  normal = {0, 0, 1}, gap = 0, dt = 1e-6, record = { state = { 'depth' } },\n"
    "  stages = { { whats = 'v.....', values = {-1, 0,0,0,0,0}, till = 'stage.step >= 50' } },\n"
    "}\n";

static void test_lua_law_state(void)
{
    char *dir = make_tmpdir(), args[600], path[400], err[600];
    put_file(dir, "s.lua", lua_script);
    snprintf(args, sizeof args, "run %s/s.lua -o %s -q", dir, dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "%d %s", r.status, r.err);
    snprintf(path, sizeof path, "%s/state-lua.tsv", dir);
    lt_table t;
    CHECK_MSG(lt_table_read(&t, path, err, sizeof err) == 0, "%s", err);
    int depth = lt_table_col(&t, "state.depth"), ux = lt_table_col(&t, "ux");
    CHECK(depth == t.ncols - 1 && ux >= 0 && t.nrows == 51);
    if (depth < 0 || ux < 0) return;
    for (long i = 0; i < t.nrows; i++)
        CHECK_MSG(cell(&t, i, depth) == -cell(&t, i, ux), "row %ld: depth %.17g ux %.17g", i,
                  cell(&t, i, depth), cell(&t, i, ux));
    lt_table_free(&t);
    remove_tree(dir);
}

const test_case record_state_tests[] = {
    TEST(linear_state),
    TEST(lua_law_state),
    {NULL, NULL},
};
