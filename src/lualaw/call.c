/* src/lualaw/call.c - the call of a contact law written in Lua (docs/lua-laws.md): the closure that
 * carries a contact into the law's Lua functions and its outputs back, and the entry into Lua that
 * runs it (lualaw.c reads the law table and registers the law; the C trampolines that reach a law
 * from its descriptor are slots.c; lualaw_int.h holds the binding they share).
 *
 * The call.  Each binding owns a Lua thread T of the script's state (so the law's calls never
 * disturb the stack of the script that runs the test) whose stack slot 1 holds a C closure,
 * law_call, carrying as upvalues the Lua functions, the preallocated tables p, c, s, out and their
 * subtables c.v, out.f, out.k, out.e (with the law's read-only proxies of p, c and out and the
 * guards on undeclared keys: tables.c), and an array of the key strings of the state variables and
 * energies (one upvalue: a C closure holds at most 255).  A step is: the trampoline sets the
 * binding's arguments, lua_pcall(T) of that closure, which copies the contact and the state into
 * the real tables (raw sets with keys read from that array: no string is hashed, no table
 * allocated), zeroes the outputs, calls step, and reads back out and s.  When a contact starts,
 * keys a law added to s or out.e with rawset are removed.  Everything that touches Lua runs inside
 * that pcall, so an error (the law's, a bad output, the memory cap) is caught there.  The law's
 * yield functions and the closed forms of its cases (call_extra.c) go through the same closure in a
 * third mode: p refreshed, s written from the state handed in (nothing read back), no contact.
 *
 * Errors.  A failed call's message is kept in the binding (the trampolines then return a NaN force,
 * slots.c).  Each call is an entry into Lua with its own instruction budget (lua/limits.h), counted
 * in lua_law_script.lua_epoch (compiled `until` conditions re-check the names they read after any
 * Lua code ran), and runs with callback_depth raised (no nested runs).
 */
#include "lualaw/lualaw_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MODE_INIT = LT_LUA_MODE_INIT, MODE_STEP = LT_LUA_MODE_STEP, MODE_EXTRA = LT_LUA_MODE_EXTRA };

/* Push key k (0-based) of the U_KEYS table. */
static void push_key(lua_State *T, int k) { lua_rawgeti(T, lua_upvalueindex(U_KEYS), k + 1); }

/* ---- the call into Lua ------------------------------------------------------------------ */

/* t[k] = x, raw: lawtester writes the real tables behind the law's read-only proxies */
static void set_number(lua_State *T, int t, const char *k, double x)
{
    t = lua_absindex(T, t);
    lua_pushstring(T, k);
    lua_pushnumber(T, x);
    lua_rawset(T, t);
}

/* p from the parameter values (only when they changed since the last call). */
static void refresh_params(lua_State *T, lua_law *b)
{
    int n = b->desc.n_params;
    if (b->p_valid && memcmp(b->pcache, b->param, (size_t)n * sizeof(double)) == 0) return;
    for (int i = 0; i < n; i++) {
        const lt_param *p = &b->params[i];
        double x = b->param[i];
        if (p->kind == LT_BOOL)
            lua_pushboolean(T, x != 0);
        else if (p->kind == LT_CHOICE)
            lua_pushstring(T, p->choices[(int)x]);
        else if (isnan(x))
            lua_pushnil(T); /* an optional parameter not given */
        else if (p->kind == LT_INT)
            lua_pushinteger(T, (lua_Integer)x); /* a whole number, within its range */
        else
            lua_pushnumber(T, x);
        lua_pushstring(T, p->name);
        lua_insert(T, -2);
        lua_rawset(T, lua_upvalueindex(U_P));
        b->pcache[i] = x;
    }
    b->p_valid = 1;
}

/* The list at upvalue u = x[0], x[1]. */
static void set_pair(lua_State *T, int u, const double x[2])
{
    lua_pushnumber(T, x[0]);
    lua_rawseti(T, lua_upvalueindex(u), 1);
    lua_pushnumber(T, x[1]);
    lua_rawseti(T, lua_upvalueindex(u), 2);
}

static int same_material(const lt_material *a, const lt_material *b)
{
    return a->young == b->young && a->poisson == b->poisson && a->density == b->density &&
           a->ktDivKn == b->ktDivKn && a->tanPhi == b->tanPhi;
}

/* The fields of c that hold for a contact's life (and the materials): refreshed when they differ
 * from what c holds. */
