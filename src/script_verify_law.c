/* src/script_verify_law.c - `lawtester.verify_law(NAME [, { quiet = bool }])` (docs/lua-laws.md):
 * runs verify's generic checks and analytic cases (src/verify.h) on a registered law, a Lua law
 * of the script or any other, printing verify's rows unless quiet; returns failed, rows.  A Lua
 * law that fails inside init or step is reported as the script's error (lt_script_law_error).
 */
#include "registry.h"
#include "script_int.h"
#include "verify.h"
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

/* lawtester.verify_law(NAME [, { quiet = bool }]) -> failed, rows */
int lt_lib_verify_law(lua_State *L)
{
    script_ctx *sc = lt_lib_ctx(L);
    if (sc->callback_depth > 0)
        return luaL_error(L, "lawtester.verify_law: not from inside a run (an until, a done or a law's function)");
    const char *name = luaL_checkstring(L, 1);
    int quiet = sc->opts->quiet;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        lua_pushnil(L);
        while (lua_next(L, 2)) {
            lua_pop(L, 1);
            if (lua_type(L, -1) != LUA_TSTRING || strcmp(lua_tostring(L, -1), "quiet") != 0)
                return luaL_error(L, "lawtester.verify_law: unknown option '%s' (allowed: quiet)", luaL_tolstring(L, -1, NULL));
        }
        lua_getfield(L, 2, "quiet");
        if (!lua_isnil(L, -1)) {
            if (!lua_isboolean(L, -1)) return luaL_error(L, "lawtester.verify_law: option quiet must be a boolean");
            quiet = lua_toboolean(L, -1);
        }
        lua_pop(L, 1);
    }
    const lt_law *law = lt_find_law(name);
    if (!law) return luaL_error(L, "lawtester.verify_law: no law '%s'", name);
    sc->n_runs++; /* the script did run something */
    lt_script_law_reset(sc);
    verify_ctx v = {!quiet};
    lt_verify_opts o;
    memset(&o, 0, sizeof o);
    o.law = name;
    o.on_row = verify_row;
    o.ctx = &v;
    lt_verify_summary sum;
    memset(&sum, 0, sizeof sum);
    if (v.print) lt_verify_print_header(stdout);
    lt_verify_law(law, &o, &sum);
    fflush(stdout);
    char msg[1200];
    if (lt_script_law_error(sc, NULL, msg, sizeof msg)) {
        lua_pushstring(L, msg);
        return lua_error(L);
    }
    lua_pushinteger(L, sum.failed);
    lua_pushinteger(L, sum.rows);
    return 2;
}
