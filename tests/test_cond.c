/* tests/test_cond.c - compiled `until` strings (src/script/cond.c) against Lua: a differential
 * test.
 *
 * Every expression is evaluated at many tester states both in Lua, exactly as a stage script
 * evaluates it (lt_script_until_both), and compiled.  Wherever the compiled form gives an answer
 * it must be Lua's, and wherever Lua raises an error the compiled form must defer to Lua (which
 * then reports the error as before).  The states mix contact and no contact, integers and floats,
 * signed zeros, NaN, infinities and integers beyond 2^53; the expressions are every `until`
 * string the project ships, hand-written corners, random conditions of the compiled shapes built
 * from the quantities table's rows, and random trees of a wider grammar (arithmetic, math.*),
 * compiled or not.  The test also requires that the compiled form decides most evaluations
 * (else it would prove nothing) and that the expressions outside the shapes are not compiled. */
#include "check.h"
#include "contact/registry.h"
#include "drive.h"
#include "driver/driver_int.h"
#include "script/cond.h"
#include "script/script.h"
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
    static const double pool[] = {0,   1,    -1,    1e-3, -1e-3, 3e-3,   0.5, 2,
                                  2.5, 1000, -1e-4, 7,    1e300, -1e300, 6};
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
    static const long pool[] = {
        0, 1, 2, 5, 6, 7, 100, 1000, -3, 9007199254740993L, 9007199254740992L};
    return pool[pick((int)(sizeof pool / sizeof pool[0]))];
}

