/* src/script/script_cases.c - case files: `lawtester verify FILE.lua` runs the analytic cases a
 * script returns (the public format is docs/case-scripts.md).  A case is any test table
 * lawtester.run accepts (any law, stages, DoFs) and a list of expectations, each a quantity
 * measured on the run's results against a closed form, with a tolerance that says why it is that
 * size and optionally the order with which the error must fall when dt is halved.  Rows are those
 * of `lawtester verify` (src/verify/verify.h).
 *
 * The whole file is checked before anything runs (script_case_check.c).  A run that
 * fails (the driver's error, an until that raises) and a measure or closed form that raises or
 * gives no number are failed rows whose note says why; the other cases still run.
 *
 * Observed order (expectations with `order`): the case runs at dt, dt/2 and dt/4 (the test's dt
 * halved, nothing else changed: stages end by their until conditions), e_k the error of the
 * quantity at each (relative for `rel`, absolute for `abs`), and each observed order
 * log2(e_k-1/e_k), k = 1, 2, must not fall short of `order` by more than `order_tol`.
 */
#define _POSIX_C_SOURCE 200809L
#include "base/watch.h"
#include "contact/law_check.h"
#include "contact/registry.h"
#include "script/script_case_check.h"
#include "verify/verify.h"
#include "verify/verify_jobs.h"
#include "verify/verify_sweep.h"
#include "verify/verify_xfail.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static int protected_run(lua_State *L)
{
    script_ctx *sc = lua_touserdata(L, 1);
    lt_run_test_table(sc, L, 2, 0);
    return 1;
}

/* Evaluate a measure or closed form f (stack index: a string expression or a function; a number
 * is itself) on the results r and the test t.  Returns the number, or NaN with the reason in note
 * (a raise, or a value that is not a number).  Memory errors are not caught. */
static double evaluate(script_ctx *sc, lua_State *L, int f, int r, int t, const char *what,
                       char *note, size_t n)
{
    if (lua_type(L, f) == LUA_TNUMBER) return lua_tonumber(L, f);
    int top = lua_gettop(L);
    if (lua_type(L, f) == LUA_TSTRING) {
        /* the expression sees the results' fields, `r` and `test`, then the script's globals */
        /* checked before the runs: not reached */
        if (lt_load_measure(L, lua_tostring(L, f)) != LUA_OK) {
            lua_error(L);
            return NAN;
        }
        lua_newtable(L);
        lua_pushnil(L);
        while (lua_next(L, r)) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, -4);
        }
        lua_pushvalue(L, r);
        lua_setfield(L, -2, "r");
        lua_pushvalue(L, t);
        lua_setfield(L, -2, "test");
        lua_createtable(L, 0, 1);
        lua_rawgeti(L, LUA_REGISTRYINDEX, sc->env_ref);
        lua_setfield(L, -2, "__index");
        lua_setmetatable(L, -2);
        lua_setupvalue(L, -2, 1);
    } else {
        lua_pushvalue(L, f);
        lua_pushvalue(L, r);
        lua_pushvalue(L, t);
    }
    lt_budget_save save;
    lt_budget_reset(L); /* each measure is its own entry, whatever the one before spent */
    lt_budget_enter(L, &save);
    int rc = lua_pcall(L, lua_type(L, f) == LUA_TSTRING ? 0 : 2, 1, 0);
    lt_budget_leave(L, &save);
    if (rc == LUA_ERRMEM) lua_error(L);
    double x = NAN;
    if (rc != LUA_OK) {
        snprintf(note, n, "%s raised: %s", what, lt_measure_message(lua_tostring(L, -1)));
    } else if (lua_type(L, -1) != LUA_TNUMBER) {
        snprintf(note, n, "%s gave %s, not a number", what, luaL_typename(L, -1));
    } else {
        x = lua_tonumber(L, -1);
    }
    lua_settop(L, top);
    return x;
}

typedef struct case_ctx {
    script_ctx *sc;
    lt_case_run *cr;
    char law[64];
    const char *name;
    lt_xfail_unit *unit; /* the expected-failure unit the rows belong to (verify_xfail.h) */
} case_ctx;

static void count_row(void *ctx, const lt_verify_row *row)
{
    lt_case_run *cr = ctx;
    if (lt_jobs_take(cr, row)) return; /* a child of verify -j N sends it to its worker */
    cr->rows++;
    if (!row->pass) cr->failed++;
    if (cr->on_row) cr->on_row(cr->ctx, row);
}

static void emit(case_ctx *k, const char *quantity, lt_check_kind kind, double expected,
                 double obtained, double tol, const char *note)
{
    lt_verify_row row =
        lt_verify_row_of(k->law, k->name, quantity, kind, expected, obtained, tol, note);
    lt_xfail_row(k->unit, &row, count_row, k->cr);
}