static void refresh_constants(lua_State *T, lua_law *b)
{
    const lt_contact *c = b->c, *k = &b->ccache;
    int mats = 0;
    for (int i = 0; i < 2; i++)
        if (c->mat[i] && (!b->c_valid || !same_material(c->mat[i], &b->mcache[i]))) mats = 1;
    if (b->c_valid && !mats && c->dt == k->dt && c->lens[0] == k->lens[0] &&
        c->lens[1] == k->lens[1] && c->contA == k->contA && c->kn == k->kn && c->kt == k->kt &&
        c->tanPhi == k->tanPhi && c->rcurv[0] == k->rcurv[0] && c->rcurv[1] == k->rcurv[1] &&
        c->mstar == k->mstar)
        return;
    int ct = lua_upvalueindex(U_C);
    set_number(T, ct, "dt", c->dt);
    set_pair(T, U_LENS, c->lens);
    set_number(T, ct, "contA", c->contA);
    set_number(T, ct, "kn", c->kn);
    set_number(T, ct, "kt", c->kt);
    set_number(T, ct, "tanPhi", c->tanPhi);
    set_pair(T, U_RCURV, c->rcurv);
    set_number(T, ct, "mstar", c->mstar);
    for (int i = 0; i < 2; i++) {
        if (!c->mat[i]) continue;
        int m = lua_upvalueindex(U_MAT1 + i);
        set_number(T, m, "young", c->mat[i]->young);
        set_number(T, m, "poisson", c->mat[i]->poisson);
        set_number(T, m, "density", c->mat[i]->density);
        set_number(T, m, "ktDivKn", c->mat[i]->ktDivKn);
        set_number(T, m, "tanPhi", c->mat[i]->tanPhi);
        b->mcache[i] = *c->mat[i];
    }
    b->ccache = *c;
    b->c_valid = 1;
}

/* The error of an output or state value that is not a number (at index i of T). */
static _Noreturn void not_number(lua_State *T, int i, const char *what, const char *name, int k)
{
    if (name) luaL_error(T, "%s.%s is %s, not a number", what, name, luaL_typename(T, i));
    luaL_error(T, "%s[%d] is %s, not a number", what, k, luaL_typename(T, i));
    abort(); /* not reached */
}

/* out.f[1..n] or out.k[1..n] (table at index t) into x. */
static void read_numbers(lua_State *T, int t, int n, double *x, const char *what)
{
    int top = lua_gettop(T);
    for (int i = 1; i <= n; i++)
        if (lua_rawgeti(T, t, i) != LUA_TNUMBER) not_number(T, -1, what, NULL, i);
    for (int i = 0; i < n; i++) x[i] = lua_tonumber(T, top + 1 + i);
    lua_settop(T, top);
}

/* The n fields of table t whose keys are U_KEYS[first + 1 ...] into x. */
static void read_named(lua_State *T, int t, int first, int n, double *x, const char *what,
                       const char *const *names, const lt_energy_def *enames)
{
    int top = lua_gettop(T);
    /* n values stay on the stack below */
    luaL_checkstack(T, n + 2, "the law's state and energies");
    for (int i = 0; i < n; i++) {
        push_key(T, first + i);
        if (lua_rawget(T, t) != LUA_TNUMBER)
            not_number(T, -1, what, names ? names[i] : enames[i].name, 0);
    }
    for (int i = 0; i < n; i++) x[i] = lua_tonumber(T, top + 1 + i);
    lua_settop(T, top);
}

