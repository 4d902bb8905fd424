/* src/script/script_scope.c - what `until` and `done` see (the proxies C, stage, E, S, tester, A, B
 * over the running tester, their fields the rows of quantities.h) and how they are called: Lua
 * functions, Lua strings, or strings compiled to a C predicate (cond.h) where that gives the same
 * answer. */
#define _POSIX_C_SOURCE 200809L
#include "contact/registry.h"
#include "lua/error_text.h"
#include "lualaw/lualaw.h"
#include "script/script_int.h"
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const lt_proxy_names[N_PROXIES] = {"lawtester.C", "lawtester.stage",  "lawtester.E",
                                               "lawtester.S", "lawtester.tester", "lawtester.A",
                                               "lawtester.B"};

/* The run behind proxy i of type tname (a proxy's metatable is the script's to read, so its
 * __index may be called with anything); a proxy kept after its run ended has a NULL run. */
static run_ctx *proxy_run(lua_State *L, int i, const char *tname)
{
    run_ctx *r = *(run_ctx **)luaL_checkudata(L, i, tname);
    if (!r || !r->t)
        luaL_error(L, "%s is only valid inside the until or done of its run (the run has ended)",
                   tname + 10);
    return r;
}

/* Give the userdata on top the metatable tname, without a __gc a script may have put there
 * (finalizers would run outside the instruction budget). */
static void set_proxy_metatable(lua_State *L, const char *tname)
{
    luaL_getmetatable(L, tname);
    lua_pushliteral(L, "__gc");
    lua_pushnil(L);
    lua_rawset(L, -3);
    lua_setmetatable(L, -2);
}

/* The value of row q (index i) of tester t; for the rows that are proxies, r is their run and the
 * proxy indexed is at 1. */
static void push_quantity(lua_State *L, run_ctx *r, const lt_tester *t, const lt_qrow *q, int i)
{
    switch (q->type) {
    case LT_QT_NUMBER: lua_pushnumber(L, q->read.number(t, i)); break;
    case LT_QT_INTEGER: lua_pushinteger(L, (lua_Integer)q->read.integer(t, i)); break;
    case LT_QT_BOOLEAN: lua_pushboolean(L, (int)q->read.integer(t, i)); break;
    case LT_QT_VECTOR:
        lua_getiuservalue(L, 1, q->sub + 1);
        break; /* C.u, C.v, C.f: their proxies */
    case LT_QT_TRIPLE: {
        double v[3];
        q->read.triple(t, i, v);
        lua_createtable(L, 3, 0); /* a new array {x, y, z} */
        for (int k = 0; k < 3; k++) {
            lua_pushnumber(L, v[k]);
            lua_rawseti(L, -2, k + 1);
        }
        break;
    }
    case LT_QT_STRING: lua_pushstring(L, q->read.string(t, i)); break;
    default:
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[q->sub]);
        break; /* tester.A, tester.B */
    }
}

/* The element of C.u, C.v or C.f: the vector proxy's user value is its row among C's. */
static int vec_index(lua_State *L)
{
    run_ctx *r = proxy_run(L, 1, "lawtester.vec");
    lua_getiuservalue(L, 1, 1);
    const lt_qrow *q = lt_qrow_nth(PX_C, (int)lua_tointeger(L, -1));
    lua_pop(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || i > LT_DOF) return luaL_error(L, "index %d out of range 1..6", (int)i);
    lua_pushnumber(L, q->read.number(r->t, (int)i - 1));
    return 1;
}

static int vec_len(lua_State *L)
{
    lua_pushinteger(L, LT_DOF);
    return 1;
}

static void push_vec_proxy(lua_State *L, run_ctx *r, int row)
{
    run_ctx **p = lua_newuserdatauv(L, sizeof *p, 1);
    *p = r;
    lua_pushinteger(L, row);
    lua_setiuservalue(L, -2, 1);
    set_proxy_metatable(L, "lawtester.vec");
}

/* __index of proxy px: its row of the quantities table; a name it does not have is an error
 * listing its fields (E, a dict, gives nil for an energy the law does not have). */