/* One expectation (table at e) over the runs' results (stack indices r[k], tests t[k]). */
static void check_expectation(case_ctx *k, lua_State *L, int e, const int *r, const int *t,
                              int runs)
{
    char note[700] = "", qname[120];
    lua_getfield(L, e, "name");
    snprintf(qname, sizeof qname, "%s", lua_tostring(L, -1));
    lua_getfield(L, e, "measure");
    lua_getfield(L, e, "value");
    lua_getfield(L, e, "tol");
    lua_getfield(L, e, "why");
    lua_getfield(L, e, "kind");
    lua_getfield(L, e, "order");
    lua_getfield(L, e, "order_tol");
    int base = lua_gettop(L) - 6; /* measure; then value, tol, why, kind, order, order_tol */
    lua_getfield(L, e, "xfail");
    lt_xfail_unit unit, *outer = k->unit;
    if (lua_isstring(L, -1)) {
        lt_xfail_begin(&unit, lua_tostring(L, -1));
        k->unit = &unit;
    }
    double tol = lua_tonumber(L, base + 2),
           order = lua_isnil(L, base + 5) ? NAN : lua_tonumber(L, base + 5);
    double order_tol = lua_isnil(L, base + 6) ? ORDER_TOL_DEFAULT : lua_tonumber(L, base + 6);
    const char *why = lua_tostring(L, base + 3);
    const char *kind_text = lua_tostring(L, base + 4);
    int n_runs = isnan(order) || runs < RUNS_FOR_ORDER ? 1 : runs;
    double got[RUNS_FOR_ORDER], want[RUNS_FOR_ORDER];
    lt_check_kind kind = LT_CHECK_REL;
    for (int j = 0; j < n_runs; j++) {
        char why_nan[600] = "", why_value[600] = "";
        got[j] = evaluate(k->sc, L, base, r[j], t[j], "measure", why_nan, sizeof why_nan);
        want[j] = evaluate(k->sc, L, base + 1, r[j], t[j], "value", why_value, sizeof why_value);
        if (!why_nan[0]) memcpy(why_nan, why_value, sizeof why_nan);
        if (why_nan[0] && !note[0])
            snprintf(note, sizeof note, "%s%s", j ? (j == 1 ? "at dt/2: " : "at dt/4: ") : "",
                     why_nan);
        if (j == 0) {
            /* "rel" unless asked otherwise or the closed form is 0 (then the error is absolute) */
            kind = kind_text      ? (strcmp(kind_text, "abs") == 0 ? LT_CHECK_ABS : LT_CHECK_REL)
                   : want[0] == 0 ? LT_CHECK_ABS
                                  : LT_CHECK_REL;
            emit(k, qname, kind, want[0], got[0], tol, note[0] ? note : why);
        }
    }
    if (n_runs > 1) {
        double err[RUNS_FOR_ORDER];
        for (int j = 0; j < n_runs; j++)
            err[j] = kind == LT_CHECK_ABS ? fabs(got[j] - want[j])
                                          : fabs(got[j] - want[j]) / fabs(want[j]);
        if (!note[0])
            snprintf(note, sizeof note,
                     "errors %.2e %.2e %.2e at dt, dt/2, dt/4: observed orders %.2f, %.2f; %s",
                     err[0], err[1], err[2], log2(err[0] / err[1]), log2(err[1] / err[2]), why);
        for (int j = 1; j < n_runs; j++) {
            char label[160];
            snprintf(label, sizeof label, "order %s (dt/%d)", qname, 1 << j);
            emit(k, label, LT_CHECK_ORDER, order, log2(err[j - 1] / err[j]), order_tol, note);
        }
    }
    if (k->unit != outer) lt_xfail_end(&unit, count_row, k->cr);
    k->unit = outer;
    lua_pop(L, 9);
}

/* The --set values that apply to a case of law `law` (those whose P the law has) into out, their
 * count; -1 after an error row if a value is refused (out of range, wrong kind: verify_sweep.c) */
static int case_sets(case_ctx *k, const lt_law *law, lt_param_value *out)
{
    const lt_case_run *cr = k->cr;
    const char *mine[LT_MAX_PARAMS];
    int n = 0;
    for (int j = 0; law && j < cr->n_sets && n < LT_MAX_PARAMS; j++) {
        char name[LT_NAME_MAX + 1];
        if (lt_law_param_index(law, lt_set_name(cr->sets[j], name, sizeof name)) >= 0)
            mine[n++] = cr->sets[j];
    }
    char err[600];
    if (n && lt_verify_read_sets(law, mine, n, out, err, sizeof err) < 0) {
        emit(k, "setup", LT_CHECK_ABS, 0, NAN, 0, err);
        return -1;
    }
    return n;
}

