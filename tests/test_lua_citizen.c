/* tests/test_lua_citizen.c - a Lua law as a full citizen (docs/lua-laws.md, "Yield surface and
 * cases"; docs/stage-scripts.md, "Modules"): a law written in a module and loaded by `require`
 * in the sandbox declares a Coulomb yield surface and analytic cases like a C law, so that
 *   - lawtester.verify_law runs its normal, cycle and impact cases against their closed forms,
 *     and the oblique sweep (generic-oblique) because it has an impact case; a deliberately
 *     wrong closed form fails its row and only that one;
 *   - lawtester.probe_yield probes it: every yield point on the closed-form cone within one
 *     increment, the same points as the built-in `linear` (tests/scripts/lua_citizen_probe.lua
 *     asserts them);
 *   - a case file takes the same law file by `require` (no --unsafe);
 * and the sandbox's require refuses, each in one line at the line of the call: a path out of
 * the script's directory, an absolute path, a native library, a symbolic link leading out, a
 * missing module, a loop of requires; a module's own errors name its file and line, also for a
 * law table written in it.  Errors inside the yield functions and closed forms end the probe or
 * verify_law with one line at the function's line.  A law's known defects (`known`, with `when`)
 * turn its failing rows XFAIL where they apply and leave them plain elsewhere; a claimed defect
 * on a passing row is XPASS, a failure (tests/scripts/known_defects.lua). */
#include "check.h"
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The result (PASS or FAIL) of the row of law, case and quantity in verify's output; "" if
 * there is no such row. */
static const char *row_result(const char *out, const char *law, const char *kase,
                              const char *quantity)
{
    static char res[8];
    res[0] = 0;
    for (const char *p = out; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[600], l[80], k[80];
        snprintf(line, sizeof line, "%.*s", (int)len, p);
        if (sscanf(line, "%79s %79s", l, k) != 2 || strcmp(l, law) || strcmp(k, kase)) continue;
        const char *q = strstr(line, kase) + strlen(kase);
        while (*q == ' ') q++;
        if (strncmp(q, quantity, strlen(quantity)) != 0 || q[strlen(quantity)] != ' ') continue;
        /* the result column, then on a failed row the note in parentheses */
        const char *pass = strstr(q, " PASS"), *fail = strstr(q, " FAIL");
        snprintf(res, sizeof res, "%s",
                 pass && (!fail || pass < fail) ? "PASS"
                 : fail                         ? "FAIL"
                                                : "");
        return res;
    }
    return res;
}

/* ---- verify_law of the law's own cases ------------------------------------------------------ */

static void test_verify_law_cases(void)
{
    result *r = malloc(sizeof *r);
    if (!r) return;
    run(r, "run tests/scripts/lua_citizen_verify.lua");
    CHECK_MSG(r->status == 0, "status %d: %s", r->status, r->err);
    static const char *const passing[][2] = {
        {"normal-load", "Fn(uN)"},
        {"normal-load", "kn(uN)"},
        {"normal-load", "elast(uN)"},
        {"normal-load", "balance"},
        {"shear-cycle", "cycle energy"},
        {"shear-cycle", "kt"},
        {"shear-cycle", "slip force"},
        {"impact", "e"},
        {"impact", "t_contact"},
        {"impact", "max overlap"},
        {"impact", "max force"},
        {"impact", "balance"},
        {"generic-oblique", "plast decrease"},
        {"generic-oblique", "balance"},
    };
    for (size_t i = 0; i < sizeof passing / sizeof passing[0]; i++)
        CHECK_MSG(strcmp(row_result(r->out, "lua_coulomb", passing[i][0], passing[i][1]), "PASS") ==
                      0,
                  "lua_coulomb %s %s: '%s'\n%s", passing[i][0], passing[i][1],
                  row_result(r->out, "lua_coulomb", passing[i][0], passing[i][1]), r->out);
    CHECK_MSG(strcmp(row_result(r->out, "lua_coulomb", "generic-oblique", "KE gain"), "PASS") == 0,
              "%s", r->out);
    int failed = -1, rows = -1;
    const char *s = strstr(r->out, "lua_coulomb: ");
    CHECK(s && sscanf(s, "lua_coulomb: %d of %d failed", &failed, &rows) == 2);
    CHECK_MSG(failed == 0 && rows >= 28, "lua_coulomb: %d of %d failed", failed, rows);
    /* the wrong closed form of Fn (2 kn uN): that row fails, and nothing else */
    CHECK_MSG(strcmp(row_result(r->out, "lua_coulomb_wrong", "normal-load", "Fn(uN)"), "FAIL") == 0,
              "%s", r->out);
    CHECK_MSG(strcmp(row_result(r->out, "lua_coulomb_wrong", "normal-load", "kn(uN)"), "PASS") == 0,
              "%s", r->out);
    s = strstr(r->out, "lua_coulomb_wrong: ");
    CHECK(s && sscanf(s, "lua_coulomb_wrong: %d of %d failed", &failed, &rows) == 2);
    CHECK_MSG(failed == 1 && rows >= 28, "lua_coulomb_wrong: %d of %d failed", failed, rows);
    free(r);
}

