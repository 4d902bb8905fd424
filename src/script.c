/* src/script.c - Lua 5.4 stage scripts (see script.h).
 *
 * The test table and its fields are documented in README.md ("Stage scripts").  Every error
 * raised here is a single line `FILE:LINE: field PATH: problem`; LINE comes from the script text
 * (srcloc) for the returned table, and is the line of the call for lawtester.run(t).
 */
#define _POSIX_C_SOURCE 200809L
#include "script.h"
#include "conv.h"
#include "script_bodies.h"
#include "cond.h"
#include "driver.h"
#include "plot.h"
#include "meta.h"
#include "record.h"
#include "fmt.h"
#include "registry.h"
#include "srcloc.h"
#include "probe.h"
#include "probe_table.h"
#include "progress.h"
#include "surface.h"
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct script_ctx {
    const char *path;
    char *src;
    size_t src_len;
    srcloc *loc;
    const lt_script_opts *opts;
    lua_State *L;
    int env_ref;       /* the sandbox environment of the script (or _G when unsafe) */
    int n_runs;
    lua_CFunction math_abs, math_sqrt; /* the genuine math.abs, math.sqrt (compiled conditions) */
} script_ctx;

/* ---- law parameters ------------------------------------------------------------------- */

static void read_params(conv *cv, int t, lt_test *test)
{
    lua_State *L = cv->L;
    const lt_law *law = test->law;
    for (int i = 0; i < law->n_params; i++) test->params[i] = law->params[i].def;
    path_push_key(cv, "params");
    int ty = get_field(cv, t, "params");
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        path_pop(cv);
        return;
    }
    if (ty != LUA_TTABLE) field_error(cv, "expected a table of law parameters, got %s", type_of(L, -1));
    int pt = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, pt)) {
        if (lua_type(L, -2) != LUA_TSTRING) field_error(cv, "parameter names must be strings");
        const char *k = lua_tostring(L, -2);
        int i = lt_law_param_index(law, k);
        path_push_key(cv, k);
        if (i < 0) {
            char list[400] = "";
            size_t u = 0;
            for (int j = 0; j < law->n_params && u < sizeof list; j++)
                u += (size_t)snprintf(list + u, sizeof list - u, j ? ", %s" : "%s", law->params[j].name);
            field_error(cv, "law '%s' has no parameter '%s' (parameters: %s)", law->name, k, list);
        }
        const lt_param *pd = &law->params[i];
        if (pd->kind == LT_BOOL) {
            if (lua_type(L, -1) == LUA_TBOOLEAN) test->params[i] = lua_toboolean(L, -1);
            else test->params[i] = to_number(cv, -1, 0, 1);
        } else if (pd->kind == LT_CHOICE) {
            if (lua_type(L, -1) != LUA_TSTRING) field_error(cv, "expected one of the names, got %s", type_of(L, -1));
            const char *v = lua_tostring(L, -1);
            int found = -1;
            for (int j = 0; pd->choices[j]; j++)
                if (strcmp(pd->choices[j], v) == 0) found = j;
            if (found < 0) field_error(cv, "unknown value '%s' (%s)", v, pd->doc);
            test->params[i] = found;
        } else {
            test->params[i] = to_number(cv, -1, pd->min, pd->max);
        }
        path_pop(cv);
        lua_pop(L, 1);
    }
    /* the law's check of the whole set (e.g. the same damping given two ways) */
    const char *bad = law->check ? law->check(test->params) : NULL;
    if (bad) field_error(cv, "%s", bad);
    lua_pop(L, 1);
    path_pop(cv);
}

/* ---- until / done callbacks ----------------------------------------------------------- */

typedef struct run_ctx run_ctx;

typedef struct stage_cb {
    run_ctx *run;
    int ref;           /* compiled chunk or user function */
    int is_function;   /* user function: called with (C, stage, E, S, tester) */
    int stage_no;      /* 1-based */
    int line;
    const char *what;  /* "until" or "done" */
    lt_cond *cond;     /* string until compiled to C (NULL: Lua evaluates it) */
    long validated;    /* run_ctx.lua_epoch at which cond's names were last checked */
} stage_cb;

struct run_ctx {
    script_ctx *sc;
    lua_State *L;
    lt_tester *t;
    lt_test test;
    stage_cb *cbs;     /* 2 per stage */
    int env_ref;       /* environment of string conditions */
    int proxy_ref[5];  /* C, stage, E, S, tester */
    int env_mt_ref;    /* metatable of env_ref */
    int cb_error;
    long lua_epoch;    /* counts the calls into Lua during the run (they may rebind names) */
};

enum { PX_C, PX_STAGE, PX_E, PX_S, PX_TESTER };
static const char *const proxy_names[5] = {"lawtester.C", "lawtester.stage", "lawtester.E", "lawtester.S",
                                           "lawtester.tester"};

static run_ctx *proxy_run(lua_State *L, int i) { return *(run_ctx **)lua_touserdata(L, i); }

static int vec_index(lua_State *L)
{
    run_ctx *r = proxy_run(L, 1);
    int which;
    lua_getiuservalue(L, 1, 1);
    which = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || i > LT_DOF) return luaL_error(L, "index %d out of range 1..6", (int)i);
    const double *v = which == 0 ? r->t->u : which == 1 ? r->t->c.v : r->t->resp.f;
    lua_pushnumber(L, v[i - 1]);
    return 1;
}

static int vec_len(lua_State *L)
{
    lua_pushinteger(L, LT_DOF);
    return 1;
}

static void push_vec_proxy(lua_State *L, run_ctx *r, int which)
{
    run_ctx **p = lua_newuserdatauv(L, sizeof *p, 1);
    *p = r;
    lua_pushinteger(L, which);
    lua_setiuservalue(L, -2, 1);
    luaL_setmetatable(L, "lawtester.vec");
}

static int c_index(lua_State *L)
{
    run_ctx *r = proxy_run(L, 1);
    const lt_tester *t = r->t;
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "uN") == 0) lua_pushnumber(L, t->u[0]);
    else if (strcmp(k, "u") == 0) lua_getiuservalue(L, 1, 1);
    else if (strcmp(k, "v") == 0) lua_getiuservalue(L, 1, 2);
    else if (strcmp(k, "f") == 0) lua_getiuservalue(L, 1, 3);
    else if (strcmp(k, "kn") == 0) lua_pushnumber(L, t->resp.k[0]);
    else if (strcmp(k, "kt") == 0) lua_pushnumber(L, t->resp.k[1]);
    else if (strcmp(k, "contA") == 0) lua_pushnumber(L, t->c.contA);
    else if (strcmp(k, "l1") == 0) lua_pushnumber(L, t->c.lens[0]);
    else if (strcmp(k, "l2") == 0) lua_pushnumber(L, t->c.lens[1]);
    else {
        const lt_law *law = t->test->law;
        for (int i = 0; i < law->n_state; i++)
            if (strcmp(k, law->state_names[i]) == 0) {
                lua_pushnumber(L, t->law_state[i]);
                return 1;
            }
        return luaL_error(L, "C has no field '%s' (fields: uN u v f kn kt contA l1 l2 and the law's state)", k);
    }
    return 1;
}

