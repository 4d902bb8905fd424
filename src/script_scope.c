/* src/script_scope.c - what `until` and `done` see (the proxies C, stage, E, S, tester over the
 * running tester) and how they are called: Lua functions, Lua strings, or strings compiled to a C
 * predicate (cond.h) where that gives the same answer. */
#define _POSIX_C_SOURCE 200809L
#include "script_int.h"
#include "registry.h"
#include <lualib.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const proxy_names[N_PROXIES] = {"lawtester.C", "lawtester.stage", "lawtester.E", "lawtester.S",
                                            "lawtester.tester", "lawtester.A", "lawtester.B"};


/* The run behind proxy i of type tname (a proxy's metatable is the script's to read, so its
 * __index may be called with anything); a proxy kept after its run ended has a NULL run. */
static run_ctx *proxy_run(lua_State *L, int i, const char *tname)
{
    run_ctx *r = *(run_ctx **)luaL_checkudata(L, i, tname);
    if (!r || !r->t)
        luaL_error(L, "%s is only valid inside the until or done of its run (the run has ended)", tname + 10);
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

static int vec_index(lua_State *L)
{
    run_ctx *r = proxy_run(L, 1, "lawtester.vec");
    int which;
    lua_getiuservalue(L, 1, 1);
    which = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || i > LT_DOF) return luaL_error(L, "index %d out of range 1..6", (int)i);
    const lt_view *t = lt_tester_view(r->t);
    const double *v = which == 0 ? t->u : which == 1 ? t->c.v : t->resp.f;
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
    set_proxy_metatable(L, "lawtester.vec");
}

static int c_index(lua_State *L)
{
    run_ctx *r = proxy_run(L, 1, proxy_names[PX_C]);
    const lt_view *t = lt_tester_view(r->t);
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
    const lt_view *t = lt_tester_view(proxy_run(L, 1, proxy_names[PX_STAGE])->t);
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
    const lt_view *t = lt_tester_view(proxy_run(L, 1, proxy_names[PX_E])->t);
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
    const lt_view *t = lt_tester_view(proxy_run(L, 1, proxy_names[PX_S])->t);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "step") == 0) lua_pushinteger(L, t->step);
    else if (strcmp(k, "time") == 0) lua_pushnumber(L, t->time);
    else if (strcmp(k, "dt") == 0) lua_pushnumber(L, t->test->dt);
    else return luaL_error(L, "S has no field '%s' (fields: step time dt)", k);
    return 1;
}

static int tester_index(lua_State *L)
{
    const lt_view *t = lt_tester_view(proxy_run(L, 1, proxy_names[PX_TESTER])->t);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "stage") == 0) lua_pushinteger(L, t->stage + 1);
    else if (strcmp(k, "step") == 0) lua_pushinteger(L, t->step);
    else if (strcmp(k, "time") == 0) lua_pushnumber(L, t->time);
    else if (strcmp(k, "dt") == 0) lua_pushnumber(L, t->test->dt);
    else if (strcmp(k, "abWeight") == 0) lua_pushnumber(L, t->test->abWeight);
    else if (strcmp(k, "law") == 0) lua_pushstring(L, t->test->law->name);
    else if (strcmp(k, "name") == 0) lua_pushstring(L, t->test->name);
    else if (strcmp(k, "A") == 0 || strcmp(k, "B") == 0)
        lua_rawgeti(L, LUA_REGISTRYINDEX, proxy_run(L, 1, proxy_names[PX_TESTER])->proxy_ref[k[0] == 'A' ? PX_A : PX_B]);
    else
        return luaL_error(L, "tester has no field '%s' (fields: stage step time dt abWeight law name A B)", k);
    return 1;
}

/* A 3-vector as a Lua array {x, y, z}. */
static void push_vec3(lua_State *L, vec3 v)
{
    lua_createtable(L, 3, 0);
    lua_pushnumber(L, v.x);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, v.y);
    lua_rawseti(L, -2, 2);
    lua_pushnumber(L, v.z);
    lua_rawseti(L, -2, 3);
}

/* The position of b: its high and low parts summed (the compensated sum the driver keeps). */
static vec3 body_position(const lt_body *b)
{
    return (vec3){b->pos.x + b->pos_lo.x, b->pos.y + b->pos_lo.y, b->pos.z + b->pos_lo.z};
}

void push_body_state(lua_State *L, const lt_body *b)
{
    lua_createtable(L, 0, 4);
    push_vec3(L, body_position(b));
    lua_setfield(L, -2, "pos");
    push_vec3(L, b->vel);
    lua_setfield(L, -2, "vel");
    push_vec3(L, b->angvel);
    lua_setfield(L, -2, "angvel");
    lua_pushnumber(L, b->mass);
    lua_setfield(L, -2, "mass");
}

/* A.pos, A.vel, A.angvel (new tables {x, y, z}: global frame, m, m/s, rad/s; the velocities are
 * leapfrog's v_{n-1/2}, body.h), A.mass (kg; 0 for a wall or facet); the same for B. */
static int body_index(lua_State *L)
{
    int which = luaL_testudata(L, 1, proxy_names[PX_B]) ? 1 : 0;
    const lt_view *t = lt_tester_view(proxy_run(L, 1, proxy_names[which ? PX_B : PX_A])->t);
    const lt_body *b = &t->body[which];
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "pos") == 0) push_vec3(L, body_position(b));
    else if (strcmp(k, "vel") == 0) push_vec3(L, b->vel);
    else if (strcmp(k, "angvel") == 0) push_vec3(L, b->angvel);
    else if (strcmp(k, "mass") == 0) lua_pushnumber(L, b->mass);
    else return luaL_error(L, "%c has no field '%s' (fields: pos vel angvel mass)", which ? 'B' : 'A', k);
    return 1;
}

