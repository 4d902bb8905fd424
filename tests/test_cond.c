/* tests/test_cond.c - compiled `until` strings (src/cond.c) against Lua: a differential test.
 *
 * Every expression is evaluated at many tester states both in Lua, exactly as a stage script
 * evaluates it (lt_script_until_both), and compiled.  Wherever the compiled form gives an answer
 * it must be Lua's, and wherever Lua raises an error the compiled form must defer to Lua (which
 * then reports the error as before).  The states mix contact and no contact, integers and floats,
 * signed zeros, NaN, infinities and integers beyond 2^53; the expressions are a hand-written list
 * of Woo-style conditions and corner cases plus random trees over the whole grammar.  The test
 * also requires that the compiled form decides most evaluations (else it would prove nothing)
 * and that the expressions outside the grammar are not compiled. */
#include "../src/driver_int.h"
#include "../src/cond.h"
#include "../src/registry.h"
#include "../src/script.h"
#include "check.h"
#include "drive.h"
#include <stdint.h>
#include <stdlib.h>

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}
static int pick(int n) { return (int)(next_rand() % (uint64_t)n); }

static double any_double(void)
{
    static const double pool[] = {0, 1, -1, 1e-3, -1e-3, 3e-3, 0.5, 2, 2.5, 1000, -1e-4, 7, 1e300, -1e300, 6};
    switch (pick(8)) {
    case 0: return -0.0;
    case 1: return NAN;
    case 2: return pick(2) ? INFINITY : -INFINITY;
    case 3: return ((double)pick(2000001) - 1e6) * 1e-6;
    default: return pool[pick((int)(sizeof pool / sizeof pool[0]))];
    }
}

static long any_long(void)
{
    static const long pool[] = {0, 1, 2, 5, 6, 7, 100, 1000, -3, 9007199254740993L, 9007199254740992L};
    return pool[pick((int)(sizeof pool / sizeof pool[0]))];
}

static void random_state(lt_tester *T)
{
    T->view.has_contact = pick(3) != 0;
    for (int k = 0; k < LT_DOF; k++) T->view.u[k] = any_double(), T->view.c.v[k] = any_double(), T->view.resp.f[k] = any_double();
    T->view.resp.k[0] = any_double();
    T->view.resp.k[1] = any_double();
    T->view.c.contA = any_double();
    for (int i = 0; i < LT_MAX_STATE; i++) T->view.law_state[i] = any_double();
    for (int i = 0; i < LT_MAX_ENERGIES + LT_E_DRIVER_COUNT; i++) T->view.energy[i] = any_double();
    T->view.st.step = any_long();
    T->view.st.time = any_double();
    T->view.st.hadC = pick(2);
    T->view.st.hasC = pick(2);
    T->view.st.timeC0 = any_double();
    T->view.st.bounces = pick(4);
    T->view.stage = pick(3);
    T->view.step = any_long();
    T->view.time = any_double();
}