static int stage_index(lua_State *L)
{
    const lt_tester *t = proxy_run(L, 1)->t;
    const lt_stage_state *s = &t->st;
    const char *k = luaL_checkstring(L, 2);
    int broken = s->hadC && !s->hasC;
    if (strcmp(k, "step") == 0) lua_pushinteger(L, s->step);
    else if (strcmp(k, "time") == 0) lua_pushnumber(L, s->time);
    else if (strcmp(k, "hadC") == 0) lua_pushboolean(L, s->hadC);
    else if (strcmp(k, "hasC") == 0) lua_pushboolean(L, s->hasC);
    else if (strcmp(k, "broken") == 0) lua_pushboolean(L, broken);
    else if (strcmp(k, "rebound") == 0) lua_pushboolean(L, s->bounces >= 2 || broken);
    else if (strcmp(k, "cTime") == 0) lua_pushnumber(L, s->hadC ? s->time - s->timeC0 : 0);
    else if (strcmp(k, "timeC0") == 0) lua_pushnumber(L, s->timeC0);
    else if (strcmp(k, "bounces") == 0) lua_pushinteger(L, s->bounces);
    else if (strcmp(k, "index") == 0) lua_pushinteger(L, t->stage + 1);
    else
        return luaL_error(L, "stage has no field '%s' (fields: step time hadC hasC broken rebound cTime timeC0 "
                             "bounces index)", k);
    return 1;
}

static int energy_index(lua_State *L)
{
    const lt_tester *t = proxy_run(L, 1)->t;
    const char *k = luaL_checkstring(L, 2);
    const lt_law *law = t->test->law;
    for (int i = 0; i < lt_energy_count(law); i++)
        if (strcmp(k, lt_energy_name(law, i)) == 0) {
            lua_pushnumber(L, t->energy[i]);
            return 1;
        }
    lua_pushnil(L); /* like a dict: absent energies are nil */
    return 1;
}

static int scene_index(lua_State *L)
{
    const lt_tester *t = proxy_run(L, 1)->t;
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "step") == 0) lua_pushinteger(L, t->step);
    else if (strcmp(k, "time") == 0) lua_pushnumber(L, t->time);
    else if (strcmp(k, "dt") == 0) lua_pushnumber(L, t->test->dt);
    else return luaL_error(L, "S has no field '%s' (fields: step time dt)", k);
    return 1;
}

static int tester_index(lua_State *L)
{
    const lt_tester *t = proxy_run(L, 1)->t;
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "stage") == 0) lua_pushinteger(L, t->stage + 1);
    else if (strcmp(k, "step") == 0) lua_pushinteger(L, t->step);
    else if (strcmp(k, "time") == 0) lua_pushnumber(L, t->time);
    else if (strcmp(k, "dt") == 0) lua_pushnumber(L, t->test->dt);
    else if (strcmp(k, "abWeight") == 0) lua_pushnumber(L, t->test->abWeight);
    else if (strcmp(k, "law") == 0) lua_pushstring(L, t->test->law->name);
    else if (strcmp(k, "name") == 0) lua_pushstring(L, t->test->name);
    else
        return luaL_error(L, "tester has no field '%s' (fields: stage step time dt abWeight law name)", k);
    return 1;
}

static int proxy_readonly(lua_State *L) { return luaL_error(L, "%s is read-only", luaL_typename(L, 1)); }

static void register_proxy_metatables(lua_State *L)
{
    lua_CFunction idx[5] = {c_index, stage_index, energy_index, scene_index, tester_index};
    for (int i = 0; i < 5; i++) {
        luaL_newmetatable(L, proxy_names[i]);
        lua_pushcfunction(L, idx[i]);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, proxy_readonly);
        lua_setfield(L, -2, "__newindex");
        lua_pushstring(L, proxy_names[i] + 10);
        lua_setfield(L, -2, "__name");
        lua_pop(L, 1);
    }
    luaL_newmetatable(L, "lawtester.vec");
    lua_pushcfunction(L, vec_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, vec_len);
    lua_setfield(L, -2, "__len");
    lua_pushcfunction(L, proxy_readonly);
    lua_setfield(L, -2, "__newindex");
    lua_pop(L, 1);
}

static void make_proxies(lua_State *L, run_ctx *r)
{
    for (int i = 0; i < 5; i++) {
        run_ctx **p = lua_newuserdatauv(L, sizeof *p, i == PX_C ? 3 : 0);
        *p = r;
        luaL_setmetatable(L, proxy_names[i]);
        if (i == PX_C)
            for (int k = 0; k < 3; k++) {
                push_vec_proxy(L, r, k);
                lua_setiuservalue(L, -2, k + 1);
            }
        r->proxy_ref[i] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    /* environment of string conditions: C, stage, E, S, tester over the sandbox */
    lua_newtable(L);
    static const char *const names[5] = {"C", "stage", "E", "S", "tester"};
    for (int i = 1; i < 5; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[i]);
        lua_setfield(L, -2, names[i]);
    }
    lua_newtable(L); /* reads fall through to the script's globals, assignments go there */
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->sc->env_ref);
    lua_setfield(L, -2, "__index");
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->sc->env_ref);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, -1);
    r->env_mt_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_setmetatable(L, -2);
    r->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* Strip Lua's "chunk:line: " prefix of an error inside a compiled condition. */
static const char *strip_chunk_prefix(const char *msg)
{
    const char *p = strstr(msg, "]:");
    if (strncmp(msg, "[string", 7) == 0 && p) {
        p = strchr(p + 2, ':');
        if (p) return p[1] == ' ' ? p + 2 : p + 1;
    }
    return msg;
}

static int stage_callback(void *ctx, lt_tester *t)
{
    stage_cb *cb = ctx;
    run_ctx *r = cb->run;
    lua_State *L = r->L;
    r->t = t;
    r->lua_epoch++;
    int base = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, cb->ref);
    int nargs = 0;
    if (cb->is_function) {
        if (t->has_contact) lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[PX_C]);
        else lua_pushnil(L);
        for (int i = 1; i < 5; i++) lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[i]);
        nargs = 5;
    } else {
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->env_ref);
        if (t->has_contact) lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[PX_C]);
        else lua_pushnil(L);
        lua_setfield(L, -2, "C");
        lua_pop(L, 1);
    }
    if (lua_pcall(L, nargs, 1, 0) != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        snprintf(t->err, sizeof t->err, "%s:%d: field stages[%d].%s: at step %ld: %s", r->sc->path, cb->line,
                 cb->stage_no, cb->what, t->step, msg ? strip_chunk_prefix(msg) : "error");
        r->cb_error = 1;
        lua_settop(L, base);
        return -1;
    }
    int res = lua_toboolean(L, -1);
    lua_settop(L, base);
    return res;
}

/* ---- compiled until strings (cond.h) ---------------------------------------------------- */

/* 1 if field k of the table at idx is, raw, the C function f. */
static int raw_is_cfunction(lua_State *L, int idx, const char *k, lua_CFunction f)
{
    idx = abs_index(L, idx);
    lua_pushstring(L, k);
    lua_rawget(L, idx);
    int ok = lua_iscfunction(L, -1) && lua_tocfunction(L, -1) == f;
    lua_pop(L, 1);
    return ok;
}

/* 1 if the value at idx has a metatable whose raw __index is the C function f. */
static int indexed_by(lua_State *L, int idx, lua_CFunction f)
{
    int top = lua_gettop(L);
    int ok = lua_getmetatable(L, idx) && raw_is_cfunction(L, -1, "__index", f);
    lua_settop(L, top);
    return ok;
}

/* Whether the names a compiled condition reads still mean, for Lua, what the compiled form
 * assumes: the proxies bound in the condition environment with their own __index functions
 * (a `done` string may assign `stage = 3`; a script may replace a metatable's __index), and
 * math.abs/math.sqrt the library's, reached through the environment's unchanged metatable.
 * Checked before the first compiled evaluation and again after any Lua code ran. */