static void random_state(lt_tester *T)
{
    T->view.has_contact = pick(3) != 0;
    for (int k = 0; k < LT_DOF; k++)
        T->view.u[k] = any_double(), T->view.c.v[k] = any_double(),
        T->view.resp.f[k] = any_double();
    T->view.resp.k[0] = any_double();
    T->view.resp.k[1] = any_double();
    T->view.c.contA = any_double();
    /* a tester not made by lt_tester_new: its own memory (driver_int.h) */
    T->view.law_state = T->state_inline;
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

/* Every `until` string the project ships (stages/, tests/scripts/, cases/, bench/, the docs'
 * examples and README), as the scripts build them: those of the shapes cond.h compiles ... */
static const char *const shipped[] = {
    "not C",
    "stage.rebound",
    "C and C.uN <= -1e-4",
    "C and C.uN <= -1e-3",
    "C and C.uN <= -1e-5",
    "C and C.uN <= -2e-5",
    "C and C.uN <= -2e-4",
    "C and C.uN <= -2e-3",
    "C and C.uN > 1",
    "C and C.uN <= -8e-4",
    "C and C.uN < -1e-4",
    "C and C.uN < -1e-5",
    "C and C.uN < -1e-7",
    "C and C.uN <= -1.0000001e-3",
    "C.u[2] >= 3e-3",
    "C.u[2] >= 0.002",
    "C.u[2] <= -0.002",
    "C.u[2] >= 2e-4",
    "C.u[2] >= 1e-4",
    "C.u[2] >= 6e-4",
    "C.u[2] >= 4e-4",
    "C.u[2] >= 3.0000001e-3",
    "C.uN >= 8e-5",
    "C.uN <= -5e-5",
    "stage.step >= 1000",
    "stage.step >= 500",
    "stage.step >= 2000",
    "stage.step >= 1",
    "stage.step >= 2",
    "stage.step >= 2000000",
    "stage.step >= 100",
    "S.step >= 3",
    "E.plast == 42 or stage.step >= 30",
    "false",
};
/* ... and those Lua evaluates: arithmetic, math.*, A and B, a comparison of a boolean, a misspelt
 * field. */
static const char *const shipped_lua[] = {
    "C and math.abs(C.f[1] - (-1000)) <= 1e-9 * 1000",
    "math.abs(stage.step) > 10 or stage.step >= 20",
    "stage.broken and stage.rebound == true and not C",
    "not C and B.vel[3] > 0 and A.vel[3] < 0",
    "C and C.uNN < 0",
    "C and C.uN <= -1e-3 + 5e-7",
};

/* The corners of Lua's semantics inside the shapes. */
static const char *const hand[] = {
    "stage.rebound or not C",
    "not C or E.plast > 0",
    "not not stage.broken",
    "not (C and C.uN < 0)",
    "(C) and (C.uN < 0)",
    "(stage.step) >= 3",
    "((C))",
    "true",
    "nil",
    "not nil",
    "C and true or false",
    "stage.step == 1000.0",
    "stage.step >= 1e3",
    "stage.step > 2.5",
    "stage.step ~= 7",
    "stage.bounces == 2",
    "tester.stage >= 1",
    "stage.index == 1",
    "S.time > 1e-3",
    "S.dt <= 1e-6",
    "tester.abWeight == 1",
    "stage.time < 0.5",
    "stage.cTime > 0 and stage.hadC",
    "stage.timeC0 >= 0 or nil",
    "stage.hasC",
    "stage.step > 9007199254740993",
    "stage.step < 9007199254740993.0",
    "stage.step > 9007199254740992.0",
    "stage.step == 9007199254740992.0",
    "stage.step >= -9223372036854775808",
    "stage.step <= 9223372036854775807",
    "stage.step > 9223372036854775808",
    "C.u[2] > 9007199254740992",
    "C.uN == 0",
    "C.uN ~= -0.0",
    "C.uN <= -0.0",
    "C.uN < -0",
    "-3 < C.v[2]",
    "3e-3 <= C.u[2]",
    "0 > C.uN",
    "C.f[3] <= -0.5",
    "C.u[6] >= -1",
    "C.kn >= 1e6",
    "C.kt < 1",
    "C.contA > 0.03",
    "C.l1 > 0",
    "C.l2 == 0.1",
    "C.tanPhi >= 0.5",
    "C.Fn < 5",
    "C and C.slip > 0",
    "E.elast >= 0",
    "E.balance_err < 1e-9",
    "E.work > 0",
    "C.uN < 1e308",
    ".5 >= C.uN",
    "C.uN > 1e-3 and C.uN < 2e-3 or C.u[2] > 0",
    "not C and stage.hadC",
    "C and C.uN <= -1e-3 and stage.step > 5 or stage.rebound",
};

/* Conditions that must take the fast forms of cond.c. */
static const char *const fast[] = {
    "C and C.uN <= -1e-3", "C.u[2] >= 3e-3", "not C",
    "3e-3 <= C.u[2]",      "C.kn >= 1e6",    "C and 7 >= C.f[1]",
    "C.tanPhi >= 0.5",     "C.uN <= -0.0",   "-3 < C.v[2]",
    "C.uN == 0",           "S.time > 1e-3",  "E.plast ~= 0",
    "stage.step >= 100",   "S.step == 7",    "100 < stage.step",
    "stage.rebound",       "stage.hasC",
};

/* Lua expressions outside the shapes: they must stay in Lua. */
static const char *const outside[] = {
    "tester.law == 'linear'",
    "#C.u == 6",
    "C.uN .. ''",
    "math.floor(1)",
    "foo == nil",
    "C.uN < 0 -- comment",
    "0x10 == 16",
    "C:foo()",
    "C.u.x",
    "stage.step.x",
    "math.abs(1)",
    "C.uNN",
    "stage.stp",
    "1 & 1",
    "1 | 2",
    "1 << 2",
    "~1",
    "{} == nil",
    "function() end",
    "E['elast']",
    "math.huge > 1",
    "C.uN",
    "stage.step",
    "1",
    "stage",
    "E.visc > 0",
    "E.visc == nil",
    "C.u[7] > 0",
    "C.u[0] > 0",
    "C.u[1.0] > 0",
    "C.u[stage.index] > 0",
    "C.u > 0",
    "C.uN ~= C.uN",
    "stage.rebound == true",
    "stage.rebound < 1",
    "1 < 2",
    "C.uN < C.u[2]",
    "1 < 2 < 3",
    "C.uN < 0 < 1",
    "not C.uN < 0",
    "- C.uN < 0",
    "- - 1 < C.uN",
    "C.uN + 1 < 0",
    "C.uN < 2^1",
    "-C.uN > 0",
    "C.u[2] > 9007199254740993",
    "A.mass > 0",
    "B.vel[3] > 0",
    "C.uN < 0 and",
    "(C.uN < 0",
    "C.uN < 0)",
    "C.uN < inf",
    "C.uN < 1e",
    "C ~= nil",
    "C == nil",
    "tester.A",
    "E",
};

/* Random conditions over the shapes: their atoms come from the quantities table itself (every
 * number, integer and boolean of C, stage, E, S and tester, the law's state and energies). */
static int shape_atom(char *buf, size_t n, const lt_law *law)
{
    static const char *const px[] = {"C", "stage", "E", "S", "tester"};
    static const char *const nums[] = {"0",
                                       "1",
                                       "2",
                                       "-1",
                                       "1e-3",
                                       "-1e-3",
                                       "3",
                                       "0.5",
                                       "1000",
                                       "-0.0",
                                       "6",
                                       "9007199254740993",
                                       "9223372036854775807",
                                       "1e308",
                                       "7.0",
                                       "100",
                                       "9007199254740992.0"};
    static const char *const cmps[] = {" < ", " <= ", " > ", " >= ", " == ", " ~= "};
    int r = pick(8);
    if (r == 0)
        return snprintf(buf, n, "%s", pick(2) ? "C" : pick(2) ? "true" : pick(2) ? "false" : "nil");
    int p = pick(5);
    char name[96];
    const lt_qrow *q;
    int count = 0;
    while (lt_qrow_nth(p, count)) count++;
    int extra = p == LT_PX_C ? law->n_state : p == LT_PX_E ? lt_energy_count(law) : 0;
    int k = pick(count + extra);
    if (k >= count) {
        snprintf(name, sizeof name, "%s.%s", px[p],
                 p == LT_PX_C ? law->state_names[k - count] : lt_energy_name(law, k - count));
        int i;
        q = lt_qrow_find(p, name + strlen(px[p]) + 1, law, &i);
    } else {
        q = lt_qrow_nth(p, k);
        if (q->type == LT_QT_VECTOR)
            snprintf(name, sizeof name, "%s.%s[%d]", px[p], q->name, 1 + pick(LT_DOF));
        else
            snprintf(name, sizeof name, "%s.%s", px[p], q->name);
    }
    if (q->type == LT_QT_BOOLEAN) return snprintf(buf, n, "%s", name);
    if (q->type != LT_QT_NUMBER && q->type != LT_QT_INTEGER && q->type != LT_QT_VECTOR)
        return shape_atom(buf, n, law);
    const char *num = nums[pick((int)(sizeof nums / sizeof nums[0]))], *op = cmps[pick(6)];
    if (q->type != LT_QT_INTEGER && strlen(num) > 15)
        num = "2"; /* an integer beyond 2^53 meets a float: Lua */
    return pick(4) ? snprintf(buf, n, "%s%s%s", name, op, num)
                   : snprintf(buf, n, "%s%s%s", num, op, name);
}

static void gen_shape(char *buf, size_t n, int depth, const lt_law *law)
{
    char a[1024], b[1024];
    int r = depth <= 0 ? 0 : pick(6);
    if (r < 2) {
        shape_atom(buf, n, law);
    } else if (r == 2) {
        gen_shape(a, sizeof a, depth - 1, law);
        snprintf(buf, n, "not (%s)", a);
    } else {
        gen_shape(a, sizeof a, depth - 1, law);
        gen_shape(b, sizeof b, depth - 1, law);
        snprintf(buf, n, pick(3) ? "%s%s%s" : "(%s%s%s)", a, pick(2) ? " and " : " or ", b);
    }
}

/* Random expressions over a wider grammar (arithmetic, math, nil, proxies): compiled or not,
 * wherever the compiled form answers it must be Lua's answer. */
static const char *const atoms[] = {
    "C",
    "C.uN",
    "C.u[1]",
    "C.v[2]",
    "C.f[3]",
    "C.u[6]",
    "C.kn",
    "C.kt",
    "C.contA",
    "C.Fn",
    "C.Fty",
    "C.tanPhi",
    "stage.step",
    "stage.time",
    "stage.hasC",
    "stage.hadC",
    "stage.broken",
    "stage.rebound",
    "stage.bounces",
    "stage.cTime",
    "stage.index",
    "E.elast",
    "E.plast",
    "E.visc",
    "E.balance_err",
    "E.work",
    "S.step",
    "S.time",
    "S.dt",
    "tester.stage",
    "tester.step",
    "tester.abWeight",
    "stage",
    "E",
    "0",
    "1",
    "2",
    "-1",
    "1e-3",
    "3",
    "0.5",
    "1000",
    "9007199254740993",
    "9223372036854775807",
    "nil",
    "true",
    "false",
    "0.0",
    "-0.0",
    "1e308",
};
static const char *const binops[] = {" and ", " or ", " < ", " <= ", " > ",  " >= ", " == ", " ~= ",
                                     " + ",   " - ",  " * ", " / ",  " // ", " % ",  " ^ "};

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
        CHECK_MSG(lua >= 0, "'%s': Lua raised '%s' where the compiled form said %d", expr, err,
                  comp);
        CHECK_MSG(lua == comp, "'%s': Lua says %d, compiled %d (contact %d, step %ld)", expr, lua,
                  comp, T.view.has_contact, T.view.st.step);
    }
}

