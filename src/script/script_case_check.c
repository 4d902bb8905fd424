/* src/script/script_case_check.c - a case file (docs/case-scripts.md) checked whole before
 * anything runs: every case, expectation and test table, so that a bad file is one line
 * `FILE:LINE: field cases[2].expect[1].tol: ...` and no row (script_cases.c runs it); and the
 * readers the runs share with the check: a case's test at a time step, a string measure as a
 * chunk, the name of a --set value. */
#define _POSIX_C_SOURCE 200809L
#include "script/script_case_check.h"
#include "contact/law_check.h"
#include "contact/registry.h"
#include "lua/names.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const file_keys[] = {"cases", "doc", NULL};
static const char *const case_keys[] = {"name", "doc", "test", "dt", "expect", "xfail", NULL};
static const char *const expect_keys[] = {"name", "measure", "value",     "tol",   "kind",
                                          "why",  "order",   "order_tol", "xfail", NULL};
static const char *const kind_names[] = {"rel", "abs"};

/* Push the field key of table t, which must be present and of type a or b (what: the words). */
static int need_field(conv *cv, int t, const char *key, int a, int b, const char *what)
{
    lt_path_push_key(cv, key);
    int ty = lt_get_field(cv, t, key);
    if (ty == LUA_TNIL) lt_field_error(cv, "missing (%s)", what);
    if (ty != a && ty != b)
        lt_field_error(cv, "expected %s, got %s", what, luaL_typename(cv->L, -1));
    if (ty == LUA_TSTRING && lua_rawlen(cv->L, -1) == 0) lt_field_error(cv, "is empty (%s)", what);
    lt_path_pop(cv);
    return ty;
}

/* The text of a string measure as a chunk returning its value; pushes the loaded function or the
 * message (the status of luaL_loadbufferx). */
int lt_load_measure(lua_State *L, const char *expr)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, "return (");
    luaL_addstring(&b, expr);
    luaL_addstring(&b, "\n)");
    luaL_pushresult(&b);
    size_t n;
    const char *text = lua_tolstring(L, -1, &n);
    int rc = luaL_loadbufferx(L, text, n, "=measure", "t");
    lua_remove(L, -2);
    return rc;
}

/* A message of a string measure without its chunk's location "measure:LINE: " (the field names
 * the measure). */
const char *lt_measure_message(const char *msg)
{
    if (!msg || strncmp(msg, "measure:", 8) != 0)
        return msg ? msg : "(an error object that is not a string)";
    const char *p = msg + 8;
    while (*p >= '0' && *p <= '9') p++;
    return *p == ':' ? p + (p[1] == ' ' ? 2 : 1) : msg;
}

/* Push the test of the case at stack index c at its time step divided by div: the test table
 * itself (div 1), a copy with only dt divided, or - when `test` is a function(dt) - a copy of the
 * table test(case.dt/div) returns, with dt set to that time step.  Returns LUA_OK, or another
 * status with a message pushed instead (the function raised, returned no table, or a table with
 * another dt).  Memory errors are not caught. */
int lt_case_test_at(lua_State *L, int c, double div)
{
    lua_getfield(L, c, "test");
    if (lua_type(L, -1) == LUA_TTABLE && div == 1) return LUA_OK;
    double dt;
    if (lua_type(L, -1) == LUA_TFUNCTION) {
        lua_getfield(L, c, "dt");
        dt = lua_tonumber(L, -1) / div;
        lua_pop(L, 1);
        lua_pushnumber(L, dt);
        lt_budget_save save;
        lt_budget_reset(L);
        lt_budget_enter(L, &save);
        int rc = lua_pcall(L, 1, 1, 0);
        lt_budget_leave(L, &save);
        if (rc == LUA_ERRMEM) lua_error(L);
        if (rc != LUA_OK) {
            lua_pushfstring(L, "test(%f) raised: %s", dt,
                            lua_isstring(L, -1) ? lua_tostring(L, -1)
                                                : "(an error object that is not a string)");
            lua_remove(L, -2);
            return rc;
        }
        if (!lua_istable(L, -1)) {
            lua_pushfstring(L, "test(%f) returned %s, not a test table", dt, luaL_typename(L, -1));
            lua_remove(L, -2);
            return LUA_ERRRUN;
        }
        lua_getfield(L, -1, "dt");
        if (!lua_isnil(L, -1) && !(lua_type(L, -1) == LUA_TNUMBER && lua_tonumber(L, -1) == dt)) {
            lua_pushfstring(L,
                            "test(%f) returned a table whose dt is not the dt it was called with: "
                            "leave dt out of it or set it to the argument",
                            dt);
            lua_remove(L, -2);
            lua_remove(L, -2);
            return LUA_ERRRUN;
        }
        lua_pop(L, 1);
    } else {
        lua_getfield(L, -1, "dt");
        dt = lua_tonumber(L, -1) / div;
        lua_pop(L, 1);
    }
    int tt = lua_gettop(L);
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, tt)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_pushnumber(L, dt);
    lua_setfield(L, -2, "dt");
    lua_remove(L, tt);
    return LUA_OK;
}