static int cond_names_intact(run_ctx *r, unsigned names)
{
    lua_State *L = r->L;
    int top = lua_gettop(L), ok = 1;
    static const char *const px[5] = {"C", "stage", "E", "S", "tester"};
    static const lua_CFunction idx[5] = {c_index, stage_index, energy_index, scene_index, tester_index};
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->env_ref);
    int env = lua_gettop(L);
    for (int i = 0; i < 5 && ok; i++) {
        if (!(names & (1u << i))) continue;
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[i]);
        ok = indexed_by(L, -1, idx[i]);
        if (i == PX_C)
            for (int k = 1; k <= 3 && ok; k++) {
                lua_getiuservalue(L, -1, k);
                ok = indexed_by(L, -1, vec_index);
                lua_pop(L, 1);
            }
        else {
            lua_pushstring(L, px[i]);
            lua_rawget(L, env);
            ok = ok && lua_rawequal(L, -1, -2);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (ok && (names & LT_COND_MATH)) {
        lua_pushstring(L, "math");
        lua_rawget(L, env);
        ok = lua_isnil(L, -1);
        lua_pop(L, 1);
        ok = ok && lua_getmetatable(L, env);
        if (ok) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, r->env_mt_ref);
            ok = lua_rawequal(L, -1, -2);
            lua_pop(L, 1);
            lua_pushstring(L, "__index");
            lua_rawget(L, -2);
            lua_rawgeti(L, LUA_REGISTRYINDEX, r->sc->env_ref);
            ok = ok && lua_rawequal(L, -1, -2);
            lua_pushstring(L, "math");
            lua_rawget(L, -2);
            ok = ok && lua_istable(L, -1) && raw_is_cfunction(L, -1, "abs", r->sc->math_abs) &&
                 raw_is_cfunction(L, -1, "sqrt", r->sc->math_sqrt);
        }
    }
    lua_settop(L, top);
    return ok;
}

/* The until of a stage whose string compiled: C evaluates it, Lua only where the compiled
 * form defers (a Lua error, or an exactness corner), with the message Lua always gave. */
static int compiled_callback(void *ctx, lt_tester *t)
{
    stage_cb *cb = ctx;
    run_ctx *r = cb->run;
    if (cb->cond && cb->validated != r->lua_epoch) {
        if (!cond_names_intact(r, lt_cond_names(cb->cond))) {
            lt_cond_free(cb->cond); /* Lua from now on */
            cb->cond = NULL;
        }
        cb->validated = r->lua_epoch;
    }
    if (cb->cond) {
        int v = lt_cond_eval(cb->cond, t);
        if (v >= 0) return v;
    }
    return stage_callback(ctx, t);
}

/* Load an `until` expression (as `return (s\n)`) or `done` statements as a chunk whose
 * environment is env_ref; pushes the function, or the error message (returns Lua's status). */
static int load_string_callback(lua_State *L, const char *s, int is_until, int env_ref)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (is_until) luaL_addstring(&b, "return (");
    luaL_addstring(&b, s);
    if (is_until) luaL_addstring(&b, "\n)");
    luaL_pushresult(&b);
    size_t n;
    const char *code = lua_tolstring(L, -1, &n);
    int rc = luaL_loadbufferx(L, code, n, s, "t");
    lua_remove(L, -2);
    if (rc == LUA_OK) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, env_ref);
        lua_setupvalue(L, -2, 1);
    }
    return rc;
}

/* Compile a string condition ("until") or statement ("done"), or keep a function. */
static void read_callback(conv *cv, run_ctx *r, int stage_tbl, const char *key, const char *alias, int stage_no,
                          stage_cb *cb, lt_stage_cb *fn, void **ctx)
{
    lua_State *L = cv->L;
    const char *used = key;
    int ty = get_field(cv, stage_tbl, key);
    if (ty == LUA_TNIL && alias) {
        lua_pop(L, 1);
        ty = get_field(cv, stage_tbl, alias);
        used = alias;
    }
    path_push_key(cv, used);
    cb->run = r;
    cb->stage_no = stage_no;
    cb->what = used;
    cb->line = conv_line(cv);
    cb->ref = LUA_NOREF;
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        path_pop(cv);
        return;
    }
    if (ty == LUA_TFUNCTION) {
        cb->is_function = 1;
        cb->ref = luaL_ref(L, LUA_REGISTRYINDEX);
    } else if (ty == LUA_TSTRING) {
        const char *s = lua_tostring(L, -1);
        if (load_string_callback(L, s, strcmp(key, "until") == 0, r->env_ref) != LUA_OK)
            field_error(cv, "does not compile: %s", strip_chunk_prefix(lua_tostring(L, -1)));
        cb->ref = luaL_ref(L, LUA_REGISTRYINDEX);
        cb->validated = -1;
        if (strcmp(key, "until") == 0 && !r->sc->opts->lua_until) cb->cond = lt_cond_compile(s, r->test.law);
        lua_pop(L, 1);
    } else {
        field_error(cv, "expected a string or a function, got %s", type_of(L, -1));
    }
    path_pop(cv);
    *fn = cb->cond ? compiled_callback : stage_callback;
    *ctx = cb;
}

static const char *const stage_keys[] = {"whats", "values", "until", "till", "done", "untilEvery", "max_steps",
                                         "name", "spin", NULL};

static void read_stage(conv *cv, run_ctx *r, int st, int stage_no, lt_stage *s)
{
    lua_State *L = cv->L;
    st = abs_index(L, st);
    if (!lua_istable(L, st)) field_error(cv, "expected a stage table, got %s", type_of(L, st));
    check_keys(cv, st, stage_keys);
    *s = lt_default_stage();
    path_push_key(cv, "whats");
    int ty = get_field(cv, st, "whats");
    if (ty != LUA_TNIL) {
        if (ty != LUA_TSTRING) field_error(cv, "expected a string of 6 characters, got %s", type_of(L, -1));
        size_t n;
        const char *w = lua_tolstring(L, -1, &n);
        if (n != LT_DOF) field_error(cv, "'%s' has %d characters, expected 6 (normal, shear y, shear z, twist, bend y, bend z)", w, (int)n);
        for (int k = 0; k < LT_DOF; k++) {
            if (!strchr(".vif", w[k]) || w[k] == 0)
                field_error(cv, "bad character '%c' at position %d of '%s' (expected . v i f)", w[k], k + 1, w);
            s->whats[k] = w[k];
        }
    }
    lua_pop(L, 1);
    path_pop(cv);
    path_push_key(cv, "values");
    ty = get_field(cv, st, "values");
    if (ty != LUA_TNIL) {
        if (ty != LUA_TTABLE) field_error(cv, "expected a table of 6 numbers, got %s", type_of(L, -1));
        if (lua_rawlen(L, -1) != LT_DOF) field_error(cv, "expected 6 numbers, got %d", (int)lua_rawlen(L, -1));
        for (int k = 0; k < LT_DOF; k++) {
            path_push_index(cv, k + 1);
            lua_rawgeti(L, -1, k + 1);
            s->values[k] = to_number(cv, -1, -INFINITY, INFINITY);
            lua_pop(L, 1);
            path_pop(cv);
        }
    }
    lua_pop(L, 1);
    path_pop(cv);
    for (int k = 0; k < LT_DOF; k++)
        if (s->whats[k] == '.' && s->values[k] != 0) {
            path_push_key(cv, "values");
            field_error(cv, "value %g given for DoF %d whose whats is '.' (nothing imposed)", s->values[k], k + 1);
        }
    opt_vec3(cv, st, "spin", &s->spin);
    if (!v3_isfinite(s->spin)) {
        path_push_key(cv, "spin");
        field_error(cv, "is not finite");
    }
    opt_integer(cv, st, "untilEvery", &s->until_every, 1, 1000000000L);
    opt_integer(cv, st, "max_steps", &s->max_steps, 1, 4000000000000000000L);
    stage_cb *cbs = &r->cbs[2 * (stage_no - 1)];
    read_callback(cv, r, st, "until", "till", stage_no, &cbs[0], &s->until, &s->until_ctx);
    read_callback(cv, r, st, "done", NULL, stage_no, &cbs[1], &s->done, &s->done_ctx);
    if (!s->until) field_error(cv, "has no until (or till) condition; a stage must say when it ends");
}