/* Woo-style conditions and the corners of Lua's semantics. */
static const char *const hand[] = {
    "C and C.uN <= -1e-3", "C.u[2] >= 3e-3", "not C", "stage.rebound", "E.plast > 0", "not C or E.plast > 0",
    "stage.step >= 100", "stage.step % 7 == 0", "math.abs(C.f[2]) > 0.5*math.abs(C.f[1])", "-2^2", "2^-1",
    "2^3^2 == 512", "1 < 2 == true", "stage.step == 1000.0", "S.time > 1e-3", "(C and C.uN or 0) < -1e-4",
    "C.Fn == C.f[1]", "E.visc == nil", "E.visc", "C.u[1.5] > 0", "C.u[7]", "C.u[2.0] < 1", "stage.bounces // 0",
    "stage.bounces % 0", "1 // 0", "1.0 // 0 > 0", "-7 // 2 == -4", "-7 % 3", "7 % -3 == -2", "5.5 % -2",
    "stage.hasC < 1", "C < 1", "-C", "-stage.hasC", "stage == stage", "C == nil", "C ~= nil", "tester.stage >= 1",
    "9007199254740993 < 9007199254740992.0", "9007199254740993 == 9007199254740992.0", "stage.step * 2 > 10",
    "9223372036854775807 + 1 < 0", "9223372036854775808 > 0", "math.sqrt(-1) ~= math.sqrt(-1)",
    "math.abs(-9223372036854775807 - 1) < 0", "math.sqrt(stage.step) >= 2", "C.u[stage.bounces]",
    "stage.cTime > 0 and stage.hadC", "stage.timeC0 >= 0 or nil", "nil == false", "true ~= 1",
    "C.kn / C.kt > 1.5", "C.contA > 0.03", "C.tanPhi", "E.balance_err < 1e-9", "E.work - E.kin > 0",
    "S.step >= 2 and S.dt > 0", "tester.abWeight == 1", "tester.step == S.step", "stage.index == tester.stage",
    ".5 == 0.5", "1e3 == 1000", "0.1 + 0.2 == 0.3", "(1)", "((C))", "not not stage.broken", "C.u", "C.v and 1",
    "stage.step / 0 > 0", "0/0 ~= 0/0", "- - 1 == 1", "2 ^ 2 ^ -1", "-3 ^ 2 < 0", "3 - -3 == 6",
    "1 < 2 < 3", "stage.step > nil", "E < 1", "nil and C.uN", "false or C and C.uN",
    /* the fast forms (cond.c), both ways round, every comparison, integer and float numbers */
    "3e-3 <= C.u[2]", "C.uN < 0", "C.v[1] > 1", "C.f[3] <= -0.5", "C.kn >= 1e6", "C and 0 > C.uN",
    "C and C.Fn < 5", "C and C.u[6] >= -1", "C.tanPhi >= 0.5", "C.u[2] > 9007199254740993", "C.uN == 0",
    "C and 7 >= C.f[1]", "C and C.contA < 0.0", "not C and C.uN < 0", "C.uN <= -0.0", "C.uN < -0",
    "-3 < C.v[2]", "C and C.u[1] > - -1",
};

/* Conditions that must take the fast forms of cond.c. */
static const char *const fast[] = {
    "C and C.uN <= -1e-3", "C.u[2] >= 3e-3", "not C", "3e-3 <= C.u[2]", "C.kn >= 1e6", "C and 7 >= C.f[1]",
    "C.tanPhi >= 0.5", "C.uN <= -0.0", "-3 < C.v[2]",
};

/* Lua expressions outside the grammar: they must stay in Lua. */
static const char *const outside[] = {
    "tester.law == 'linear'", "#C.u == 6", "C.uN .. ''", "math.floor(1)", "foo == nil", "C.uN < 0 -- comment",
    "0x10 == 16", "C:foo()", "(C).uN", "C.u.x", "stage.step.x", "math.abs(1, 2)", "C.uNN", "stage.stp",
    "1 & 1", "1 | 2", "1 << 2", "~1", "{} == nil", "function() end", "E['elast']", "math.huge > 1",
};

static const char *const atoms[] = {
    "C", "C.uN", "C.u[1]", "C.v[2]", "C.f[3]", "C.u[6]", "C.kn", "C.kt", "C.contA", "C.Fn", "C.Fty", "C.tanPhi",
    "stage.step", "stage.time", "stage.hasC", "stage.hadC", "stage.broken", "stage.rebound", "stage.bounces",
    "stage.cTime", "stage.index", "E.elast", "E.plast", "E.visc", "E.balance_err", "E.work", "S.step", "S.time",
    "S.dt", "tester.stage", "tester.step", "tester.abWeight", "stage", "E", "0", "1", "2", "-1", "1e-3", "3",
    "0.5", "1000", "9007199254740993", "9223372036854775807", "nil", "true", "false", "0.0", "-0.0", "1e308",
};
static const char *const binops[] = {" and ", " or ", " < ", " <= ", " > ", " >= ", " == ", " ~= ",
                                     " + ", " - ", " * ", " / ", " // ", " % ", " ^ "};

static void gen(char *buf, size_t n, int depth)
{
    int r = depth <= 0 ? 0 : pick(10);
    char a[512], b[512];
    if (r < 3) {
        snprintf(buf, n, "%s", atoms[pick((int)(sizeof atoms / sizeof atoms[0]))]);
    } else if (r == 3) {
        gen(a, sizeof a, depth - 1);
        snprintf(buf, n, pick(2) ? "not %s" : "- %s", a); /* "--" would be a comment */
    } else if (r == 4) {
        gen(a, sizeof a, depth - 1);
        snprintf(buf, n, pick(2) ? "math.abs(%s)" : "math.sqrt(%s)", a);
    } else if (r == 5) {
        gen(a, sizeof a, depth - 1);
        snprintf(buf, n, "C.u[%s]", a);
    } else {
        gen(a, sizeof a, depth - 1);
        gen(b, sizeof b, depth - 1);
        const char *op = binops[pick((int)(sizeof binops / sizeof binops[0]))];
        snprintf(buf, n, pick(3) ? "%s%s%s" : "(%s%s%s)", a, op, b);
    }
}