/* 1 if the test table at t gives parameter name itself */
/* The --set value v of law's parameter p (its kind: a boolean, a choice's name, an integer, a
 * number) pushed as a script gives it. */
static void push_set_value(lua_State *L, const lt_param *p, double v)
{
    if (p->kind == LT_BOOL)
        lua_pushboolean(L, v != 0);
    else if (p->kind == LT_CHOICE)
        lua_pushstring(L, p->choices[(int)v]);
    else if (p->kind == LT_INT)
        lua_pushinteger(L, (lua_Integer)v);
    else
        lua_pushnumber(L, v);
}

/* 1 if the params of the test table at t give the --set parameter v another value than v's
 * (the same value, 1 and 1.0 alike, is no conflict). */
static int test_sets(lua_State *L, int t, const lt_law *law, const lt_param_value *v)
{
    int differs = 0;
    if (lua_getfield(L, t, "params") == LUA_TTABLE && lua_getfield(L, -1, v->name) != LUA_TNIL) {
        push_set_value(L, &law->params[lt_law_param_index(law, v->name)], v->value);
        differs = !lua_rawequal(L, -1, -2);
    }
    lua_settop(L, t);
    return differs;
}

/* The --set values into the params of the test table at t (created if it has none) */
static void apply_sets(lua_State *L, int t, const lt_law *law, const lt_param_value *v, int n)
{
    if (lua_getfield(L, t, "params") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, t, "params");
    }
    for (int j = 0; j < n; j++) {
        push_set_value(L, &law->params[lt_law_param_index(law, v[j].name)], v[j].value);
        lua_setfield(L, -2, v[j].name);
    }
    lua_pop(L, 1);
}

/* The --set values that apply to a case: its law, their values, their count. */
typedef struct case_sets_of {
    const lt_law *law;
    lt_param_value v[LT_MAX_PARAMS];
    int n;
} case_sets_of;

/* The case's name (left on the stack at top + 1) and the name of its law, from the test at dt (a
 * function's table was checked before the runs), into k. */