/* ---- the test table ------------------------------------------------------------------- */

static const char *const test_keys[] = {"name",     "law",     "params", "materials", "particles", "normal",
                                        "gap",      "stiffness", "dt",   "abWeight",  "damping",   "stages",
                                        "record",   "max_steps", NULL};

static char *default_name(const char *path)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = strlen(b);
    if (n > 4 && strcmp(b + n - 4, ".lua") == 0) n -= 4;
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, b, n);
        s[n] = 0;
    }
    return s;
}

/* A file name a script may choose: letters, digits, - _ . +, not starting with a dot (no
 * paths, no hidden or temporary names), at most 200 characters. */
static int valid_name(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 200 || s[0] == '.') return 0;
    for (; *s; s++)
        if (!(((*s | 32) >= 'a' && (*s | 32) <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' ||
              *s == '.' || *s == '+'))
            return 0;
    return 1;
}

/* Convert the table at stack index t into r->test (stages allocated in r). */
static void read_test(conv *cv, run_ctx *r, int t, char **name_out)
{
    lua_State *L = cv->L;
    t = abs_index(L, t);
    if (!lua_istable(L, t)) field_error(cv, "the script must return a test table, got %s", type_of(L, t));
    check_keys(cv, t, test_keys);
    lt_test *test = &r->test;
    *test = lt_default_test();

    path_push_key(cv, "name");
    int ty = get_field(cv, t, "name");
    if (ty == LUA_TSTRING) {
        if (!valid_name(lua_tostring(L, -1)))
            field_error(cv, "'%s' is not a valid file name (letters, digits, - _ . +; not starting with .)",
                        lua_tostring(L, -1));
        *name_out = strdup(lua_tostring(L, -1));
    } else if (ty != LUA_TNIL) {
        field_error(cv, "expected a string, got %s", type_of(L, -1));
    } else {
        *name_out = default_name(cv->file);
    }
    lua_pop(L, 1);
    path_pop(cv);

    path_push_key(cv, "law");
    ty = get_field(cv, t, "law");
    if (ty != LUA_TSTRING) field_error(cv, ty == LUA_TNIL ? "missing (name of a law; `lawtester laws` lists them)"
                                                          : "expected a law name, got %s", type_of(L, -1));
    test->law = lt_find_law(lua_tostring(L, -1));
    if (!test->law) field_error(cv, "unknown law '%s' (`lawtester laws` lists them)", lua_tostring(L, -1));
    lua_pop(L, 1);
    path_pop(cv);

    read_params(cv, t, test);

    script_read_bodies(cv, t, test);
    opt_number(cv, t, "dt", &test->dt, 1e-300, INFINITY);
    opt_number(cv, t, "abWeight", &test->abWeight, 0, 1);
    opt_number(cv, t, "damping", &test->damping, 0, 0.99);
    opt_integer(cv, t, "max_steps", &test->max_steps, 1, 4000000000000000000L);

    path_push_key(cv, "record");
    ty = get_field(cv, t, "record");
    if (ty == LUA_TBOOLEAN) {
        test->record_every = lua_toboolean(L, -1) ? 1 : 0;
    } else if (ty == LUA_TTABLE) {
        static const char *const record_keys[] = {"every", NULL};
        check_keys(cv, -1, record_keys);
        opt_integer(cv, -1, "every", &test->record_every, 1, 4000000000000000000L);
    } else if (ty != LUA_TNIL) {
        field_error(cv, "expected {every = N} or a boolean, got %s", type_of(L, -1));
    }
    lua_pop(L, 1);
    path_pop(cv);

    path_push_key(cv, "stages");
    ty = get_field(cv, t, "stages");
    if (ty == LUA_TNIL && cv->stages_optional) {
        lua_pop(L, 1);
        path_pop(cv);
        return;
    }
    if (ty != LUA_TTABLE) field_error(cv, ty == LUA_TNIL ? "missing (a list of stages)" : "expected a list of stages, got %s",
                                      type_of(L, -1));
    int n = (int)lua_rawlen(L, -1);
    if (n < 1 && !cv->stages_optional) field_error(cv, "is empty");
    if (n <= 0) {
        lua_pop(L, 1);
        path_pop(cv);
        return;
    }
    if (n > 100000) field_error(cv, "has %d stages, at most 100000", n);
    test->stages = calloc((size_t)n, sizeof *test->stages);
    r->cbs = calloc((size_t)n * 2, sizeof *r->cbs);
    if (!test->stages || !r->cbs) field_error(cv, "out of memory");
    for (int i = 0; i < 2 * n; i++) r->cbs[i].ref = LUA_NOREF;
    test->n_stages = n;
    for (int i = 0; i < n; i++) {
        path_push_index(cv, i + 1);
        lua_rawgeti(L, -1, i + 1);
        read_stage(cv, r, -1, i + 1, &test->stages[i]);
        lua_pop(L, 1);
        path_pop(cv);
    }
    lua_pop(L, 1);
    path_pop(cv);
}

static void run_free(run_ctx *r)
{
    lua_State *L = r->L;
    if (r->cbs)
        for (int i = 0; i < 2 * r->test.n_stages; i++) {
            luaL_unref(L, LUA_REGISTRYINDEX, r->cbs[i].ref);
            lt_cond_free(r->cbs[i].cond);
        }
    for (int i = 0; i < 5; i++) luaL_unref(L, LUA_REGISTRYINDEX, r->proxy_ref[i]);
    luaL_unref(L, LUA_REGISTRYINDEX, r->env_ref);
    luaL_unref(L, LUA_REGISTRYINDEX, r->env_mt_ref);
    free(r->cbs);
    free(r->test.stages);
    r->cbs = NULL;
    r->test.stages = NULL;
}

/* ---- running a test ------------------------------------------------------------------- */

/* Shortest round-trip text of x in one of a few rotating buffers (for one printf call). */
static const char *num(double x)
{
    static char buf[8][FMT_DOUBLE_MAX + 1];
    static int next;
    char *b = buf[next++ % 8];
    fmt_double_nul(b, x);
    return b;
}

static void print_body(char who, const lt_body *b)
{
    printf("%c %s", who, lt_shape_name(b->shape));
    switch (b->shape) {
    case LT_SPHERE: printf(" (r %s m)", num(b->radius)); break;
    case LT_CAPSULE: printf(" (r %s m, shaft %s m)", num(b->radius), num(b->shaft)); break;
    case LT_FACET: printf(" (halfThick %s m)", num(b->halfThick)); break;
    default: break;
    }
    if (b->fixed) printf(" fixed");
}