static int proxy_index(lua_State *L, int px)
{
    run_ctx *r = proxy_run(L, 1, lt_proxy_names[px]);
    const char *k = luaL_checkstring(L, 2);
    int i;
    const lt_qrow *q = lt_qrow_find(px, k, lt_q_law(r->t), &i);
    if (q)
        push_quantity(L, r, r->t, q, i);
    else if (px == PX_E)
        lua_pushnil(L);
    else {
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        for (int n = 0; (q = lt_qrow_nth(px, n)) != NULL; n++) {
            if (n) luaL_addchar(&b, ' ');
            luaL_addstring(&b, q->name);
        }
        if (px == PX_C) luaL_addstring(&b, " and the law's state");
        luaL_pushresult(&b);
        return luaL_error(L, "%s has no field '%s' (fields: %s)", lt_proxy_names[px] + 10, k,
                          lua_tostring(L, -1));
    }
    return 1;
}

/* One __index function per proxy, so that cond_names_intact can tell them apart. */
static int c_index(lua_State *L) { return proxy_index(L, PX_C); }
static int stage_index(lua_State *L) { return proxy_index(L, PX_STAGE); }
static int energy_index(lua_State *L) { return proxy_index(L, PX_E); }
static int scene_index(lua_State *L) { return proxy_index(L, PX_S); }
static int tester_index(lua_State *L) { return proxy_index(L, PX_TESTER); }
static int a_index(lua_State *L) { return proxy_index(L, PX_A); }
static int b_index(lua_State *L) { return proxy_index(L, PX_B); }

/* Body i (0: A, 1: B) of t as a table of A's fields (pos, vel, angvel, mass). */
void lt_push_body_state(lua_State *L, const lt_tester *t, int i)
{
    lua_createtable(L, 0, 4);
    const lt_qrow *q;
    for (int n = 0; (q = lt_qrow_nth(PX_A, n)) != NULL; n++) {
        push_quantity(L, NULL, t, q, i);
        lua_setfield(L, -2, q->name);
    }
}

static int proxy_readonly(lua_State *L)
{
    return luaL_error(L, "%s is read-only", luaL_typename(L, 1));
}

void lt_register_proxy_metatables(lua_State *L)
{
    lua_CFunction idx[N_PROXIES] = {c_index,      stage_index, energy_index, scene_index,
                                    tester_index, a_index,     b_index};
    for (int i = 0; i < N_PROXIES; i++) {
        luaL_newmetatable(L, lt_proxy_names[i]);
        lua_pushcfunction(L, idx[i]);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, proxy_readonly);
        lua_setfield(L, -2, "__newindex");
        lua_pushstring(L, lt_proxy_names[i] + 10);
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

void lt_make_proxies(lua_State *L, run_ctx *r)
{
    for (int i = 0; i < N_PROXIES; i++) {
        run_ctx **p = lua_newuserdatauv(L, sizeof *p, i == PX_C ? LT_C_VECTORS : 0);
        *p = r;
        set_proxy_metatable(L, lt_proxy_names[i]);
        const lt_qrow *q;
        if (i == PX_C) /* C's vectors as user values 1, 2, 3 */
            for (int n = 0; (q = lt_qrow_nth(PX_C, n)) != NULL; n++)
                if (q->type == LT_QT_VECTOR) {
                    push_vec_proxy(L, r, n);
                    lua_setiuservalue(L, -2, q->sub + 1);
                }
        r->proxy_ref[i] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    /* environment of string conditions: C, stage, E, S, tester over the sandbox */
    lua_newtable(L);
    static const char *const names[N_PROXIES] = {"C", "stage", "E", "S", "tester", "A", "B"};
    for (int i = 1; i < N_PROXIES; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[i]);
        lua_setfield(L, -2, names[i]);
    }
    lua_newtable(L); /* reads fall through to the script's globals, assignments go there */
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->sc->env_ref);
    lua_setfield(L, -2, "__index");
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->sc->env_ref);
    lua_setfield(L, -2, "__newindex");
    lua_setmetatable(L, -2);
    r->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* Strip Lua's "chunk:line: " prefix of an error inside a compiled condition. */
