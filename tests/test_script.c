/* tests/test_script.c - Lua stage scripts that check themselves: each script under
 * tests/scripts/ runs tests through lawtester.run and asserts on the results (an assert that
 * fails makes the run fail), so these tests fail whenever the scripting layer misreports. */
#include "../src/script.h"
#include "check.h"

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
static void test_names(void) { run_script("tests/scripts/names.lua"); }
static void test_spin(void) { run_script("tests/scripts/spin.lua"); }
/* the shipped stage files of the damped and six-DoF laws check their own restitution, energy
 * balance (<= 1e-9 of the work) and, for Hertz, the dt^2 fall of the quadrature energy */
static void test_stage_spring_dashpot_impact(void) { run_script("stages/spring_dashpot_impact.lua"); }
static void test_stage_hertz_impact(void) { run_script("stages/hertz_impact.lua"); }
static void test_stage_linel6_six_dofs(void) { run_script("stages/linel6_six_dofs.lua"); }
static void test_demo_script(void) { run_script("stages/compress_shear_unload.lua"); }

const test_case script_tests[] = {
    TEST(until_forms),
    TEST(scope),
    TEST(materials),
    TEST(spin),
    TEST(names),
    TEST(demo_script),
    TEST(stage_spring_dashpot_impact),
    TEST(stage_hertz_impact),
    TEST(stage_linel6_six_dofs),
    {0, 0},
};