static void print_summary(const lt_tester *t, const char *name, const char *file, long rows)
{
    const lt_law *law = t->test->law;
    printf("test %s: law %s, %ld steps, t = %.9g s, %d stages\n", name, law->name, t->step, t->time,
           t->test->n_stages);
    printf("  bodies: ");
    print_body('A', &t->test->body[0]);
    printf(", ");
    print_body('B', &t->test->body[1]);
    printf("\n");
    const lt_stiffness *sr = &t->test->stiffness;
    printf("  stiffness rule %s (area %s, lengths %s)", lt_stiff_rule_names[sr->rule], lt_stiff_area_names[sr->area],
           lt_stiff_lengths_names[sr->lengths]);
    if (t->n_formed == 0) {
        printf(": no contact formed\n");
    } else {
        const lt_stiff_result *k = &t->stiff;
        printf(": kn = %s N/m, kt = %s N/m, tanPhi = %s, lens = %s, %s m, contA = %s m^2\n", num(k->kn), num(k->kt),
               num(k->tanPhi), num(k->lens[0]), num(k->lens[1]), num(k->contA));
        printf("    (%s contact formed at step %ld, uN0 = %s m%s)\n", t->n_formed > 1 ? "the last" : "the", t->stiff_step,
               num(t->stiff_uN0), t->n_formed > 1 ? "; every contact is in the .meta file" : "");
    }
    /* parameters "from the materials" (NaN default) that the test gave: the law uses those */
    int over = 0;
    for (int i = 0; i < law->n_params; i++)
        if (law->params[i].kind == LT_REAL && isnan(law->params[i].def) && !isnan(t->test->params[i]))
            printf(over++ ? " %s" : "    law parameters given, used instead of the rule's: %s", law->params[i].name);
    if (over) printf("\n");
    if (t->has_contact) printf("  final contact: uN = %.9g m, kn = %.9g N/m, kt = %.9g N/m\n", t->u[0], t->resp.k[0], t->resp.k[1]);
    else printf("  final state: no contact\n");
    printf("  energies [J]:");
    for (int i = 0; i < lt_energy_count(law); i++) printf(" %s=%.9g", lt_energy_name(law, i), t->energy[i]);
    printf("\n");
    double work = t->energy[law->n_energies + LT_E_WORK], bal = t->energy[law->n_energies + LT_E_BALANCE];
    printf("  energy balance: work - (dkin + delast + dissipated) = %.3g J (%.3g of the work)\n", bal,
           work != 0 ? fabs(bal / work) : 0.0);
    if (file) {
        size_t n = strlen(file);
        printf("  wrote %s (%ld rows) and %.*s.meta\n", file, rows, (int)(n > 4 ? n - 4 : n), file);
    }
}

/* DIR/NAME-surface.tsv (malloc'ed). */
static char *surface_path(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 16;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s-surface.tsv", dir, name);
    return p;
}

typedef struct read_args {
    conv cv;
    run_ctx *r;
    int idx;
    char **name;
} read_args;

static int protected_read(lua_State *L)
{
    read_args *a = lua_touserdata(L, 1);
    a->cv.L = L;
    read_test(&a->cv, a->r, a->idx, a->name);
    return 0;
}

/* Run the test table at stack index idx; leaves a results table on the stack. Raises Lua
 * errors (already formatted) on failure. */
static void run_test_table(script_ctx *sc, lua_State *L, int idx, int call_line)
{
    idx = abs_index(L, idx);
    run_ctx *r = lua_newuserdatauv(L, sizeof *r, 0); /* freed with the state's GC; owns nothing GC-managed */
    memset(r, 0, sizeof *r);
    r->sc = sc;
    r->L = L;
    r->env_ref = r->env_mt_ref = r->proxy_ref[0] = LUA_NOREF;
    for (int i = 0; i < 5; i++) r->proxy_ref[i] = LUA_NOREF;
    make_proxies(L, r);
    char *name = NULL;
    /* conversion errors unwind through Lua: convert in protected mode, free, then rethrow */
    read_args args = {{sc->path, sc->loc, L, {{0, 0}}, 0, call_line, 0}, r, 2, &name};
    lua_pushcfunction(L, protected_read);
    lua_pushlightuserdata(L, &args);
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        run_free(r);
        free(name);
        lua_error(L);
    }
    lt_tester *t = calloc(1, sizeof *t);
    if (!t) {
        run_free(r);
        free(name);
        luaL_error(L, "out of memory");
    }
    r->t = t;
    lt_record rec;
    lt_meta meta;
    int recording = sc->opts->out_dir && r->test.record_every > 0;
    char err[600];
    int open_failed = 0;
    if (recording) {
        if (record_open(&rec, sc->opts->out_dir, name, r->test.law, err, sizeof err) < 0) {
            open_failed = 1;
        } else if (meta_open(&meta, sc->opts->out_dir, name, &r->test, err, sizeof err) < 0) {
            record_abort(&rec);
            open_failed = 1;
        }
    }
    if (open_failed) {
        run_free(r);
        free(t);
        free(name);
        lua_pushfstring(L, "%s:%d: %s", sc->path, call_line > 0 ? call_line : srcloc_line(sc->loc, NULL, 0), err);
        lua_error(L);
    }
    r->test.name = name;
    lt_observer obs = {NULL, NULL, NULL, NULL};
    if (recording) obs = (lt_observer){record_row, &rec, meta_contact, &meta};
    int rc = lt_run_observed(t, &r->test, &obs);
    if (rc < 0) {
        if (recording) {
            record_abort(&rec);
            meta_abort(&meta);
        }
        if (r->cb_error) {
            lua_pushstring(L, t->err);
        } else {
            /* driver error: point at the stage */
            srcloc_key p[2] = {{"stages", 0}, {NULL, t->stage + 1}};
            int line = call_line > 0 ? call_line : srcloc_line(sc->loc, p, 2);
            lua_pushfstring(L, "%s:%d: field stages[%d]: %s", sc->path, line, t->stage + 1, t->err);
        }
        run_free(r);
        free(t);
        free(name);
        lua_error(L);
    }
    char *file = NULL, *surface = NULL;
    long rows = 0;
    if (recording) {
        rows = rec.rows;
        file = strdup(rec.f.final_path);
        /* the law's surface beside the record (the contact as created, and at the end), written
         * before the record is committed and removed again if that fails */
        int wrote = 0;
        if (rec.have_force && t->created) {
            double lo, hi;
            lt_surface_range(r->test.law, r->test.params, t->law_state_created, rec.fn_min, rec.fn_max, rec.ft_max,
                             &lo, &hi);
            wrote = lt_surface_write(sc->opts->out_dir, name, r->test.law, r->test.params, t->law_state_created,
                                     t->law_state, lo, hi, err, sizeof err);
        }
        if (wrote > 0) surface = surface_path(sc->opts->out_dir, name);
        /* then the sidecar: a table on disk always has its meta beside it */
        int failed = wrote < 0;
        if (failed) meta_abort(&meta);
        else if (meta_commit(&meta, err, sizeof err) < 0) failed = 1;
        if (failed) record_abort(&rec);
        else if (record_commit(&rec, err, sizeof err) < 0) failed = 1;
        if (failed) {
            if (surface) remove(surface);
            run_free(r);
            free(t);
            free(name);
            free(file);
            free(surface);
            lua_pushfstring(L, "%s: %s", sc->path, err);
            lua_error(L);
        }
    }
    if (sc->opts->stats) {
        lt_script_stats *st = sc->opts->stats;
        st->tests++;
        st->steps += t->step;
        st->rows += rows;
        for (int i = 0; i < r->test.n_stages; i++) {
            if (r->cbs[2 * i].cond) st->compiled_untils++;
            else st->lua_untils++;
        }
    }
    if (!sc->opts->quiet) print_summary(t, name, file, rows);
    if (file && sc->opts->plot) {
        double tanphi = NAN;
        for (int i = 0; i < r->test.law->n_state; i++)
            if (strcmp(r->test.law->state_names[i], "tanPhi") == 0) tanphi = t->law_state[i];
        if (lt_plot_all(NULL, file, surface, tanphi, !sc->opts->quiet, err, sizeof err) < 0) {
            run_free(r);
            free(t);
            free(name);
            free(file);
            free(surface);
            lua_pushfstring(L, "%s: %s", sc->path, err);
            lua_error(L);
        }
    }
    free(surface);
    /* results table */
    lua_createtable(L, 0, 8);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, t->step);
    lua_setfield(L, -2, "steps");
    lua_pushnumber(L, t->time);
    lua_setfield(L, -2, "time");
    if (file) {
        lua_pushstring(L, file);
        lua_setfield(L, -2, "file");
    }
    lua_createtable(L, 0, 8);
    for (int i = 0; i < lt_energy_count(r->test.law); i++) {
        lua_pushnumber(L, t->energy[i]);
        lua_setfield(L, -2, lt_energy_name(r->test.law, i));
    }
    lua_setfield(L, -2, "E");
    /* the stiffness rule and its values for the last contact formed */
    const lt_stiffness *sr = &r->test.stiffness;
    lua_createtable(L, 0, 12);
    lua_pushstring(L, lt_stiff_rule_names[sr->rule]);
    lua_setfield(L, -2, "rule");
    lua_pushstring(L, lt_stiff_area_names[sr->area]);
    lua_setfield(L, -2, "area");
    lua_pushstring(L, lt_stiff_lengths_names[sr->lengths]);
    lua_setfield(L, -2, "lengths");
    lua_pushinteger(L, t->n_formed);
    lua_setfield(L, -2, "contacts");
    if (t->n_formed > 0) {
        const char *keys[7] = {"kn", "kt", "tanPhi", "l1", "l2", "contA", "uN0"};
        double vals[7] = {t->stiff.kn, t->stiff.kt, t->stiff.tanPhi, t->stiff.lens[0], t->stiff.lens[1], t->stiff.contA,
                          t->stiff_uN0};
        for (int i = 0; i < 7; i++) {
            lua_pushnumber(L, vals[i]);
            lua_setfield(L, -2, keys[i]);
        }
        lua_pushinteger(L, t->stiff_step);
        lua_setfield(L, -2, "step");
    }
    lua_setfield(L, -2, "stiffness");
    if (t->has_contact) {
        lua_createtable(L, 0, 8);
        lua_pushnumber(L, t->u[0]);
        lua_setfield(L, -2, "uN");
        const double *vs[3] = {t->u, t->c.v, t->resp.f};
        const char *vn[3] = {"u", "v", "f"};
        for (int g = 0; g < 3; g++) {
            lua_createtable(L, LT_DOF, 0);
            for (int k = 0; k < LT_DOF; k++) {
                lua_pushnumber(L, vs[g][k]);
                lua_rawseti(L, -2, k + 1);
            }
            lua_setfield(L, -2, vn[g]);
        }
        lua_pushnumber(L, t->resp.k[0]);
        lua_setfield(L, -2, "kn");
        lua_pushnumber(L, t->resp.k[1]);
        lua_setfield(L, -2, "kt");
        lua_pushnumber(L, t->c.contA);
        lua_setfield(L, -2, "contA");
        lua_pushnumber(L, t->c.lens[0]);
        lua_setfield(L, -2, "l1");
        lua_pushnumber(L, t->c.lens[1]);
        lua_setfield(L, -2, "l2");
        for (int i = 0; i < r->test.law->n_state; i++) {
            lua_pushnumber(L, t->law_state[i]);
            lua_setfield(L, -2, r->test.law->state_names[i]);
        }
        lua_setfield(L, -2, "C");
    }
    run_free(r);
    free(t);
    free(name);
    free(file);
    lua_remove(L, -2); /* the run_ctx userdata */
    sc->n_runs++;
}

