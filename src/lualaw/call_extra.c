/* src/lualaw/call_extra.c - the Lua side of a call of a contact law's yield function or of a case's
 * closed form (docs/lua-laws.md, "Yield surface and cases"), inside the law's closure in its third
 * mode (law_call, call.c): the function's arguments as Lua values, its results checked and read
 * back; and the strings such a law keeps for its life.
 *
 * The call.  Each goes through the law's closure on its own thread like a step (law_call, mode
 * LT_LUA_MODE_EXTRA): p is the law's read-only parameter proxy, refreshed for the parameters the
 * caller hands in; the yield functions get s, the state handed in, read-only; one entry into Lua
 * with its own instruction budget, runs forbidden inside.  An error (the function's, or a result of
 * the wrong type) is kept in the binding like an error of step, and reported as one line
 * `FILE:LINE: law 'NAME': yield.ft_max: ...` by the script layer after the probe or verify.  The
 * Lua functions are kept in one table per law (the registry holds it as long as the binding: the
 * law's whole life), with a read-only proxy of the law's state table for the yield functions
 * (yield_cases.c makes it).
 */
#define _POSIX_C_SOURCE 200809L
#include "lualaw/lualaw_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const lt_lua_law_yield_fn_names[4] = {"ft_max", "fn_max", "yielding", "excess"};
const char *const lt_lua_law_case_fn_names[3] = {"expect", "along", "curve"};

/* ---- strings kept for the law's life --------------------------------------------------------- */

const char *lt_lua_law_keep(lua_law_extra *x, const char *s)
{
    if (x->n_owned == x->cap_owned) {
        int cap = x->cap_owned ? 2 * x->cap_owned : 16;
        void **o = realloc(x->owned, (size_t)cap * sizeof *o);
        if (!o) return NULL;
        x->owned = o, x->cap_owned = cap;
    }
    char *p = strdup(s);
    if (p) x->owned[x->n_owned++] = p;
    return p;
}

/* s kept once however often a closed form returns it (its `why` is read after the call). */
static const char *intern(lua_law_extra *x, const char *s)
{
    for (int i = 0; i < x->n_owned; i++)
        if (strcmp(x->owned[i], s) == 0) return x->owned[i];
    return lt_lua_law_keep(x, s);
}

/* The commands of the last `commands` call freed. */
static void free_commands(lua_law_extra *x)
{
    for (int i = 0; i < x->n_cmd; i++) free(x->cmd[i]);
    free(x->cmd);
    x->cmd = NULL;
    x->n_cmd = 0;
}

void lt_lua_law_free_extras(lua_law *b)
{
    lua_law_extra *x = b->extra;
    if (!x) return;
    free_commands(x);
    for (int i = 0; i < x->n_owned; i++) free(x->owned[i]);
    free(x->owned);
    free(x);
    b->extra = NULL;
}

/* ---- inside law_call: the Lua side of a call ------------------------------------------------- */

/* The quantities `expect` may return, by the names of verify's rows (spaces as '_'). */
static const struct {
    const char *name;
    int q;
} quantity_names[] = {
    {"e", LT_Q_RESTITUTION},
    {"t_contact", LT_Q_CONTACT_TIME},
    {"t_force", LT_Q_FORCE_TIME},
    {"max_overlap", LT_Q_MAX_OVERLAP},
    {"max_force", LT_Q_MAX_FORCE},
    {"vt_after", LT_Q_TANGENT_OUT},
    {"spin_A_after", LT_Q_SPIN_A},
    {"spin_B_after", LT_Q_SPIN_B},
    {"cycle_energy", LT_Q_CYCLE_ENERGY},
    {"kt", LT_Q_KT},
    {"slip_force", LT_Q_SLIP_FORCE},
    {"balance", LT_Q_BALANCE},
};
#define N_QUANTITIES (int)(sizeof quantity_names / sizeof quantity_names[0])
static const char quantity_list[] =
    "e, t_contact, t_force, max_overlap, max_force, vt_after, spin_A_after, spin_B_after, "
    "cycle_energy, kt, slip_force, balance";
static const char *const along_names[LT_ALONG_COUNT] = {"Fn", "kn", "kt", "elast"};

static void set_env_number(lua_State *T, const char *k, double v)
{
    lua_pushnumber(T, v);
    lua_setfield(T, -2, k);
}