typedef struct tally {
    long decided, deferred, lua_errors, not_compiled;
} tally;

static void check_expr(const char *expr, int states, int must_compile, tally *ty)
{
    lt_test test = linear_test(v3(1, 0, 0), 0);
    lt_tester T;
    memset(&T, 0, sizeof T);
    T.view.test = &test;
    for (int s = 0; s < states; s++) {
        random_state(&T);
        int lua = -9, comp = -9;
        char err[600] = "";
        int rc = lt_script_until_both(expr, &T, &lua, &comp, err, sizeof err);
        CHECK_MSG(rc == 0, "'%s' is not a Lua expression here: %s", expr, err);
        if (rc) return;
        if (lua < 0) ty->lua_errors++;
        if (comp == -2) {
            ty->not_compiled++;
            CHECK_MSG(!must_compile, "'%s' was not compiled", expr);
            return;
        }
        if (comp == -1) {
            ty->deferred++;
            continue;
        }
        ty->decided++;
        CHECK_MSG(lua >= 0, "'%s': Lua raised '%s' where the compiled form said %d", expr, err, comp);
        CHECK_MSG(lua == comp, "'%s': Lua says %d, compiled %d (contact %d, step %ld)", expr, lua, comp,
                  T.view.has_contact, T.view.st.step);
    }
}

static void test_hand_written_conditions(void)
{
    tally ty = {0, 0, 0, 0};
    for (size_t i = 0; i < sizeof hand / sizeof hand[0]; i++) check_expr(hand[i], 24, 1, &ty);
    CHECK_MSG(ty.decided > 2 * ty.deferred, "compiled decided %ld, deferred %ld", ty.decided, ty.deferred);
    CHECK_MSG(ty.lua_errors > 0, "no Lua error met: the error cases are not exercised");
}

static void test_random_conditions(void)
{
    tally ty = {0, 0, 0, 0};
    char expr[2048];
    long n = test_count(2000); /* each evaluation opens a Lua state: 1/100 of them under valgrind */
    for (long i = 0; i < n; i++) {
        gen(expr, sizeof expr, 1 + pick(4));
        check_expr(expr, 8, 1, &ty);
    }
    /* random trees meet many type errors: Lua raises, the compiled form defers; beyond those it
     * defers only on the exactness corners (integers past 2^53 met with floats, two objects) */
    CHECK_MSG(ty.decided > 2 * n, "compiled decided only %ld", ty.decided);
    CHECK_MSG(ty.deferred - ty.lua_errors <= ty.decided / 10, "deferred %ld, of which Lua errors %ld (decided %ld)",
              ty.deferred, ty.lua_errors, ty.decided);
}

static void test_outside_grammar_stays_in_lua(void)
{
    const lt_law *law = lt_find_law("linear");
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        lt_cond *c = lt_cond_compile(outside[i], law);
        CHECK_MSG(c == NULL, "'%s' compiled", outside[i]);
        lt_cond_free(c);
    }
    lt_cond *c = lt_cond_compile("C and C.uN <= -1e-3", law);
    CHECK(c && lt_cond_names(c) == LT_COND_C);
    lt_cond_free(c);
    /* the fast forms are taken where they apply, and only there */
    for (size_t i = 0; i < sizeof fast / sizeof fast[0]; i++) {
        c = lt_cond_compile(fast[i], law);
        CHECK_MSG(c && lt_cond_is_fast(c), "'%s' does not take a fast form", fast[i]);
        lt_cond_free(c);
    }
    const char *slow[] = {"C.u[2] > 9007199254740993", "C.uN == 0", "not C and C.uN < 0", "stage.step >= 100"};
    for (size_t i = 0; i < sizeof slow / sizeof slow[0]; i++) {
        c = lt_cond_compile(slow[i], law);
        CHECK_MSG(c && !lt_cond_is_fast(c), "'%s' takes a fast form", slow[i]);
        lt_cond_free(c);
    }
}

const test_case cond_tests[] = {
    TEST(hand_written_conditions),
    TEST(random_conditions),
    TEST(outside_grammar_stays_in_lua),
    {0, 0},
};