static void test_shipped_conditions(void)
{
    tally ty = {0, 0, 0, 0};
    for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++)
        check_expr(shipped[i], 24, 1, &ty);
    CHECK_MSG(ty.decided > 4 * ty.deferred, "compiled decided %ld, deferred %ld", ty.decided,
              ty.deferred);
    const lt_law *law = lt_find_law("linear");
    for (size_t i = 0; i < sizeof shipped_lua / sizeof shipped_lua[0]; i++) {
        check_expr(shipped_lua[i], 4, 0, &ty);
        lt_cond *c = lt_cond_compile(shipped_lua[i], law);
        CHECK_MSG(c == NULL, "'%s' compiled", shipped_lua[i]);
        lt_cond_free(c);
    }
}

static void test_hand_written_conditions(void)
{
    tally ty = {0, 0, 0, 0};
    for (size_t i = 0; i < sizeof hand / sizeof hand[0]; i++) check_expr(hand[i], 24, 1, &ty);
    for (size_t i = 0; i < sizeof fast / sizeof fast[0]; i++)
        check_expr(fast[i], 24, 1, &ty); /* the fast forms too */
    CHECK_MSG(ty.decided > 2 * ty.deferred, "compiled decided %ld, deferred %ld", ty.decided,
              ty.deferred);
    CHECK_MSG(ty.lua_errors > 0, "no Lua error met: the error cases are not exercised");
}