static void read_case_names(case_ctx *k, lua_State *L, int c, int top)
{
    lua_getfield(L, c, "name");
    k->name = lua_tostring(L, -1);
    if (lt_case_test_at(L, c, 1) == LUA_OK) lua_getfield(L, -1, "law");
    snprintf(k->law, sizeof k->law, "%s",
             lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?");
    lua_settop(L, top + 1);
}

/* A case that is not run ends: its unit's rows resolved, the watch page's unit closed. */
static void skip_case(case_ctx *k, lua_State *L, int top)
{
    lt_xfail_end(k->unit, count_row, k->cr);
    lt_jobs_end();
    lt_watch_unit_end();
    lua_settop(L, top);
}

/* 1 (after an n/a row) if the case's test gives one of the --set parameters itself another value:
 * its expectations are for its own value, not --set's, so it is not run (as a C case that sets
 * it, verify.c); the same value runs. */
static int sets_its_own(case_ctx *k, lua_State *L, int c, const case_sets_of *sets)
{
    if (sets->n == 0 || lt_case_test_at(L, c, 1) != LUA_OK) return 0;
    for (int j = 0; j < sets->n; j++)
        if (test_sets(L, lua_gettop(L), sets->law, &sets->v[j])) {
            char what[LT_NAME_MAX + 24], note[200];
            snprintf(what, sizeof what, "not run (sets %s)", sets->v[j].name);
            snprintf(
                note, sizeof note,
                "the case's test gives %s itself; its expectations are for that value, not --set's",
                sets->v[j].name);
            emit(k, what, LT_CHECK_NA, NAN, NAN, NAN, note);
            return 1;
        }
    return 0;
}

/* The runs the expectations (list at ex, m of them) need: RUNS_FOR_ORDER (dt, dt/2, dt/4) if
 * one asks for an order of convergence, else 1. */
static int runs_needed(lua_State *L, int ex, int m)
{
    int runs = 1;
    for (int j = 1; j <= m; j++) {
        lua_rawgeti(L, ex, j);
        if (lua_getfield(L, -1, "order") != LUA_TNIL) runs = RUNS_FOR_ORDER;
        lua_pop(L, 2);
    }
    return runs;
}

/* Run j of the case at c: its test at dt / 2^j pushed (index *t; --set's values applied), then
 * the run's results, or the message of its failure (a memory error is raised).  Its status. */
static int run_at(script_ctx *sc, lua_State *L, int c, int j, const case_sets_of *sets, int *t)
{
    int rc = lt_case_test_at(L, c, (double)(1 << j));
    *t = lua_gettop(L);
    if (rc == LUA_OK && sets->n > 0) apply_sets(L, *t, sets->law, sets->v, sets->n);
    if (rc == LUA_OK) {
        lua_pushcfunction(L, protected_run);
        lua_pushlightuserdata(L, sc);
        lua_pushvalue(L, *t);
        lt_budget_reset(L); /* the run's untils and dones each get a budget of their own */
        rc = lua_pcall(L, 2, 1, 0);
    } else {
        lua_pushvalue(L, -1); /* the message, as the run's result */
    }
    if (rc == LUA_ERRMEM) lua_error(L);
    return rc;
}

/* The case's runs (runs of them, up to the first that fails; a failure is a failed row), each
 * as the field cases[i].test with its recorded states kept: results at r[j], tests at t[j].  The
 * number that succeeded. */
static int run_case_tests(case_ctx *k, lua_State *L, int c, int i, int runs,
                          const case_sets_of *sets, int *r, int *t)
{
    script_ctx *sc = k->sc;
    sc->test_path[0] = (srcloc_key){"cases", 0};
    sc->test_path[1] = (srcloc_key){NULL, i};
    sc->test_path[2] = (srcloc_key){"test", 0};
    sc->test_depth = 3;
    sc->keep_rows = 1;
    int ok = 0;
    for (int j = 0; j < runs && ok == j; j++) {
        int rc = run_at(sc, L, c, j, sets, &t[j]);
        r[j] = lua_gettop(L);
        if (rc == LUA_OK) {
            ok++;
        } else {
            char label[40];
            snprintf(label, sizeof label, j ? "run dt/%d" : "run", 1 << j);
            emit(k, label, LT_CHECK_ABS, 0, NAN, 0, lua_tostring(L, -1));
        }
    }
    sc->test_depth = 0;
    sc->keep_rows = 0;
    return ok;
}

/* Case i (table at c): its runs, then its expectations. */
static void run_case(script_ctx *sc, lt_case_run *cr, lua_State *L, int c, int i)
{
    int top = lua_gettop(L);
    lt_xfail_unit unit;
    case_ctx k = {.sc = sc, .cr = cr, .unit = &unit};
    read_case_names(&k, L, c, top);
    /* a unit in the watch page: a fault of the law ends this case only (supervise.h) */
    if (!lt_watch_unit_begin(k.law, k.name, 1)) {
        lua_settop(L, top);
        return;
    }
    cr->cases++;
    if (!lt_jobs_begin(k.law, count_row, cr)) { /* -j N: a child's job (verify_jobs.h) */
        lt_jobs_end();
        lt_watch_unit_end();
        lua_settop(L, top);
        return;
    }
    /* its rows before the runs go through the unit too: an n/a row of a skipped case is no XPASS */
    lt_xfail_begin(&unit, NULL);
    /* --set: the values of this case's law */
    case_sets_of sets = {.law = lt_find_law(k.law)};
    sets.n = case_sets(&k, sets.law, sets.v);
    if (sets.n < 0 || sets_its_own(&k, L, c, &sets)) {
        skip_case(&k, L, top);
        return;
    }
    lua_settop(L, top + 1);
    lua_getfield(L, c, "xfail");
    lt_xfail_begin(&unit, lua_tostring(L, -1));
    lua_pop(L, 1);
    lua_getfield(L, c, "expect");
    int ex = lua_gettop(L), m = (int)lua_rawlen(L, ex);
    int r[RUNS_FOR_ORDER], t[RUNS_FOR_ORDER];
    int ok = run_case_tests(&k, L, c, i, runs_needed(L, ex, m), &sets, r, t);
    lt_watch_unit_end(); /* what follows reads the runs' results, not the law */
    /* the rows at dt when that run succeeded; the order rows only when all three did (a failed
     * re-run is its own failed row) */
    if (ok > 0)
        for (int j = 1; j <= m; j++) {
            lua_rawgeti(L, ex, j);
            check_expectation(&k, L, lua_gettop(L), r, t, ok);
            lua_pop(L, 1);
        }
    lt_xfail_end(&unit, count_row, cr);
    lt_jobs_end();
    lua_settop(L, top);
}

void lt_run_case_file(script_ctx *sc, lua_State *L, int idx)
{
    lt_case_run *cr = sc->opts->cases;
    conv cv = {.file = sc->script.path, .loc = sc->script.loc, .L = L};
    int cs, n = lt_check_case_file(sc, &cv, lua_absindex(L, idx), &cs);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, cs, i);
        lua_getfield(L, -1, "name");
        int take = !cr->kase || strcmp(cr->kase, lua_tostring(L, -1)) == 0;
        lua_pop(L, 1);
        if (take) {
            run_case(sc, cr, L, lua_gettop(L), i);
        }
        lua_pop(L, 1);
    }
    lt_jobs_finish(); /* a child of -j N ends here */
    lua_pop(L, 1);
}