/* ---- yield probes ---------------------------------------------------------------------- */

static script_ctx *lib_ctx(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

static const char *const probe_keys[] = {"test", "directions", "limit", "steps", "name", NULL};

/* Push one probe point as a Lua table. */
static void push_point(lua_State *L, const lt_probe_point *pt)
{
    lua_createtable(L, 0, 24);
    lua_pushinteger(L, pt->k);
    lua_setfield(L, -2, "k");
    lua_pushboolean(L, pt->yielded);
    lua_setfield(L, -2, "yielded");
    lua_pushboolean(L, pt->broken);
    lua_setfield(L, -2, "broken");
    lua_pushinteger(L, pt->steps);
    lua_setfield(L, -2, "steps");
    const char *names[] = {"angle", "dirN", "dirT", "uN", "uT", "Fn", "Fty", "Ftz", "Fn1", "Fty1", "Ftz1",
                           "dF", "dist", "gap", "work", "balance_err"};
    const double v[] = {pt->angle, pt->dir[0], pt->dir[1], pt->u[0], pt->u[1], pt->f[0], pt->f[1], pt->f[2],
                        pt->f1[0], pt->f1[1], pt->f1[2], pt->dF, pt->dist, pt->gap, pt->work, pt->balance};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        lua_pushnumber(L, v[i]);
        lua_setfield(L, -2, names[i]);
    }
}

static void probe_summary(const lt_probe *p, const char *name, const char *law, int directions,
                          const lt_script_opts *o, double seconds, const char *file)
{
    int yielded = 0, broken = 0;
    double worst_dist = 0, worst_dF = 0, worst_bal = 0, worst_rel = 0;
    for (int i = 0; i < p->n_points; i++) {
        const lt_probe_point *pt = &p->points[i];
        yielded += pt->yielded;
        broken += pt->broken;
        if (pt->yielded && pt->dist > worst_dist) worst_dist = pt->dist;
        if (pt->yielded && pt->dF > worst_dF) worst_dF = pt->dF;
        if (fabs(pt->balance) > fabs(worst_bal)) worst_bal = pt->balance;
        if (pt->work != 0 && fabs(pt->balance / pt->work) > worst_rel) worst_rel = fabs(pt->balance / pt->work);
    }
    printf("probe %s: law %s, %d directions", name, law, directions);
    if (o->shards > 1) printf(" (shard %d/%d: %d of them)", o->shard, o->shards, p->n_points);
    printf(", %d yielded (%d broken), %.3g s\n", yielded, broken, seconds);
    printf("  yield points: largest distance to the surface along the ray %.3g N (one step's increment: up to %.3g N)\n",
           worst_dist, worst_dF);
    printf("  energy balance: worst direction %.3g J (%.3g of the work)\n", worst_bal, worst_rel);
    if (file) printf("  wrote %s (%d rows)\n", file, p->n_points);
}

typedef struct probe_run {
    lt_probe probe;
    char *name, *file, *text;
    int ok;
} probe_run;

static void probe_run_free(probe_run *pr)
{
    lt_probe_free(&pr->probe);
    free(pr->name);
    free(pr->file);
    free(pr->text);
}