static void push_pair(lua_State *T, const double v[2])
{
    lua_createtable(T, 2, 0);
    for (int i = 0; i < 2; i++) {
        lua_pushnumber(T, v[i]);
        lua_rawseti(T, -2, i + 1);
    }
}

const char *const *lt_lua_law_load_names(lt_case_kind kind, int *n)
{
    static const char *const normal[] = {"overlap", "speed", NULL},
                             *const cycle[] = {"overlap", "amplitude", "speed", NULL},
                             *const impact[] = {"vn", "vt", "spin", "gap", NULL},
                             *const loop[] = {"overlap", "amplitude", NULL};
    const char *const *l = kind == LT_CASE_NORMAL        ? normal
                           : kind == LT_CASE_SHEAR_CYCLE ? cycle
                           : kind == LT_CASE_IMPACT      ? impact
                                                         : loop;
    for (*n = 0; l[*n]; (*n)++) {}
    return l;
}

/* env (law.h, lt_case_env) as a fresh table: { p, c, load, mass, inertia }. */
static void push_env(lua_State *T, const lt_case_env *env, const lt_case *cs)
{
    const lt_contact *c = &env->c;
    lua_createtable(T, 0, 5);
    lua_pushvalue(T, lua_upvalueindex(U_PP));
    lua_setfield(T, -2, "p");
    lua_createtable(T, 0, 12);
    set_env_number(T, "uN", c->uN);
    lua_createtable(T, LT_DOF, 0);
    for (int i = 0; i < LT_DOF; i++) {
        lua_pushnumber(T, c->v[i]);
        lua_rawseti(T, -2, i + 1);
    }
    lua_setfield(T, -2, "v");
    set_env_number(T, "dt", c->dt);
    lua_pushboolean(T, c->fresh != 0);
    lua_setfield(T, -2, "fresh");
    push_pair(T, c->lens);
    lua_setfield(T, -2, "lens");
    set_env_number(T, "contA", c->contA);
    set_env_number(T, "kn", c->kn);
    set_env_number(T, "kt", c->kt);
    set_env_number(T, "tanPhi", c->tanPhi);
    push_pair(T, c->rcurv);
    lua_setfield(T, -2, "rcurv");
    set_env_number(T, "mstar", c->mstar);
    lua_createtable(T, 2, 0);
    for (int i = 0; i < 2; i++) {
        const lt_material *m = c->mat[i];
        if (!m) continue;
        lua_createtable(T, 0, 5);
        set_env_number(T, "young", m->young);
        set_env_number(T, "poisson", m->poisson);
        set_env_number(T, "density", m->density);
        set_env_number(T, "ktDivKn", m->ktDivKn);
        set_env_number(T, "tanPhi", m->tanPhi);
        lua_rawseti(T, -2, i + 1);
    }
    lua_setfield(T, -2, "mat");
    lua_setfield(T, -2, "c");
    int n;
    const char *const *names = lt_lua_law_load_names(cs->kind, &n);
    lua_createtable(T, 4, n);
    for (int i = 0; i < 4; i++) {
        lua_pushnumber(T, env->load[i]);
        lua_rawseti(T, -2, i + 1);
    }
    for (int i = 0; i < n; i++) set_env_number(T, names[i], env->load[i]);
    lua_setfield(T, -2, "load");
    push_pair(T, env->mass);
    lua_setfield(T, -2, "mass");
    push_pair(T, env->inertia);
    lua_setfield(T, -2, "inertia");
}

static _Noreturn void bad_result(lua_State *T, const char *fmt, const char *a, const char *b)
{
    luaL_error(T, fmt, a, b);
    abort(); /* not reached */
}

/* A number field k of the table at index t (NaN when nil and optional). */
static double field_number(lua_State *T, int t, const char *k, const char *q, int optional)
{
    int ty = lua_getfield(T, t, k);
    if (ty == LUA_TNIL && optional) {
        lua_pop(T, 1);
        return NAN;
    }
    if (ty != LUA_TNUMBER) {
        char label[120];
        snprintf(label, sizeof label, "%s%s%s", q ? q : "", q ? "." : "", k);
        bad_result(T, "returned %s = %s, not a number", label, luaL_typename(T, -1));
    }
    double v = lua_tonumber(T, -1);
    lua_pop(T, 1);
    return v;
}

/* What `expect` returned (at the top of T): { NAME = { value, tol, why [, order] [, xfail] },
 * ... } (xfail: one line naming the law's known defect that makes this quantity fail, verify's
 * expected failure). */