/* Random conditions of the shapes: every one compiles, and answers as Lua does. */
static void test_random_shapes(void)
{
    tally ty = {0, 0, 0, 0};
    char expr[2048];
    const lt_law *law = lt_find_law("linear");
    long n = test_count(2000); /* each evaluation opens a Lua state: 1/100 of them under valgrind */
    for (long i = 0; i < n; i++) {
        gen_shape(expr, sizeof expr, pick(4), law);
        check_expr(expr, 8, 1, &ty);
    }
    /* it defers where Lua raises (a field of a nil C) and on integers past 2^53 met with floats */
    CHECK_MSG(ty.decided > 4 * n, "compiled decided only %ld", ty.decided);
    CHECK_MSG(ty.deferred - ty.lua_errors <= ty.decided / 20,
              "deferred %ld, of which Lua errors %ld (decided %ld)", ty.deferred, ty.lua_errors,
              ty.decided);
}

/* Random expressions of a wider grammar: those that compile answer as Lua does. */
static void test_random_expressions(void)
{
    tally ty = {0, 0, 0, 0};
    char expr[2048];
    long n = test_count(2000);
    for (long i = 0; i < n; i++) {
        gen(expr, sizeof expr, 1 + pick(4));
        check_expr(expr, 8, 0, &ty);
    }
    CHECK_MSG(ty.decided > n / 4 && ty.not_compiled > n / 4,
              "compiled decided %ld, not compiled %ld of %ld", ty.decided, ty.not_compiled, n);
}