static int proxy_readonly(lua_State *L) { return luaL_error(L, "%s is read-only", luaL_typename(L, 1)); }

void register_proxy_metatables(lua_State *L)
{
    lua_CFunction idx[N_PROXIES] = {c_index, stage_index, energy_index, scene_index, tester_index, body_index, body_index};
    for (int i = 0; i < N_PROXIES; i++) {
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

void make_proxies(lua_State *L, run_ctx *r)
{
    for (int i = 0; i < N_PROXIES; i++) {
        run_ctx **p = lua_newuserdatauv(L, sizeof *p, i == PX_C ? 3 : 0);
        *p = r;
        set_proxy_metatable(L, proxy_names[i]);
        if (i == PX_C)
            for (int k = 0; k < 3; k++) {
                push_vec_proxy(L, r, k);
                lua_setiuservalue(L, -2, k + 1);
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
    lua_pushvalue(L, -1);
    r->env_mt_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_setmetatable(L, -2);
    r->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* Strip Lua's "chunk:line: " prefix of an error inside a compiled condition. */
const char *strip_chunk_prefix(const char *msg)
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

int stage_callback(void *ctx, lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    stage_cb *cb = ctx;
    run_ctx *r = cb->run;
    lua_State *L = r->L;
    r->t = tester;
    r->sc->lua_epoch++;
    int base = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, cb->ref);
    int nargs = 0;
    if (cb->is_function) {
        if (t->has_contact) lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[PX_C]);
        else lua_pushnil(L);
        for (int i = 1; i < 5; i++) lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[i]);
        nargs = 5;
    } else {
        /* C lives in the condition environment itself (raw: no metamethod of the script runs) */
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->env_ref);
        lua_pushliteral(L, "C");
        if (t->has_contact) lua_rawgeti(L, LUA_REGISTRYINDEX, r->proxy_ref[PX_C]);
        else lua_pushnil(L);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
    /* an entry into Lua: its own instruction budget; runs do not nest inside it */
    lt_budget_save saved;
    lt_budget_enter(L, &saved);
    r->sc->callback_depth++;
    int rc = lua_pcall(L, nargs, 1, 0);
    r->sc->callback_depth--;
    lt_budget_leave(L, &saved);
    if (rc != LUA_OK) {
        const char *msg = push_error_text(L, -1);
        char mem[300];
        if (lt_limits_memory_message(&r->sc->lim, msg, mem, sizeof mem)) msg = mem;
        char *err = lt_tester_err(tester);
        int n = snprintf(err, LT_ERR_SIZE, "%s:%d: field stages[%d].%s: at step %ld: %s", r->sc->path, cb->line,
                         cb->stage_no, cb->what, t->step, strip_chunk_prefix(msg));
        if (!t->has_contact && indexes_nil_c(msg) && n > 0 && (size_t)n < LT_ERR_SIZE)
            snprintf(err + n, LT_ERR_SIZE - (size_t)n, " (C is nil while there is no contact: guard it, e.g. "
                     "write `C and C.uN < -1e-4`)");
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

/* compiled_callback when the names have to be checked again (Lua ran since), or the compiled
 * form deferred to Lua (tried: it was evaluated already under the current names). */
static int compiled_callback_slow(stage_cb *cb, lt_tester *t, int tried)
{
    run_ctx *r = cb->run;
    if (cb->cond && cb->validated != r->sc->lua_epoch) {
        if (!cond_names_intact(r, lt_cond_names(cb->cond))) {
            lt_cond_free(cb->cond); /* Lua from now on */
            cb->cond = NULL;
        }
        cb->validated = r->sc->lua_epoch;
    }
    if (cb->cond && !tried) {
        int v = lt_cond_eval(cb->cond, t);
        if (v >= 0) return v;
    }
    return stage_callback(cb, t);
}

/* The until of a stage whose string compiled: C evaluates it, Lua only where the compiled
 * form defers (a Lua error, or an exactness corner), with the message Lua always gave. */
static int compiled_callback(void *ctx, lt_tester *t)
{
    stage_cb *cb = ctx;
    if (cb->cond && cb->validated == cb->run->sc->lua_epoch) { /* the step's common case */
        int v = lt_cond_eval(cb->cond, t);
        return v >= 0 ? v : compiled_callback_slow(cb, t, 1);
    }
    return compiled_callback_slow(cb, t, 0);
}

/* Load an `until` expression (as `return (s\n)`) or `done` statements as a chunk whose
 * environment is env_ref; pushes the function, or the error message (returns Lua's status). */
int load_string_callback(lua_State *L, const char *s, int is_until, int env_ref)
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
void read_callback(conv *cv, run_ctx *r, int stage_tbl, const char *key, const char *alias, int stage_no,
                          stage_cb *cb, lt_stage_cb *fn, void **ctx)
{
    lua_State *L = cv->L;
    const char *used = key;
    if (alias && has_field(cv, stage_tbl, key) && has_field(cv, stage_tbl, alias)) {
        path_push_key(cv, alias);
        field_error(cv, "give %s or %s, not both (%s is another name for %s)", key, alias, alias, key);
    }
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
        field_error(cv, "expected a string or a function, got %s", luaL_typename(L, -1));
    }
    path_pop(cv);
    *fn = cb->cond ? compiled_callback : stage_callback;
    *ctx = cb;
}