/* lawtester.probe_yield{ test = T, directions = N, limit = L, steps = S, name = NAME } -> results */
static int lib_probe_yield(lua_State *L)
{
    script_ctx *sc = lib_ctx(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Debug ar;
    int line = 1;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar) && ar.currentline > 0) line = ar.currentline;
    conv cv = {sc->path, sc->loc, L, {{0, 0}}, 0, line, 0};
    check_keys(&cv, 1, probe_keys);
    long directions = 72, steps = 2000;
    double limit = NAN;
    opt_integer(&cv, 1, "directions", &directions, 1, 1000000);
    opt_integer(&cv, 1, "steps", &steps, 1, 1000000000L);
    opt_number(&cv, 1, "limit", &limit, 0, INFINITY);
    path_push_key(&cv, "limit");
    if (isnan(limit)) field_error(&cv, "missing (the displacement, m, after which a direction counts as not yielding)");
    if (!(limit > 0) || !isfinite(limit)) field_error(&cv, "must be positive and finite, got %g", limit);
    path_pop(&cv);
    const char *pname = NULL;
    path_push_key(&cv, "name");
    int ty = get_field(&cv, 1, "name");
    if (ty == LUA_TSTRING) {
        pname = lua_tostring(L, -1);
        if (!valid_name(pname))
            field_error(&cv, "'%s' is not a valid file name (letters, digits, - _ . +; not starting with .)", pname);
    } else if (ty != LUA_TNIL) {
        field_error(&cv, "expected a string, got %s", type_of(L, -1));
    }
    path_pop(&cv); /* the name stays on the stack (index 2) while we need it */
    path_push_key(&cv, "test");
    if (get_field(&cv, 1, "test") != LUA_TTABLE) field_error(&cv, "expected a test table, got %s", type_of(L, -1));
    int test_idx = lua_gettop(L);
    path_pop(&cv);

    run_ctx *r = lua_newuserdatauv(L, sizeof *r, 0);
    memset(r, 0, sizeof *r);
    r->sc = sc;
    r->L = L;
    r->env_ref = LUA_NOREF;
    for (int i = 0; i < 5; i++) r->proxy_ref[i] = LUA_NOREF;
    make_proxies(L, r);
    probe_run pr;
    memset(&pr, 0, sizeof pr);
    read_args args = {{sc->path, sc->loc, L, {{"test", 0}}, 1, line, 1}, r, 2, &pr.name};
    lua_pushcfunction(L, protected_read);
    lua_pushlightuserdata(L, &args);
    lua_pushvalue(L, test_idx);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        run_free(r);
        free(pr.name);
        return lua_error(L);
    }
    char *probe_name = pname ? strdup(pname) : malloc(strlen(pr.name) + 8);
    if (probe_name && !pname) sprintf(probe_name, "%s-yield", pr.name);
    free(pr.name);
    pr.name = probe_name;
    r->test.name = pr.name;
    const lt_script_opts *o = sc->opts;
    lt_probe_opts po = {(int)directions, limit, steps, o->shards > 1 ? o->shard : 1, o->shards > 1 ? o->shards : 1,
                        NULL, NULL};
    lt_progress bar;
    char label[300], err[700];
    snprintf(label, sizeof label, "probe %s", pr.name ? pr.name : "");
    lt_progress_start(&bar, label, o->progress);
    po.progress = lt_progress_update;
    po.progress_ctx = &bar;
    double t_start = lt_clock();
    int rc = pr.name ? lt_probe_run(&pr.probe, &r->test, &po, err, sizeof err) : (snprintf(err, sizeof err, "out of memory"), -1);
    double seconds = lt_clock() - t_start;
    if (rc < 0) {
        if (r->cb_error) {
            lua_pushstring(L, err); /* an until/done of the initial stages failed: a complete message */
        } else {
            lua_pushfstring(L, "%s:%d: field test: %s", sc->path, line, err);
        }
        run_free(r);
        probe_run_free(&pr);
        return lua_error(L);
    }
    size_t len = 0;
    int surface_written = 0;
    if (o->out_dir) {
        char suffix[64] = "";
        if (po.shards > 1) snprintf(suffix, sizeof suffix, ".shard-%d-of-%d", po.shard, po.shards);
        size_t n = strlen(pr.name) + strlen(suffix) + 8;
        char *fname = malloc(n);
        pr.text = lt_probe_format(&pr.probe, (int)directions, &len);
        if (fname) snprintf(fname, n, "%s%s.tsv", pr.name, suffix);
        const lt_tester *t0 = pr.probe.start;
        /* the surface of the initial state over the forces a ray can reach: the same for
         * every shard */
        double kl[2] = {t0->resp.k[0] * limit, t0->resp.k[1] * limit}, lo, hi;
        lt_surface_range(r->test.law, r->test.params, t0->law_state, t0->resp.f[0] - kl[0], t0->resp.f[0] + kl[0],
                         hypot(t0->resp.f[1], t0->resp.f[2]) + kl[1], &lo, &hi);
        int ws = fname && pr.text ? lt_surface_write(o->out_dir, pr.name, r->test.law, r->test.params, t0->law_state,
                                                     NULL, lo, hi, err, sizeof err)
                                  : (snprintf(err, sizeof err, "out of memory"), -1);
        if (ws < 0 || lt_write_file_atomic(o->out_dir, fname, pr.text, len, err, sizeof err) < 0) {
            free(fname);
            run_free(r);
            probe_run_free(&pr);
            return luaL_error(L, "%s:%d: %s", sc->path, line, err);
        }
        size_t fn = strlen(o->out_dir) + strlen(fname) + 2;
        pr.file = malloc(fn);
        if (pr.file) snprintf(pr.file, fn, "%s/%s", o->out_dir, fname);
        free(fname);
        surface_written = ws > 0;
    }
    if (!o->quiet) probe_summary(&pr.probe, pr.name, r->test.law->name, (int)directions, o, seconds, pr.file);
    if (o->plot && po.shards == 1 && pr.file) {
        char *surface = surface_written ? surface_path(o->out_dir, pr.name) : NULL;
        int prc = lt_plot_all("probe", pr.file, surface, NAN, !o->quiet, err, sizeof err);
        free(surface);
        if (prc < 0) {
            run_free(r);
            probe_run_free(&pr);
            return luaL_error(L, "%s:%d: %s", sc->path, line, err);
        }
    }
    sc->n_runs++;
    /* results */
    lua_createtable(L, 0, 6);
    lua_pushstring(L, pr.name);
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, directions);
    lua_setfield(L, -2, "directions");
    if (pr.file) {
        lua_pushstring(L, pr.file);
        lua_setfield(L, -2, "file");
    }
    const lt_tester *t0 = pr.probe.start;
    lua_createtable(L, 0, 5);
    const char *sn[] = {"uN", "Fn", "Fty", "Ftz"};
    const double sv[] = {t0->u[0], t0->resp.f[0], t0->resp.f[1], t0->resp.f[2]};
    for (int i = 0; i < 4; i++) {
        lua_pushnumber(L, sv[i]);
        lua_setfield(L, -2, sn[i]);
    }
    lua_pushnumber(L, t0->resp.k[0]);
    lua_setfield(L, -2, "kn");
    lua_pushnumber(L, t0->resp.k[1]);
    lua_setfield(L, -2, "kt");
    lua_setfield(L, -2, "start");
    lua_createtable(L, pr.probe.n_points, 0);
    for (int i = 0; i < pr.probe.n_points; i++) {
        push_point(L, &pr.probe.points[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "points");
    run_free(r);
    probe_run_free(&pr);
    return 1;
}

/* lawtester.shard() -> K, N: this run's shard (--shard K/N; 1, 1 without), for scripts that split
 * their own loops the same way. */
static int lib_shard(lua_State *L)
{
    const lt_script_opts *o = lib_ctx(L)->opts;
    lua_pushinteger(L, o->shards > 1 ? o->shard : 1);
    lua_pushinteger(L, o->shards > 1 ? o->shards : 1);
    return 2;
}

/* ---- the lawtester library ------------------------------------------------------------ */

/* lawtester.run(test) -> results */
static int lib_run(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Debug ar;
    int line = 0;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar)) line = ar.currentline;
    run_test_table(lib_ctx(L), L, 1, line > 0 ? line : 1);
    return 1;
}

