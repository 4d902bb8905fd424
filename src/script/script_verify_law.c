/* src/script/script_verify_law.c - `lawtester.verify_law(NAME [, { quiet = bool, params = {P = V,
 * ...}, case = NAME }])` (docs/lua-laws.md): runs verify's generic checks and analytic cases
 * (src/verify/verify.h) on a registered law, a Lua law of the script or any other, printing
 * verify's rows unless quiet; returns failed, rows.  `params` are the values of `verify --set` (a
 * real in its range, a bool, a choice by name: docs/verify.md, "The parameter space"), `case` that
 * of `--case`.  A Lua law that fails inside init or step is reported as the script's error
 * (lt_script_law_error).
 */
#include "contact/law_check.h"
#include "contact/registry.h"
#include "script/script_int.h"
#include "verify/verify.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct verify_ctx {
    int print;
} verify_ctx;

static void verify_row(void *ctx, const lt_verify_row *r)
{
    verify_ctx *v = ctx;
    if (v->print) lt_verify_print_row(stdout, r);
}

/* The table at index t of `params` into out (names from the law): every key a parameter of law,
 * every value of its kind and in its range, then the law's check.  The count; a Lua error
 * naming the parameter and what it takes otherwise. */
static int read_params(lua_State *L, int t, const lt_law *law, lt_param_value out[LT_MAX_PARAMS])
{
    double all[LT_MAX_PARAMS];
    for (int i = 0; i < law->n_params; i++) all[i] = law->params[i].def;
    int n = 0;
    luaL_checktype(L, t, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        int i = lua_type(L, -2) == LUA_TSTRING ? lt_law_param_index(law, lua_tostring(L, -2)) : -1;
        if (i < 0)
            return luaL_error(L, "lawtester.verify_law: params: law %s has no parameter '%s'",
                              law->name, luaL_tolstring(L, -2, NULL));
        const lt_param *p = &law->params[i];
        double x = NAN;
        if (p->kind == LT_BOOL && lua_isboolean(L, -1))
            x = lua_toboolean(L, -1);
        else if (p->kind == LT_CHOICE && lua_type(L, -1) == LUA_TSTRING) {
            for (int j = 0; p->choices[j]; j++)
                if (strcmp(p->choices[j], lua_tostring(L, -1)) == 0) x = j;
        } else if (p->kind == LT_REAL && lua_type(L, -1) == LUA_TNUMBER) {
            double y = lua_tonumber(L, -1);
            if (lt_param_in_range(p, lt_law_param_flags(law, i), y)) x = y;
        }
        if (isnan(x)) {
            if (p->kind == LT_BOOL)
                return luaL_error(L, "lawtester.verify_law: params.%s takes true or false",
                                  p->name);
            if (p->kind == LT_REAL) {
                char r[120];
                return luaL_error(L, "lawtester.verify_law: params.%s takes a number in %s",
                                  p->name,
                                  lt_param_range_text(p, lt_law_param_flags(law, i), r, sizeof r));
            }
            luaL_Buffer b;
            luaL_buffinit(L, &b);
            for (int j = 0; p->choices && p->choices[j]; j++) {
                if (j) luaL_addstring(&b, ", ");
                luaL_addstring(&b, p->choices[j]);
            }
            luaL_pushresult(&b);
            return luaL_error(L, "lawtester.verify_law: params.%s takes one of %s", p->name,
                              lua_tostring(L, -1));
        }
        all[i] = x;
        out[n++] = (lt_param_value){.name = p->name, .value = x};
        lua_pop(L, 1);
    }
    const char *bad = law->check ? law->check(all) : NULL;
    if (bad)
        return luaL_error(L, "lawtester.verify_law: params: law %s refuses these values: %s",
                          law->name, bad);
    return n;
}

/* lawtester.verify_law(NAME [, { quiet = bool, params = {...}, case = NAME }]) -> failed, rows */
int lt_lib_verify_law(lua_State *L)
{
    script_ctx *sc = lt_lib_ctx(L);
    if (sc->script.callback_depth > 0)
        return luaL_error(
            L,
            "lawtester.verify_law: not from inside a run (an until, a done or a law's function)");
    const char *name = luaL_checkstring(L, 1);
    int quiet = sc->opts->quiet;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        lua_pushnil(L);
        while (lua_next(L, 2)) {
            lua_pop(L, 1);
            const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
            if (strcmp(k, "quiet") != 0 && strcmp(k, "params") != 0 && strcmp(k, "case") != 0)
                return luaL_error(
                    L, "lawtester.verify_law: unknown option '%s' (allowed: quiet, params, case)",
                    luaL_tolstring(L, -1, NULL));
        }
        lua_getfield(L, 2, "quiet");
        if (!lua_isnil(L, -1)) {
            if (!lua_isboolean(L, -1))
                return luaL_error(L, "lawtester.verify_law: option quiet must be a boolean");
            quiet = lua_toboolean(L, -1);
        }
        lua_pop(L, 1);
    }
    const lt_law *law = lt_find_law(name);
    if (!law) return luaL_error(L, "lawtester.verify_law: no law '%s'", name);
    lt_param_value set[LT_MAX_PARAMS];
    int n_set = 0;
    const char *kase = NULL;
    if (!lua_isnoneornil(L, 2)) {
        lua_getfield(L, 2, "params");
        if (!lua_isnil(L, -1)) {
            if (!lua_istable(L, -1))
                return luaL_error(L, "lawtester.verify_law: option params must be a table");
            n_set = read_params(L, lua_gettop(L), law, set);
        }
        lua_pop(L, 1);
        lua_getfield(L, 2, "case");
        if (!lua_isnil(L, -1)) {
            if (lua_type(L, -1) != LUA_TSTRING)
                return luaL_error(L, "lawtester.verify_law: option case must be a string");
            kase = lua_tostring(L, -1); /* the options table keeps it alive */
        }
        lua_pop(L, 1);
    }
    sc->n_runs++; /* the script did run something */
    lt_script_law_reset(&sc->script);
    verify_ctx v = {!quiet};
    lt_verify_opts o;
    memset(&o, 0, sizeof o);
    o.law = name;
    o.on_row = verify_row;
    o.ctx = &v;
    o.set = set;
    o.n_set = n_set;
    o.kase = kase;
    lt_verify_summary sum;
    memset(&sum, 0, sizeof sum);
    if (v.print) lt_verify_print_header(stdout);
    lt_verify_law(law, &o, &sum);
    fflush(stdout);
    char msg[1200];
    if (lt_script_law_error(&sc->script, NULL, msg, sizeof msg)) {
        lua_pushstring(L, msg);
        return lua_error(L);
    }
    lua_pushinteger(L, sum.failed);
    lua_pushinteger(L, sum.rows);
    return 2;
}