static void read_expect(lua_State *T, lua_law_extra *x, lt_expect *ex)
{
    int t = lua_gettop(T);
    if (!lua_istable(T, t))
        luaL_error(T,
                   "returned %s, not a table { QUANTITY = { value = ..., tol = ..., why = ... } }",
                   luaL_typename(T, t));
    lua_pushnil(T);
    while (lua_next(T, t)) {
        int q = -1;
        const char *name = lua_type(T, -2) == LUA_TSTRING ? lua_tostring(T, -2) : NULL;
        for (int i = 0; name && i < N_QUANTITIES && q < 0; i++)
            if (strcmp(quantity_names[i].name, name) == 0) q = quantity_names[i].q;
        if (q < 0)
            luaL_error(T, "returned the key %s%s%s, which is not a quantity (%s)",
                       name ? "'" : "a ", name ? name : luaL_typename(T, -2), name ? "'" : "",
                       quantity_list);
        int e = lua_gettop(T);
        if (!lua_istable(T, e))
            bad_result(T, "returned %s = %s, not a table { value = ..., tol = ..., why = ... }",
                       name, luaL_typename(T, e));
        lua_pushnil(T);
        while (lua_next(T, e)) {
            const char *k = lua_type(T, -2) == LUA_TSTRING ? lua_tostring(T, -2) : "";
            if (strcmp(k, "value") && strcmp(k, "tol") && strcmp(k, "why") && strcmp(k, "order") &&
                strcmp(k, "xfail"))
                bad_result(T,
                           "returned %s with an unknown key '%s' (allowed: value, tol, why, order, "
                           "xfail)",
                           name, k);
            lua_pop(T, 1);
        }
        ex->value[q] = field_number(T, e, "value", name, 0);
        ex->tol[q] = field_number(T, e, "tol", name, 0);
        if (!(ex->tol[q] >= 0))
            bad_result(T, "returned %s.tol %s: a tolerance is a number >= 0", name,
                       ex->tol[q] < 0 ? "< 0" : "NaN");
        ex->order[q] = field_number(T, e, "order", name, 1);
        if (lua_getfield(T, e, "why") != LUA_TSTRING || !*lua_tostring(T, -1))
            bad_result(
                T, "returned %s without `why` (%s): one line saying why the tolerance is that size",
                name, "a string");
        const char *why = intern(x, lua_tostring(T, -1));
        if (!why) luaL_error(T, "out of memory");
        ex->why[q] = why;
        lua_pop(T, 1);
        int ty = lua_getfield(T, e, "xfail");
        if (ty != LUA_TNIL && (ty != LUA_TSTRING || !*lua_tostring(T, -1)))
            bad_result(T, "returned %s.xfail %s: one line naming the defect (a string)", name,
                       luaL_typename(T, -1));
        if (ty == LUA_TSTRING && !(ex->xfail[q] = intern(x, lua_tostring(T, -1))))
            luaL_error(T, "out of memory");
        lua_pop(T, 2); /* xfail, the entry */
    }
}

/* What `along` returned (at the top of T): { Fn = , kn = , kt = , elast = } (a nil is not checked).
 * */
static void read_along(lua_State *T, double out[LT_ALONG_COUNT])
{
    int t = lua_gettop(T);
    if (!lua_istable(T, t))
        luaL_error(T, "returned %s, not a table { Fn = ..., kn = ..., kt = ..., elast = ... }",
                   luaL_typename(T, t));
    lua_pushnil(T);
    while (lua_next(T, t)) {
        const char *k = lua_type(T, -2) == LUA_TSTRING ? lua_tostring(T, -2) : "";
        int ok = 0;
        for (int i = 0; i < LT_ALONG_COUNT; i++) ok |= strcmp(k, along_names[i]) == 0;
        if (!ok)
            bad_result(T, "returned the key '%s'%s, which is not a column (Fn, kn, kt, elast)", k,
                       *k ? "" : " (not a string)");
        lua_pop(T, 1);
    }
    for (int i = 0; i < LT_ALONG_COUNT; i++) out[i] = field_number(T, t, along_names[i], NULL, 1);
}

/* A hosted law's `commands(p)` (its function in X): a list of 1 to 64 strings, each one line,
 * copied into x->cmd. */