/* lawtester.laws() -> { name = summary, ... } */
static int lib_laws(lua_State *L)
{
    lua_newtable(L);
    for (int i = 0; lt_laws[i]; i++) {
        lua_pushstring(L, lt_laws[i]->summary);
        lua_setfield(L, -2, lt_laws[i]->name);
    }
    return 1;
}

/* lawtester.write(name, text): write text to DIR/name, DIR being the -o directory; the only
 * file a sandboxed script can write.  Through a temporary file and a rename, like the records. */
static int lib_write(lua_State *L)
{
    script_ctx *sc = lib_ctx(L);
    const char *name = luaL_checkstring(L, 1);
    size_t n;
    const char *text = luaL_checklstring(L, 2, &n);
    if (!valid_name(name))
        return luaL_error(L, "lawtester.write: '%s' is not a valid file name (letters, digits, - _ . +; not "
                             "starting with .)", name);
    if (!sc->opts->out_dir) return luaL_error(L, "lawtester.write: no output directory (run with -o DIR)");
    char err[600];
    if (lt_write_file_atomic(sc->opts->out_dir, name, text, n, err, sizeof err) < 0)
        return luaL_error(L, "lawtester.write: %s", err);
    return 0;
}

static const luaL_Reg lawtester_lib[] = {{"run", lib_run},
                                         {"laws", lib_laws},
                                         {"write", lib_write},
                                         {"probe_yield", lib_probe_yield},
                                         {"shard", lib_shard},
                                         {NULL, NULL}};

/* ---- sandbox ---------------------------------------------------------------------------- */

static const char *const safe_globals[] = {"assert", "error", "ipairs", "next", "pairs", "pcall", "print",
                                           "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
                                           "getmetatable", "tonumber", "tostring", "type", "xpcall", "_VERSION",
                                           NULL};
static const char *const safe_libs[] = {"math", "string", "table", "utf8", NULL};

/* Build the script's environment: a fresh table with the safe globals and copies of the safe
 * libraries (so a script cannot alter the ones the harness uses), plus `lawtester`. */
static void push_environment(script_ctx *sc, lua_State *L)
{
    if (sc->opts->unsafe) {
        lua_pushglobaltable(L);
    } else {
        lua_newtable(L);
        for (int i = 0; safe_globals[i]; i++) {
            lua_getglobal(L, safe_globals[i]);
            lua_setfield(L, -2, safe_globals[i]);
        }
        for (int i = 0; safe_libs[i]; i++) {
            lua_newtable(L);
            lua_getglobal(L, safe_libs[i]);
            lua_pushnil(L);
            while (lua_next(L, -2)) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_settable(L, -5);
            }
            lua_pop(L, 1);
            lua_setfield(L, -2, safe_libs[i]);
        }
        lua_pushvalue(L, -1);
        lua_setfield(L, -2, "_G");
    }
    luaL_newlibtable(L, lawtester_lib);
    lua_pushlightuserdata(L, sc);
    luaL_setfuncs(L, lawtester_lib, 1);
    lua_setfield(L, -2, "lawtester");
}

static int msghandler(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TSTRING) return 1;
    const char *m = luaL_tolstring(L, 1, NULL); /* error object that is not a string */
    lua_pushfstring(L, "(error object is a %s value: %s)", luaL_typename(L, 1), m);
    return 1;
}

/* Runs inside lua_pcall: load, execute, run the returned test. */
static int script_main(lua_State *L)
{
    script_ctx *sc = lua_touserdata(L, 1);
    register_proxy_metatables(L);
    lua_getglobal(L, "math"); /* before any script code runs: the library's own functions */
    lua_getfield(L, -1, "abs");
    sc->math_abs = lua_tocfunction(L, -1);
    lua_getfield(L, -2, "sqrt");
    sc->math_sqrt = lua_tocfunction(L, -1);
    lua_pop(L, 3);
    push_environment(sc, L);
    sc->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    char chunk[1024];
    snprintf(chunk, sizeof chunk, "@%s", sc->path);
    if (luaL_loadbufferx(L, sc->src, sc->src_len, chunk, "t") != LUA_OK) return lua_error(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, sc->env_ref);
    lua_setupvalue(L, -2, 1);
    lua_call(L, 0, 1);
    if (lua_istable(L, -1)) run_test_table(sc, L, -1, 0);
    else if (!lua_isnil(L, -1)) {
        lua_pushfstring(L, "%s:%d: the script must return a test table or nothing, got %s", sc->path,
                        srcloc_line(sc->loc, NULL, 0), luaL_typename(L, -1));
        return lua_error(L);
    } else if (sc->n_runs == 0) {
        lua_pushfstring(L, "%s:%d: the script neither returns a test table nor calls lawtester.run", sc->path,
                        srcloc_line(sc->loc, NULL, 0));
        return lua_error(L);
    }
    return 0;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap) break;
        char *nb = realloc(buf, cap *= 2);
        if (!nb) free(buf);
        buf = nb;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

int lt_script_run_file(const char *path, const lt_script_opts *opts)
{
    script_ctx sc = {0};
    sc.path = path;
    sc.opts = opts;
    sc.src = read_file(path, &sc.src_len);
    if (!sc.src) {
        fprintf(stderr, "%s:0: cannot read the script: %s\n", path, strerror(errno));
        return 2;
    }
    sc.loc = srcloc_parse(sc.src, sc.src_len);
    lua_State *L = luaL_newstate();
    if (!L || !sc.loc) {
        fprintf(stderr, "%s:0: out of memory\n", path);
        free(sc.src);
        srcloc_free(sc.loc);
        return 2;
    }
    sc.L = L;
    luaL_openlibs(L);
    lua_pushcfunction(L, msghandler);
    lua_pushcfunction(L, script_main);
    lua_pushlightuserdata(L, &sc);
    int rc = lua_pcall(L, 1, 0, 1);
    int status = 0;
    if (rc != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        fprintf(stderr, "%s\n", msg ? msg : "(unknown error)");
        status = 1;
    }
    lua_close(L);
    srcloc_free(sc.loc);
    free(sc.src);
    return status;
}

/* ---- the two evaluations side by side (tests) ------------------------------------------ */

int lt_script_until_both(const char *expr, lt_tester *t, int *lua_result, int *compiled_result, char *err,
                         size_t errlen)
{
    lt_script_opts opts;
    memset(&opts, 0, sizeof opts);
    script_ctx sc;
    memset(&sc, 0, sizeof sc);
    sc.path = "(until)";
    sc.opts = &opts;
    lua_State *L = luaL_newstate();
    if (!L) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    sc.L = L;
    luaL_openlibs(L);
    register_proxy_metatables(L);
    push_environment(&sc, L);
    sc.env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    run_ctx r;
    memset(&r, 0, sizeof r);
    r.sc = &sc;
    r.L = L;
    r.t = t;
    make_proxies(L, &r);
    stage_cb cb;
    memset(&cb, 0, sizeof cb);
    cb.run = &r;
    cb.stage_no = 1;
    cb.line = 1;
    cb.what = "until";
    int rc = -1;
    if (load_string_callback(L, expr, 1, r.env_ref) != LUA_OK) {
        snprintf(err, errlen, "%s", lua_tostring(L, -1));
    } else {
        cb.ref = luaL_ref(L, LUA_REGISTRYINDEX);
        *lua_result = stage_callback(&cb, t);
        if (*lua_result < 0) snprintf(err, errlen, "%s", t->err);
        lt_cond *c = lt_cond_compile(expr, t->test->law);
        *compiled_result = c ? lt_cond_eval(c, t) : -2;
        lt_cond_free(c);
        rc = 0;
    }
    lua_close(L);
    return rc;
}