const char *lt_strip_chunk_prefix(const char *msg)
{
    const char *p = strstr(msg, "]:");
    if (strncmp(msg, "[string", 7) == 0 && p) {
        p = strchr(p + 2, ':');
        if (p) return p[1] == ' ' ? p + 2 : p + 1;
    }
    return msg;
}

/* 1 if msg is Lua's error for indexing C while it is nil (a global in an until string, a
 * parameter of an until function, or an upvalue). */
static int indexes_nil_c(const char *msg)
{
    static const char *const forms[] = {"attempt to index a nil value (global 'C')",
                                        "attempt to index a nil value (local 'C')",
                                        "attempt to index a nil value (upvalue 'C')"};
    for (int i = 0; i < 3; i++)
        if (strstr(msg, forms[i])) return 1;
    return 0;
}

int lt_stage_callback(void *ctx, lt_tester *t)
{
    stage_cb *cb = ctx;
    run_ctx *r = cb->run;
    lua_State *L = r->L;
    r->t = t;
    r->sc->script.lua_epoch++;
    int base = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, cb->ref);
    int nargs = 0;
    if (cb->is_function) {
        if (lt_q_has_contact(t))
            lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[PX_C]);
        else
            lua_pushnil(L);
        for (int i = 1; i < 5; i++) lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[i]);
        nargs = 5;
    } else {
        /* C lives in the condition environment itself (raw: no metamethod of the script runs) */
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->env_ref);
        lua_pushliteral(L, "C");
        if (lt_q_has_contact(t))
            lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[PX_C]);
        else
            lua_pushnil(L);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
    /* an entry into Lua: its own instruction budget; runs do not nest inside it */
    lt_budget_save saved;
    lt_budget_enter(L, &saved);
    r->sc->script.callback_depth++;
    int rc = lua_pcall(L, nargs, 1, 0);
    r->sc->script.callback_depth--;
    lt_budget_leave(L, &saved);
    if (rc != LUA_OK) {
        const char *msg = lt_push_error_text(L, -1);
        char mem[300];
        if (lt_limits_memory_message(&r->sc->script.lim, msg, mem, sizeof mem)) msg = mem;
        char *err = lt_tester_err(t);
        int n = snprintf(err, LT_ERR_SIZE, "%s:%d: field stages[%d].%s: at step %ld: %s",
                         r->sc->script.path, cb->line, cb->stage_no, cb->what, lt_q_step(t),
                         lt_strip_chunk_prefix(msg));
        if (!lt_q_has_contact(t) && indexes_nil_c(msg) && n > 0 && (size_t)n < LT_ERR_SIZE)
            snprintf(
                err + n, LT_ERR_SIZE - (size_t)n,
                " (C is nil while there is no contact: guard it, e.g. write `C and C.uN < -1e-4`)");
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
    idx = lua_absindex(L, idx);
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
 * (a `done` string may assign `stage = 3`; a script may replace a metatable's __index).
 * Checked before the first compiled evaluation and again after any Lua code ran. */
static int cond_names_intact(run_ctx *r, unsigned names)
{
    lua_State *L = r->L;
    int top = lua_gettop(L), ok = 1;
    static const char *const px[5] = {
        [PX_C] = "C", [PX_STAGE] = "stage", [PX_E] = "E", [PX_S] = "S", [PX_TESTER] = "tester"};
    static const lua_CFunction idx[5] = {c_index, stage_index, energy_index, scene_index,
                                         tester_index};
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->env_ref);
    int env = lua_gettop(L);
    for (int i = 0; i < 5 && ok; i++) {
        if (!(names & (1u << i))) continue;
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[i]);
        ok = indexed_by(L, -1, idx[i]);
        if (i == PX_C)
            for (int k = 1; k <= LT_C_VECTORS && ok; k++) {
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
    lua_settop(L, top);
    return ok;
}

/* compiled_callback when the names have to be checked again (Lua ran since), or the compiled
 * form deferred to Lua (tried: it was evaluated already under the current names). */
static int compiled_callback_slow(stage_cb *cb, lt_tester *t, int tried)
{
    run_ctx *r = cb->run;
    if (cb->cond && cb->validated != r->sc->script.lua_epoch) {
        if (!cond_names_intact(r, lt_cond_names(cb->cond))) {
            lt_cond_free(cb->cond); /* Lua from now on */
            cb->cond = NULL;
        }
        cb->validated = r->sc->script.lua_epoch;
    }
    if (cb->cond && !tried) {
        int v = lt_cond_eval(cb->cond, t);
        if (v >= 0) return v;
    }
    return lt_stage_callback(cb, t);
}

/* The until of a stage whose string compiled: C evaluates it, Lua only where the compiled
 * form defers (a Lua error, or an exactness corner), with the message Lua always gave. */
static int compiled_callback(void *ctx, lt_tester *t)
{
    stage_cb *cb = ctx;
    if (cb->cond && cb->validated == cb->run->sc->script.lua_epoch) { /* the step's common case */
        int v = lt_cond_eval(cb->cond, t);
        return v >= 0 ? v : compiled_callback_slow(cb, t, 1);
    }
    return compiled_callback_slow(cb, t, 0);
}

/* lt_stage.until_quiet of a compiled until (lt_set_until_quiet): the steps to the first state at
 * which it can hold, while its names still mean what they meant when it was last checked (1,
 * "the next may", once Lua ran since or the condition went back to Lua). */
static long compiled_quiet(void *ctx, const lt_tester *t)
{
    const stage_cb *cb = ctx;
    if (!cb->cond || cb->validated != cb->run->sc->script.lua_epoch) return 1;
    return lt_cond_quiet_steps(cb->cond, t);
}

void lt_set_until_quiet(const stage_cb *cb, lt_stage *s)
{
    const lt_law *law = cb->run->test.law;
    int no_lua = !s->fn_mask && law && !lt_lua_law_is(law);
    s->until_quiet = cb->cond && lt_cond_has_quiet_form(cb->cond) && no_lua ? compiled_quiet : NULL;
}

/* Load an `until` expression (as `return (s\n)`) or `done` statements as a chunk whose
 * environment is env_ref; pushes the function, or the error message (returns Lua's status). */
int lt_load_string_callback(lua_State *L, const char *s, int is_until, int env_ref)
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
void lt_read_callback(conv *cv, run_ctx *r, int stage_tbl, const char *key, const char *alias,
                      int stage_no, stage_cb *cb, lt_stage_cb *fn, void **ctx)
{
    lua_State *L = cv->L;
    const char *used = key;
    if (alias && lt_has_field(cv, stage_tbl, key) && lt_has_field(cv, stage_tbl, alias)) {
        lt_path_push_key(cv, alias);
        lt_field_error(cv, "give %s or %s, not both (%s is another name for %s)", key, alias, alias,
                       key);
    }
    int ty = lt_get_field(cv, stage_tbl, key);
    if (ty == LUA_TNIL && alias) {
        lua_pop(L, 1);
        ty = lt_get_field(cv, stage_tbl, alias);
        used = alias;
    }
    lt_path_push_key(cv, used);
    cb->run = r;
    cb->stage_no = stage_no;
    cb->what = used;
    cb->line = lt_conv_line(cv);
    cb->ref = LUA_NOREF;
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        lt_path_pop(cv);
        return;
    }
    if (ty == LUA_TFUNCTION) {
        cb->is_function = 1;
        cb->ref = luaL_ref(L, LUA_REGISTRYINDEX);
    } else if (ty == LUA_TSTRING) {
        const char *s = lua_tostring(L, -1);
        if (lt_load_string_callback(L, s, strcmp(key, "until") == 0, r->env_ref) != LUA_OK)
            lt_field_error(cv, "does not compile: %s", lt_strip_chunk_prefix(lua_tostring(L, -1)));
        cb->ref = luaL_ref(L, LUA_REGISTRYINDEX);
        cb->validated = -1;
        if (strcmp(key, "until") == 0 && !r->sc->opts->lua_until)
            cb->cond = lt_cond_compile(s, r->test.law);
        lua_pop(L, 1);
    } else {
        lt_field_error(cv, "expected a string or a function, got %s", luaL_typename(L, -1));
    }
    lt_path_pop(cv);
    *fn = cb->cond ? compiled_callback : lt_stage_callback;
    *ctx = cb;
}