/* The optional `xfail` of table t: 1 if given (a one-line string), else 0. */
static int check_xfail(conv *cv, int t)
{
    if (!lt_has_field(cv, t, "xfail")) return 0;
    need_field(cv, t, "xfail", LUA_TSTRING, LUA_TSTRING,
               "a string: why the check is expected to fail (a known defect)");
    lt_path_push_key(cv, "xfail");
    if (strpbrk(lua_tostring(cv->L, -1), "\n\r"))
        lt_field_error(cv, "must be one line (it is printed in the rows)");
    lt_path_pop(cv);
    lua_pop(cv->L, 1);
    return 1;
}

static void check_expect(conv *cv, int e, int has_dt, int case_xfail)
{
    lua_State *L = cv->L;
    e = lua_absindex(L, e);
    if (!lua_istable(L, e))
        lt_field_error(cv, "expected an expectation table, got %s", luaL_typename(L, e));
    lt_check_keys(cv, e, expect_keys);
    need_field(cv, e, "name", LUA_TSTRING, LUA_TSTRING,
               "a string: the quantity's name in the rows");
    lua_pop(L, 1);
    int ty = need_field(cv, e, "measure", LUA_TSTRING, LUA_TFUNCTION,
                        "a string (a Lua expression over the results) or a function(r, test)");
    if (ty == LUA_TSTRING) {
        lt_path_push_key(cv, "measure");
        if (lt_load_measure(L, lua_tostring(L, -1)) != LUA_OK)
            lt_field_error(cv, "'%s' is not a Lua expression: %s", lua_tostring(L, -2),
                           lt_measure_message(lua_tostring(L, -1)));
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    lua_pop(L, 1);
    ty = need_field(cv, e, "value", LUA_TNUMBER, LUA_TFUNCTION,
                    "the closed form: a number or a function(r, test)");
    if (ty == LUA_TNUMBER) {
        lt_path_push_key(cv, "value");
        lt_to_number(cv, -1, -INFINITY, INFINITY);
        lt_path_pop(cv);
    }
    lua_pop(L, 1);
    need_field(cv, e, "tol", LUA_TNUMBER, LUA_TNUMBER,
               "a number >= 0: the largest error that passes");
    lt_path_push_key(cv, "tol");
    lt_to_number(cv, -1, 0, INFINITY);
    lt_path_pop(cv);
    lua_pop(L, 1);
    need_field(cv, e, "why", LUA_TSTRING, LUA_TSTRING, "one line: why the tolerance is that size");
    lua_pop(L, 1);
    int kind = 0;
    lt_opt_choice(cv, e, "kind", kind_names, 2, &kind);
    double order = NAN, order_tol = ORDER_TOL_DEFAULT;
    lt_opt_positive(cv, e, "order", &order);
    lt_opt_number(cv, e, "order_tol", &order_tol, 0, INFINITY);
    if (!isnan(order) && !has_dt) {
        lt_path_push_key(cv, "order");
        lt_field_error(cv,
                       "needs the test's dt (the case is re-run at dt/2 and dt/4): give test.dt");
    }
    if (lt_has_field(cv, e, "order_tol") && isnan(order)) {
        lt_path_push_key(cv, "order_tol");
        lt_field_error(cv, "given without order");
    }
    if (check_xfail(cv, e) && case_xfail) {
        lt_path_push_key(cv, "xfail");
        lt_field_error(
            cv, "the case is marked xfail already: mark the case or its expectations, not both");
    }
}

/* The test table at stack index tt read as lawtester.run reads it (errors name cases[i].test). */
static void check_test(script_ctx *sc, lua_State *L, int tt, int i)
{
    tt = lua_absindex(L, tt);
    run_ctx *r = lt_run_new(L, sc);
    lt_make_proxies(L, r);
    read_args args = {
        .cv = {.file = sc->script.path,
               .loc = sc->script.loc,
               .L = L,
               .path = {{"cases", 0}, {NULL, i}, {"test", 0}},
               .depth = 3},
        .r = r,
        .idx = 2,
        .name = &r->name,
    };
    lua_pushcfunction(L, lt_protected_read);
    lua_pushlightuserdata(L, &args);
    lua_pushvalue(L, tt);
    int rc = lua_pcall(L, 2, 0, 0);
    lt_run_release(r);
    if (rc != LUA_OK) lua_error(L);
    lua_pop(L, 1); /* the run_ctx */
}

/* Case i's name (at c): a valid case name, not that of an earlier case of the list at cs. */
static void check_case_name(conv *cv, int cs, int c, int i)
{
    lua_State *L = cv->L;
    need_field(cv, c, "name", LUA_TSTRING, LUA_TSTRING,
               "a string: the case's name in the rows and for --case");
    const char *name = lua_tostring(L, -1);
    lt_path_push_key(cv, "name");
    if (!lt_valid_name(name))
        lt_field_error(cv, "'%s' is not a valid case name (letters, digits, - _ . +)", name);
    for (int j = 1; j < i; j++) {
        lua_rawgeti(L, cs, j);
        lua_getfield(L, -1, "name");
        if (strcmp(lua_tostring(L, -1), name) == 0)
            lt_field_error(cv, "'%s' is also the name of cases[%d]", name, j);
        lua_pop(L, 2);
    }
    lt_path_pop(cv);
    lua_pop(L, 1);
}

/* The case's test (at c): a table, or a function(dt) with the case's dt (a table gives its own).
 * Its type; *has_dt: the case's expectations may use dt. */
static int check_case_test(conv *cv, int c, int *has_dt)
{
    lua_State *L = cv->L;
    int ty = need_field(cv, c, "test", LUA_TTABLE, LUA_TFUNCTION,
                        "a test table, as lawtester.run takes, or a function(dt) returning one");
    *has_dt = ty == LUA_TFUNCTION || lt_has_field(cv, lua_gettop(L), "dt");
    lua_pop(L, 1);
    if (ty == LUA_TFUNCTION) {
        lt_path_push_key(cv, "dt");
        if (!lt_has_field(cv, c, "dt"))
            lt_field_error(cv, "missing (the time step, s, the test function is called with)");
        lt_path_pop(cv);
        double dt = NAN;
        lt_opt_positive(cv, c, "dt", &dt);
    } else if (lt_has_field(cv, c, "dt")) {
        lt_path_push_key(cv, "dt");
        lt_field_error(cv, "only with a test function(dt): a test table gives its own dt");
    }
    return ty;
}

/* The time steps the case (at c) will run at: RUNS_FOR_ORDER (dt, dt/2, dt/4) if an expectation
 * asks for an order, else 1 (the expectations not checked yet). */
static int case_runs(lua_State *L, int c)
{
    int runs = 1;
    lua_getfield(L, c, "expect");
    for (int j = 1; lua_istable(L, -1) && j <= (int)lua_rawlen(L, -1); j++) {
        lua_rawgeti(L, -1, j);
        if (lua_istable(L, -1) && lua_getfield(L, -1, "order") != LUA_TNIL) runs = RUNS_FOR_ORDER;
        lua_pop(L, lua_istable(L, -1) ? 2 : 1);
    }
    lua_pop(L, 1);
    return runs;
}

/* The expectations of the case at c: a non-empty list, each checked (check_expect). */
static void check_case_expects(conv *cv, int c, int has_dt, int case_xfail)
{
    lua_State *L = cv->L;
    need_field(cv, c, "expect", LUA_TTABLE, LUA_TTABLE, "a list of expectations");
    int ex = lua_gettop(L), m = (int)lua_rawlen(L, ex);
    lt_path_push_key(cv, "expect");
    if (m == 0) lt_field_error(cv, "no expectations (a list of {name, measure, value, tol, why})");
    lt_check_list(cv, ex, m, "a list of expectations");
    for (int j = 1; j <= m; j++) {
        lt_path_push_index(cv, j);
        lua_rawgeti(L, ex, j);
        check_expect(cv, -1, has_dt, case_xfail);
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    lt_path_pop(cv);
    lua_pop(L, 1);
}

/* Case i of the list at cs: its fields, its test at each time step it will run at (dt, and dt/2,
 * dt/4 for an order), its expectations. */
static void check_case_table(script_ctx *sc, conv *cv, int cs, int i)
{
    lua_State *L = cv->L;
    lt_path_push_index(cv, i);
    lua_rawgeti(L, cs, i);
    int c = lua_gettop(L);
    if (!lua_istable(L, c))
        lt_field_error(cv, "expected a case table, got %s", luaL_typename(L, c));
    lt_check_keys(cv, c, case_keys);
    check_case_name(cv, cs, c, i);
    need_field(cv, c, "doc", LUA_TSTRING, LUA_TSTRING,
               "one line: what is checked, against what closed form");
    lua_pop(L, 1);
    int has_dt;
    int ty = check_case_test(cv, c, &has_dt);
    int runs = case_runs(L, c);
    for (int j = 0; j < (ty == LUA_TFUNCTION ? runs : 1); j++) {
        lt_path_push_key(cv, "test");
        if (lt_case_test_at(L, c, (double)(1 << j)) != LUA_OK)
            lt_field_error(cv, "%s", lua_tostring(L, -1));
        lt_path_pop(cv);
        check_test(sc, L, -1, i);
        lua_pop(L, 1);
    }
    int case_xfail = check_xfail(cv, c);
    check_case_expects(cv, c, has_dt, case_xfail);
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* Check every case of the list at index cs; returns how many there are. */
static int check_cases(script_ctx *sc, conv *cv, int cs)
{
    int n = (int)lua_rawlen(cv->L, cs);
    if (n == 0) lt_field_error(cv, "no cases (a list of case tables)");
    lt_check_list(cv, cs, n, "a list of case tables");
    for (int i = 1; i <= n; i++) check_case_table(sc, cv, cs, i);
    return n;
}

/* The name P of a --set text "P=V" into buf */
const char *lt_set_name(const char *text, char *buf, size_t n)
{
    size_t k = strcspn(text, "=");
    snprintf(buf, n, "%.*s", (int)(k < n ? k : n - 1), text);
    return buf;
}

/* Every --set names a parameter of the law of at least one case of the file (cases table at cs,
 * n cases): else one line, before anything runs */
static void check_sets_apply(lua_State *L, conv *cv, const lt_case_run *cr, int cs, int n)
{
    for (int j = 0; j < cr->n_sets; j++) {
        char name[LT_NAME_MAX + 1], laws[300] = "";
        lt_set_name(cr->sets[j], name, sizeof name);
        int found = 0;
        size_t u = 0;
        for (int i = 1; i <= n && !found; i++) {
            int top = lua_gettop(L);
            lua_rawgeti(L, cs, i);
            if (lt_case_test_at(L, lua_gettop(L), 1) == LUA_OK &&
                lua_getfield(L, -1, "law") == LUA_TSTRING) {
                const lt_law *law = lt_find_law(lua_tostring(L, -1));
                found = law && lt_law_param_index(law, name) >= 0;
                if (u < sizeof laws && !strstr(laws, lua_tostring(L, -1)))
                    u += (size_t)snprintf(laws + u, sizeof laws - u, u ? ", %s" : "%s",
                                          lua_tostring(L, -1));
            }
            lua_settop(L, top);
        }
        if (!found)
            lt_field_error(cv,
                           "--set '%s': no case's law has a parameter %s (the laws of the cases: "
                           "%s; `lawtester laws` lists their parameters)",
                           cr->sets[j], name, laws[0] ? laws : "none");
    }
}

int lt_check_case_file(script_ctx *sc, conv *cv, int idx, int *cases)
{
    lua_State *L = cv->L;
    lt_case_run *cr = sc->opts->cases;
    if (!lua_istable(L, idx))
        lt_field_error(
            cv, "a case file returns a table { cases = {...} } (docs/case-scripts.md), got %s",
            luaL_typename(L, idx));
    lt_check_keys(cv, idx, file_keys);
    if (lt_has_field(cv, idx, "doc")) {
        need_field(cv, idx, "doc", LUA_TSTRING, LUA_TSTRING, "a string");
        lua_pop(L, 1);
    }
    need_field(cv, idx, "cases", LUA_TTABLE, LUA_TTABLE, "a list of case tables");
    int cs = *cases = lua_gettop(L);
    lt_path_push_key(cv, "cases");
    int n = check_cases(sc, cv, cs);
    check_sets_apply(L, cv, cr, cs, n);
    int selected = 0;
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, cs, i);
        lua_getfield(L, -1, "name");
        selected += !cr->kase || strcmp(cr->kase, lua_tostring(L, -1)) == 0;
        lua_pop(L, 2);
    }
    if (!selected) {
        char list[400] = "";
        size_t u = 0;
        for (int i = 1; i <= n && u < sizeof list; i++) {
            lua_rawgeti(L, cs, i);
            lua_getfield(L, -1, "name");
            u += (size_t)snprintf(list + u, sizeof list - u, i > 1 ? ", %s" : "%s",
                                  lua_tostring(L, -1));
            lua_pop(L, 2);
        }
        cr->no_match = 1;
        lt_field_error(cv, "no case called '%s' (cases: %s)", cr->kase, list);
    }
    lt_path_pop(cv);
    return n;
}