/* ---- probes --------------------------------------------------------------------------------- */

static void test_probe_yield(void)
{
    result *r = malloc(sizeof *r);
    if (!r) return;
    run(r, "run tests/scripts/lua_citizen_probe.lua");
    int on_cone = 0, dirs = 0;
    const char *s = strstr(r->out, "lua_coulomb: ");
    CHECK_MSG(r->status == 0 && s &&
                  sscanf(s, "lua_coulomb: %d of %d directions on the cone", &on_cone, &dirs) == 2,
              "status %d: %s", r->status, r->err);
    CHECK_MSG(dirs == 24 && on_cone >= 12, "%d of %d", on_cone, dirs);
    free(r);
}

/* ---- the law file shared with a case file ---------------------------------------------------- */

static void test_case_file_requires_the_law(void)
{
    result *r = malloc(sizeof *r);
    if (!r) return;
    run(r, "verify tests/scripts/lua_citizen_cases.lua");
    CHECK_MSG(
        r->status == 0 &&
            strstr(r->out,
                   "verify: 3 checks in 1 cases of tests/scripts/lua_citizen_cases.lua, 0 failed"),
        "status %d: %s%s", r->status, r->out, r->err);
    CHECK(strcmp(row_result(r->out, "lua_coulomb", "lua-coulomb-compress", "elast"), "PASS") == 0);
    free(r);
}

/* ---- known defects -------------------------------------------------------------------------- */

static void test_known_defects(void)
{
    result *r = malloc(sizeof *r);
    if (!r) return;
    const char *base = "verify --law-lib tests/scripts/known_defects.lua --case generic-oblique";
    char args[300];
    snprintf(args, sizeof args, "%s --law uncapped", base);
    run(r, args);
    CHECK_MSG(r->status == 0 && strstr(r->out, " XFAIL  (xfail: no Coulomb limit unless capped;") &&
                  strstr(r->out, "0 failed, 1 expected failure"),
              "%d %s %s", r->status, r->out, r->err);
    snprintf(args, sizeof args, "%s --law uncapped --set capped=true", base);
    run(r, args);
    CHECK_MSG(r->status == 0 &&
                  strcmp(row_result(r->out, "uncapped", "generic-oblique", "coulomb"), "PASS") ==
                      0 &&
                  !strstr(r->out, "XFAIL"),
              "%d %s %s", r->status, r->out, r->err);
    snprintf(args, sizeof args, "%s --law claims_too_much", base);
    run(r, args);
    CHECK_MSG(r->status == 1 && strstr(r->out, " XPASS  (xfail: claimed, but the rebound gains "
                                               "nothing; it passes: the defect is gone"),
              "%d %s %s", r->status, r->out, r->err);
    free(r);
}

const test_case lua_citizen_tests[] = {
    TEST(verify_law_cases),
    TEST(probe_yield),
    TEST(case_file_requires_the_law),
    TEST(known_defects),
    {0, 0},
};