static void call_commands(lua_State *T, lua_law_extra *x, int X)
{
    lua_getfield(T, X, "commands");
    lua_pushvalue(T, lua_upvalueindex(U_PP));
    lua_call(T, 1, 1);
    int n = lua_istable(T, -1) ? (int)lua_rawlen(T, -1) : 0;
    if (n < 1 || n > 64)
        luaL_error(T, "returned %s: it must return a list of 1 to 64 commands (strings)",
                   lua_istable(T, -1) ? "a list of another length" : luaL_typename(T, -1));
    free_commands(x);
    x->cmd = calloc((size_t)n, sizeof *x->cmd);
    if (!x->cmd) luaL_error(T, "out of memory");
    for (int i = 0; i < n; i++) {
        size_t len;
        if (lua_rawgeti(T, -1, i + 1) != LUA_TSTRING)
            luaL_error(T, "command %d is %s, not a string", i + 1, luaL_typename(T, -1));
        const char *s = lua_tolstring(T, -1, &len);
        if (strlen(s) != len || strchr(s, '\n'))
            luaL_error(T, "command %d is not one line of text", i + 1);
        if (!(x->cmd[x->n_cmd++] = strdup(s))) luaL_error(T, "out of memory");
        lua_pop(T, 1);
    }
}

void lt_lua_law_call_extra(lua_State *T, lua_law *b)
{
    lua_law_extra *x = b->extra;
    lua_rawgeti(T, LUA_REGISTRYINDEX, x->ref);
    int X = lua_gettop(T);
    if (x->what == X_COMMANDS) {
        call_commands(T, x, X);
    } else if (x->what == X_KNOWN) { /* known[kase].when(p) */
        lua_getfield(T, X, "known");
        lua_rawgeti(T, -1, x->kase + 1);
        lua_pushvalue(T, lua_upvalueindex(U_PP));
        lua_call(T, 1, 1);
        if (!lua_isboolean(T, -1))
            luaL_error(T, "returned %s: it must return true (the defect shows at p) or false",
                       luaL_typename(T, -1));
        x->result = lua_toboolean(T, -1);
    } else if (x->what <= X_EXCESS) {
        lua_getfield(T, X, lt_lua_law_yield_fn_names[x->what]);
        lua_pushvalue(T, lua_upvalueindex(U_PP));
        lua_getfield(T, X, "s");
        int nargs = 2;
        if (x->what == X_FT_MAX) {
            lua_pushnumber(T, x->fn);
            nargs = 3;
        } else if (x->what == X_EXCESS) {
            lua_createtable(T, LT_DOF, 0);
            for (int i = 0; i < LT_DOF; i++) {
                lua_pushnumber(T, x->f[i]);
                lua_rawseti(T, -2, i + 1);
            }
            nargs = 3;
        }
        lua_call(T, nargs, 1);
        if (x->what == X_YIELDING) {
            if (!lua_isboolean(T, -1))
                luaL_error(
                    T, "returned %s: it must return true (the last step was inelastic) or false",
                    luaL_typename(T, -1));
            x->result = lua_toboolean(T, -1);
        } else {
            if (lua_type(T, -1) != LUA_TNUMBER)
                luaL_error(T, "returned %s, not a number", luaL_typename(T, -1));
            x->result = lua_tonumber(T, -1);
        }
    } else {
        const lt_case *cs = &x->cases[x->kase];
        lua_getfield(T, X, "cases");
        lua_rawgeti(T, -1, x->kase + 1);
        lua_getfield(T, -1, lt_lua_law_case_fn_names[x->what - X_EXPECT]);
        push_env(T, x->env, cs);
        if (x->what == X_EXPECT) {
            lua_call(T, 1, 1);
            read_expect(T, x, x->ex);
        } else if (x->what == X_ALONG) {
            lua_pushnumber(T, x->uN);
            lua_call(T, 2, 1);
            read_along(T, x->out);
        } else {
            lua_pushnumber(T, x->s);
            lua_call(T, 2, 2);
            if (lua_type(T, -2) != LUA_TNUMBER || lua_type(T, -1) != LUA_TNUMBER)
                luaL_error(T, "returned %s, %s: it must return two numbers, uN (m) and Fn (N)",
                           luaL_typename(T, -2), luaL_typename(T, -1));
            x->curve[0] = lua_tonumber(T, -2), x->curve[1] = lua_tonumber(T, -1);
        }
    }
    lua_settop(T, X - 1);
}
