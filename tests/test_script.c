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
static void test_demo_script(void) { run_script("stages/compress_shear_unload.lua"); }
static void test_probe_from_lua(void) { run_script("tests/scripts/probe.lua"); }

const test_case script_tests[] = {
    TEST(until_forms),
    TEST(scope),
    TEST(materials),
    TEST(demo_script),
    TEST(probe_from_lua),
    {0, 0},
};