static void test_outside_shapes_stay_in_lua(void)
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
    c = lt_cond_compile("E.plast == 42 or stage.step >= 30 and S.dt > 0 or tester.stage > 1", law);
    CHECK(c && lt_cond_names(c) == (LT_COND_E | LT_COND_STAGE | LT_COND_S | LT_COND_TESTER));
    lt_cond_free(c);
    /* the fast forms are taken where they apply, and only there */
    for (size_t i = 0; i < sizeof fast / sizeof fast[0]; i++) {
        c = lt_cond_compile(fast[i], law);
        CHECK_MSG(c && lt_cond_is_fast(c), "'%s' does not take a fast form", fast[i]);
        lt_cond_free(c);
    }
    const char *slow[] = {"not C and C.uN < 0", "stage.step >= 1e2", "not stage.rebound", "C",
                          "C.uN < 0 and C"};
    for (size_t i = 0; i < sizeof slow / sizeof slow[0]; i++) {
        c = lt_cond_compile(slow[i], law);
        CHECK_MSG(c && !lt_cond_is_fast(c), "'%s' takes a fast form", slow[i]);
        lt_cond_free(c);
    }
    /* the bound the plausibility warnings read: C.u[2] is the shear-y displacement */
    const lt_qrow *q = NULL;
    int index = -1;
    double k = 0;
    c = lt_cond_compile("C.u[2] >= 3e-3", law);
    CHECK(c && lt_cond_bound(c, &q, &index, &k) && lt_qrow_displacement(q, index) == 1 &&
          k == 3e-3);
    lt_cond_free(c);
    c = lt_cond_compile("C and -1e-3 >= C.uN", law);
    CHECK(c && lt_cond_bound(c, &q, &index, &k) && lt_qrow_displacement(q, index) == 0 &&
          k == -1e-3);
    lt_cond_free(c);
}

/* 1 if row q's offset holds, at index i, what its reader returns (bit for bit: NaN too); an
 * indirect row's offset holds the pointer to the values. */
static int offset_is_reader(const lt_tester *T, const lt_qrow *q, int i)
{
    double x, y = q->read.number(T, i);
    if (q->indirect) {
        const double *base;
        memcpy(&base, (const char *)T + q->at, sizeof base);
        x = base[i];
    } else
        memcpy(&x, (const char *)T + q->at + i * (long)sizeof(double), sizeof x);
    return memcmp(&x, &y, sizeof x) == 0;
}

/* The offsets the fast forms load at are where the rows' readers read (the contact flag too). */
static void test_offsets_are_the_readers(void)
{
    const lt_law *law = lt_find_law("linear");
    lt_test test = linear_test(v3(1, 0, 0), 0);
    lt_tester T;
    memset(&T, 0, sizeof T);
    T.view.test = &test;
    int checked = 0;
    for (int s = 0; s < 16; s++) {
        random_state(&T);
        int contact;
        memcpy(&contact, (const char *)&T + lt_q_contact_at(), sizeof contact);
        CHECK(contact == lt_q_has_contact(&T));
        for (int px = 0; px < LT_N_PROXIES; px++) {
            const lt_qrow *q;
            for (int n = 0; (q = lt_qrow_nth(px, n)) != NULL; n++)
                for (int i = 0; q->at >= 0 && i < (q->type == LT_QT_VECTOR ? LT_DOF : 1);
                     i++, checked++)
                    CHECK_MSG(offset_is_reader(&T, q, i), "%s[%d]: the offset is not the reader's",
                              q->name, i);
            int extra = px == LT_PX_C ? law->n_state : px == LT_PX_E ? lt_energy_count(law) : 0;
            for (int k = 0, i; k < extra; k++, checked++) {
                const char *name = px == LT_PX_C ? law->state_names[k] : lt_energy_name(law, k);
                q = lt_qrow_find(px, name, law, &i);
                /* (a state variable named like a fixed field, linear's kn and kt, is that field) */
                CHECK_MSG(q && (q->name || i == k) && q->at >= 0 && offset_is_reader(&T, q, i),
                          "%s: the offset is not the reader's", name);
            }
        }
    }
    CHECK_MSG(checked > 16 * 40, "only %d values compared", checked);
}

