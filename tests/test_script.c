/* tests/test_script.c - Lua stage scripts that check themselves: each script under
 * tests/scripts/ runs tests through lawtester.run and asserts on the results (an assert that
 * fails makes the run fail), so these tests fail whenever the scripting layer misreports. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "script/script.h"
#include <stdlib.h>
#include <unistd.h>

static void run_script(const char *path)
{
    lt_script_opts o = {0};
    o.quiet = 1;
    int rc = lt_script_run_file(path, &o);
    CHECK_MSG(rc == 0, "%s failed (its message is above)", path);
}

static void test_until_forms(void) { run_script("tests/scripts/until_forms.lua"); }
static void test_scope(void) { run_script("tests/scripts/scope.lua"); }
static void test_materials(void) { run_script("tests/scripts/materials.lua"); }
/* a Lua law at LT_MAX_STATE and LT_MAX_ENERGIES: more keys than a C closure has upvalues, more
 * values than a Lua stack holds without asking (both overran memory before) */
static void test_lua_law_long_state(void) { run_script("tests/scripts/lua_law_long_state.lua"); }
static void test_shapes(void) { run_script("tests/scripts/shapes.lua"); }
static void test_names(void) { run_script("tests/scripts/names.lua"); }
static void test_spin(void) { run_script("tests/scripts/spin.lua"); }
/* the shipped stage files of the damped and six-DoF laws check their own restitution, energy
 * balance (<= 1e-9 of the work) and, for Hertz, the dt^2 fall of the quadrature energy */
static void test_stage_spring_dashpot_impact(void)
{
    run_script("stages/spring_dashpot_impact.lua");
}
static void test_stage_hertz_impact(void) { run_script("stages/hertz_impact.lua"); }
static void test_stage_linel6_six_dofs(void) { run_script("stages/linel6_six_dofs.lua"); }
static void test_demo_script(void) { run_script("stages/compress_shear_unload.lua"); }
/* checks its cycle dissipation against the closed form, the servo's normal force and the balance */
static void test_stage_cyclic_shear_servo(void) { run_script("stages/cyclic_shear_servo.lua"); }
/* the worked examples assert Woo's documented printed kn to 10 digits themselves */
static void test_woo_capsule_sphere_script(void) { run_script("stages/woo_capsule_sphere.lua"); }
static void test_woo_facet_sphere_script(void) { run_script("stages/woo_facet_sphere.lua"); }

static void test_compiled_until_rebinding(void) { run_script("tests/scripts/compiled_until.lua"); }

static int same_file(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa && fb;
    while (same) { /* both files read on every round, so that a shorter one differs */
        int ca = fgetc(fa), cb = fgetc(fb);
        same = ca == cb;
        if (ca == EOF || cb == EOF) break;
    }
    if (fa) fclose(fa);
    if (fb) fclose(fb);
    return same;
}

/* The demo's tables are byte-identical whether its `until` strings are compiled or run in Lua,
 * and the compiled run did evaluate them in C (all three). */
static void test_compiled_until_same_tables(void)
{
    char dirs[2][32] = {"/tmp/lt_until_XXXXXX", "/tmp/lt_until_XXXXXX"};
    for (int lua = 0; lua < 2; lua++) {
        CHECK(mkdtemp(dirs[lua]) != NULL);
        lt_script_stats st = {0, 0, 0, 0, 0};
        lt_script_opts o = {0};
        o.quiet = 1;
        o.out_dir = dirs[lua];
        o.lua_until = lua;
        o.stats = &st;
        CHECK(lt_script_run_file("stages/compress_shear_unload.lua", &o) == 0);
        CHECK_MSG(st.compiled_untils == (lua ? 0 : 3) && st.lua_untils == (lua ? 3 : 0),
                  "compiled %ld, lua %ld", st.compiled_untils, st.lua_untils);
        CHECK(st.tests == 1 && st.steps >= 5000 && st.rows > 400);
    }
    char a[96], b[96];
    snprintf(a, sizeof a, "%s/compress-shear-unload.tsv", dirs[0]);
    snprintf(b, sizeof b, "%s/compress-shear-unload.tsv", dirs[1]);
    CHECK_MSG(same_file(a, b), "%s and %s differ", a, b);
    const char *written[] = {".tsv", ".meta", "-surface.tsv"};
    for (int i = 0; i < 2; i++) {
        for (int k = 0; k < 3; k++) {
            snprintf(a, sizeof a, "%s/compress-shear-unload%s", dirs[i], written[k]);
            remove(a);
        }
        CHECK(rmdir(dirs[i]) == 0);
    }
}
static void test_probe_from_lua(void) { run_script("tests/scripts/probe.lua"); }
static void test_probe_coulomb_from_lua(void) { run_script("tests/scripts/probe_coulomb.lua"); }

const test_case script_tests[] = {
    TEST(until_forms),
    TEST(scope),
    TEST(materials),
    TEST(lua_law_long_state),
    TEST(shapes),
    TEST(demo_script),
    TEST(woo_capsule_sphere_script),
    TEST(woo_facet_sphere_script),
    TEST(compiled_until_rebinding),
    TEST(compiled_until_same_tables),
    TEST(spin),
    TEST(names),
    TEST(demo_script),
    TEST(stage_spring_dashpot_impact),
    TEST(stage_hertz_impact),
    TEST(stage_linel6_six_dofs),
    TEST(stage_cyclic_shear_servo),
    TEST(probe_from_lua),
    TEST(probe_coulomb_from_lua),
    {0, 0},
};