/* init(p, c, s) or step(p, c, s, out) with the binding's arguments (runs inside lua_pcall). */
static int law_call(lua_State *T)
{
    lua_law *b = lua_touserdata(T, lua_upvalueindex(U_BINDING));
    const lt_contact *c = b->c;
    int ns = b->desc.n_state, ne = b->desc.n_energies, st = lua_upvalueindex(U_S);
    refresh_params(T, b);
    if (b->mode == MODE_EXTRA) { /* a yield function or a closed form: p (and s), no contact */
        if (b->state && !(b->s_valid && b->state == b->s_ptr &&
                          memcmp(b->state, b->s_last, (size_t)ns * sizeof(double)) == 0))
            for (int i = 0; i < ns; i++) {
                push_key(T, i);
                lua_pushnumber(T, b->state[i]);
                lua_rawset(T, st);
            }
        b->s_valid = 0; /* s is the law's again at its next step */
        lt_lua_law_call_extra(T, b);
        return 0;
    }
    refresh_constants(T, b);
    lua_pushvalue(T, lua_upvalueindex(U_KEY_UN));
    lua_pushnumber(T, c->uN);
    lua_rawset(T, lua_upvalueindex(U_C));
    lua_pushvalue(T, lua_upvalueindex(U_KEY_FRESH));
    lua_pushboolean(T, c->fresh != 0);
    lua_rawset(T, lua_upvalueindex(U_C));
    for (int i = 0; i < LT_DOF; i++) {
        lua_pushnumber(T, c->v[i]);
        lua_rawseti(T, lua_upvalueindex(U_V), i + 1);
    }
    /* s already holds the state if the caller hands back what the last call left */
    if (!(b->s_valid && b->state == b->s_ptr &&
          memcmp(b->state, b->s_last, (size_t)ns * sizeof(double)) == 0))
        for (int i = 0; i < ns; i++) {
            push_key(T, i);
            lua_pushnumber(T, b->state[i]);
            lua_rawset(T, st);
        }
    b->s_valid = 0; /* until the state is read back below */
    /* a new contact: nothing rawset into s or out.e stays */
    if (b->mode == MODE_INIT || c->fresh) {
        lt_lua_law_sweep(T, st, 0, ns);
        lt_lua_law_sweep(T, lua_upvalueindex(U_E), ns, ne);
    }
    if (b->mode == MODE_INIT) {
        lua_pushvalue(T, lua_upvalueindex(U_INIT));
        lua_pushvalue(T, lua_upvalueindex(U_PP));
        lua_pushvalue(T, lua_upvalueindex(U_CP));
        lua_pushvalue(T, st);
        lua_call(T, 3, 0);
    } else {
        for (int i = 1; i <= LT_DOF; i++) {
            lua_pushnumber(T, 0);
            lua_rawseti(T, lua_upvalueindex(U_F), i);
        }
        lua_pushnumber(T, 0);
        lua_rawseti(T, lua_upvalueindex(U_K), 1);
        lua_pushnumber(T, 0);
        lua_rawseti(T, lua_upvalueindex(U_K), 2);
        for (int i = 0; i < ne; i++) {
            push_key(T, ns + i);
            lua_pushnumber(T, 0);
            lua_rawset(T, lua_upvalueindex(U_E));
        }
        lua_pushvalue(T, lua_upvalueindex(U_STEP));
        lua_pushvalue(T, lua_upvalueindex(U_PP));
        lua_pushvalue(T, lua_upvalueindex(U_CP));
        lua_pushvalue(T, st);
        lua_pushvalue(T, lua_upvalueindex(U_OUT));
        lua_call(T, 4, 1);
        if (!lua_isboolean(T, -1))
            luaL_error(
                T, "step returned %s: it must return true (the contact holds) or false (it breaks)",
                luaL_typename(T, -1));
        b->alive = lua_toboolean(T, -1);
        lua_pop(T, 1);
        if (b->alive) {
            lt_response *out = b->out;
            read_numbers(T, lua_upvalueindex(U_F), LT_DOF, out->f, "out.f");
            read_numbers(T, lua_upvalueindex(U_K), 2, out->k, "out.k");
            read_named(T, lua_upvalueindex(U_E), ns, ne, out->energy, "out.e", NULL, b->energies);
        }
    }
    read_named(T, st, 0, ns, b->state, "s", b->state_names, NULL);
    memcpy(b->s_last, b->state, (size_t)ns * sizeof(double));
    b->s_ptr = b->state;
    b->s_valid = 1;
    return 0;
}

/* Keep the message of a failed call (at the top of T) for lt_script_law_error. */
static void record_error(lua_law *b)
{
    lua_State *T = b->T;
    const char *msg = lua_tostring(T, -1);
    char mem[300];
    if (!msg)
        msg = lua_isnil(T, -1) ? "error with a nil error object"
                               : "error with a non-string error object";
    if (lt_limits_memory_message(&b->script->lim, msg, mem, sizeof mem)) msg = mem;
    b->err_line = b->call_line;
    size_t n = strlen(b->file);
    const char *p = strncmp(msg, b->file, n) == 0 ? msg + n
                    : strncmp(msg, "...", 3) == 0 ? strchr(msg, ':')
                                                  : NULL;
    if (p && *p == ':' && p[1] >= '0' && p[1] <= '9') { /* "PATH:LINE: text" of the script */
        int line = atoi(p + 1);
        p++;
        while (*p >= '0' && *p <= '9') p++;
        if (*p == ':') {
            b->err_line = line;
            msg = p[1] == ' ' ? p + 2 : p + 1;
        }
    }
    snprintf(b->err, sizeof b->err, "%s", msg);
    b->err_what = b->call_what;
    b->failed = 1;
    lua_settop(T, 1);
}

int lt_lua_law_enter(lua_law *b)
{
    lua_State *T = b->T;
    lua_law_script *script = b->script;
    lt_budget_save saved;
    lt_budget_enter(T, &saved);
    script->callback_depth++;
    script->lua_epoch++;
    lua_pushvalue(T, 1);
    int rc = lua_pcall(T, 0, 0, 0);
    script->callback_depth--;
    lt_budget_leave(T, &saved);
    if (rc != LUA_OK) record_error(b);
    return rc == LUA_OK;
}

/* Make the closure law_call on a new thread T of L, kept in b->T (the step and init functions at
 * the stack indices step_idx and init_idx). */
void lt_lua_law_make_binding(lua_State *L, lua_law *b, int step_idx, int init_idx)
{
    lua_State *T = lua_newthread(L);
    b->thread_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    if (!lua_checkstack(L, 4)) luaL_error(L, "out of memory");
    lua_pushlightuserdata(L, b); /* U_BINDING */
    lua_pushvalue(L, step_idx);  /* U_STEP */
    lua_pushvalue(L, init_idx);  /* U_INIT */
    lt_lua_law_push_tables(L, b);
    lua_pushcclosure(L, law_call, U_NUP);
    lua_xmove(L, T, 1); /* T's slot 1 */
    b->T = T;
}