/* lt_cond_quiet_steps against evaluation: from a state at which a condition is false, it must
 * stay false while both step counters (stage.step, and the run's S.step = tester.step) advance by
 * up to q - 1, and a condition of the quiet form must hold after q (q < LT_COND_QUIET_MAX);
 * every other condition (another op, a float bound, a quantity that is not a counter, a wider
 * expression) gets q = 1 and no quiet form. */
static void test_quiet_steps(void)
{
    static const struct {
        const char *expr;
        int form;
    } conds[] = {
        {"stage.step >= 10", 1},
        {"stage.step > 10", 1},
        {"stage.step == 10", 1},
        {"10 <= stage.step", 1},
        {"100 < S.step", 1},
        {"tester.step >= 1000", 1},
        {"S.step == 137", 1},
        {"stage.step >= 0", 1},
        {"stage.step < 10", 0},
        {"stage.step <= 10", 0},
        {"stage.step ~= 10", 0},
        {"stage.step >= 10.5", 0},
        {"stage.bounces >= 2", 0},
        {"tester.stage >= 2", 0},
        {"stage.step >= 10 and not C", 0},
        {"not C", 0},
        {"C.u[2] >= 3e-3", 0},
        {"stage.rebound", 0},
        {"stage.step > 9223372036854775807", 1},
        {"stage.step >= 9223372036854775807", 1},
    };
    static const long starts[] = {0, 1, 5, 9, 10, 11, 99, 100, 101, 999, 5000};
    const lt_law *law = lt_find_law("linear");
    lt_test test = linear_test(v3(1, 0, 0), 0);
    lt_tester T;
    memset(&T, 0, sizeof T);
    T.view.test = &test;
    T.view.law_state = T.state_inline;
    int promised = 0;
    for (size_t i = 0; i < sizeof conds / sizeof *conds; i++) {
        lt_cond *c = lt_cond_compile(conds[i].expr, law);
        CHECK_MSG(c, "%s: not compiled", conds[i].expr);
        if (!c) continue;
        CHECK_MSG(lt_cond_has_quiet_form(c) == conds[i].form, "%s: quiet form %d", conds[i].expr,
                  lt_cond_has_quiet_form(c));
        for (size_t j = 0; j < sizeof starts / sizeof *starts; j++) {
            T.view.st.step = starts[j], T.view.step = starts[j] + 37;
            if (lt_cond_eval(c, &T) != 0) continue; /* asked only after a false evaluation */
            long q = lt_cond_quiet_steps(c, &T);
            CHECK_MSG(q >= 1 && q <= LT_COND_QUIET_MAX, "%s: q = %ld", conds[i].expr, q);
            CHECK_MSG(conds[i].form || q == 1, "%s: q = %ld without the form", conds[i].expr, q);
            long last = q < 20000 ? q - 1 : 20000; /* the huge bounds: their first 2e4 steps */
            for (long d = 1; d <= last; d++) {
                T.view.st.step = starts[j] + d, T.view.step = starts[j] + 37 + d;
                if (lt_cond_eval(c, &T) != 0) {
                    CHECK_MSG(0, "%s from %ld: holds after %ld of its %ld quiet steps",
                              conds[i].expr, starts[j], d, q);
                    break;
                }
            }
            if (conds[i].form && q > 1 && q < LT_COND_QUIET_MAX) {
                T.view.st.step = starts[j] + q, T.view.step = starts[j] + 37 + q;
                CHECK_MSG(lt_cond_eval(c, &T) == 1, "%s from %ld: does not hold after q = %ld",
                          conds[i].expr, starts[j], q);
                promised++;
            }
        }
        lt_cond_free(c);
    }
    CHECK_MSG(promised >= 30, "only %d promises checked", promised);
}

const test_case cond_tests[] = {
    TEST(shipped_conditions),
    TEST(hand_written_conditions),
    TEST(random_shapes),
    TEST(random_expressions),
    TEST(outside_shapes_stay_in_lua),
    TEST(offsets_are_the_readers),
    TEST(quiet_steps),
    {0, 0},
};
