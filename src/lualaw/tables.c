/* src/lualaw/tables.c - the tables a contact law written in Lua sees (docs/lua-laws.md,
 * "What the functions see"), and their guards: the law shares nothing with lawtester, with its
 * other contacts or with the next run but the declared state values it leaves.
 *
 * Two kinds of guard, both reporting at the line of the law that did it (luaL_error's position
 * is the Lua function that indexed, one level up from the metamethod):
 *   - read-only (p, c and c's subtables, out): the law gets a proxy, an empty full userdata whose
 *     metatable reads the real table (__index) and refuses every write (__newindex); lawtester
 *     writes the real table, which the law cannot reach (the metatable is locked, pairs iterates
 *     the real table without handing it out, rawset/rawget/next take tables only).
 *   - declared keys (s, out.f, out.k, out.e, and behind the proxies p, c, ...): the real table,
 *     filled with every declared key, has a metatable whose __index and __newindex run only for a
 *     key the table does not hold, i.e. an undeclared key (an error naming it and the declared
 *     ones), or a declared one the law set to nil (read: nil; write: stored).  So the law's
 *     ordinary reads and writes of its declared keys cost nothing more than before.
 * A read from a C library function (ipairs probing the end of a list) gets nil, not an error.
 */
#include "base/quote.h"
#include "contact/law_check.h"
#include "lualaw/lualaw_int.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* upvalues of the declared-keys metamethods */
enum { G_DECLARED = 1, G_HEAD, G_TAIL };
/* upvalues of the read-only proxy's __newindex */
enum { R_NAME = 1, R_HEAD, R_HINT };

/* x in the shortest of %.15g and %.17g that reads back as x */
static void number_text(double x, char *buf, size_t n)
{
    snprintf(buf, n, "%.15g", x);
    if (strtod(buf, NULL) != x) snprintf(buf, n, "%.17g", x);
}

/* The key at index k as a message shows it: 'name' (quoted, control characters escaped), an
 * integer, or the type of anything else. */
static void key_text(lua_State *L, int k, char *buf, size_t n)
{
    char q[80];
    if (lua_type(L, k) == LUA_TSTRING) {
        snprintf(buf, n, "'%s'", lt_quote(lua_tostring(L, k), q, sizeof q, 60));
    } else if (lua_isinteger(L, k)) {
        snprintf(buf, n, "%lld", (long long)lua_tointeger(L, k));
    } else if (lua_type(L, k) == LUA_TNUMBER) {
        number_text(lua_tonumber(L, k), buf, n);
    } else {
        snprintf(buf, n, "of type %s", luaL_typename(L, k));
    }
}

/* 1 if the key at index k is one of the declared ones (upvalue G_DECLARED: a set of names, or the
 * length n of a list 1..n). */
static int declared(lua_State *L, int k)
{
    int d = lua_upvalueindex(G_DECLARED);
    if (lua_type(L, d) == LUA_TNUMBER) {
        int isint;
        lua_Integer i = lua_tointegerx(L, k, &isint);
        return lua_type(L, k) == LUA_TNUMBER && isint && i >= 1 && i <= lua_tointeger(L, d);
    }
    lua_pushvalue(L, k);
    int found = lua_rawget(L, d) != LUA_TNIL;
    lua_pop(L, 1);
    return found;
}

static _Noreturn void undeclared(lua_State *L, int k)
{
    char key[100];
    key_text(L, k, key, sizeof key);
    luaL_error(L, "%s %s %s", lua_tostring(L, lua_upvalueindex(G_HEAD)), key,
               lua_tostring(L, lua_upvalueindex(G_TAIL)));
    for (;;) {} /* not reached: luaL_error does not return */
}

/* __index(t, k) of a table with declared keys: reached only for a key t does not hold. */
static int declared_index(lua_State *L)
{
    lua_Debug ar;
    if (declared(L, 2)) return 0; /* set to nil by the law */
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar) && ar.what[0] == 'C')
        return 0; /* ipairs' end */
    undeclared(L, 2);
}

/* __newindex(t, k, v) of a table with declared keys: reached only for a key t does not hold. */
static int declared_newindex(lua_State *L)
{
    if (!declared(L, 2)) undeclared(L, 2);
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
}

/* Give the table at index t its guard: keys outside `declared` (pushed: a set of names, or the
 * integer n of a list 1..n; popped) are errors "HEAD KEY TAIL". */
static void guard(lua_State *L, int t, const char *head, const char *tail)
{
    t = lua_absindex(L, t);
    int d = lua_gettop(L);
    lua_createtable(L, 0, 3);
    for (int i = 0; i < 2; i++) {
        lua_pushvalue(L, d);
        lua_pushstring(L, head);
        lua_pushstring(L, tail);
        lua_pushcclosure(L, i ? declared_newindex : declared_index, 3);
        lua_setfield(L, -2, i ? "__newindex" : "__index");
    }
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, t);
    lua_settop(L, d - 1);
}

/* The list "(LABEL: a, b, c)" of n names (names[i], or energies[i].name), shortened with "..."
 * past about 300 characters; or `none` for no names. */
static void names_text(char *buf, size_t size, const char *label, const char *none,
                       const char *const *names, const lt_energy_def *energies,
                       const lt_param *params, int n)
{
    if (n == 0) {
        snprintf(buf, size, "%s", none);
        return;
    }
    size_t u = (size_t)snprintf(buf, size, "(%s: ", label);
    for (int i = 0; i < n && u < size; i++) {
        const char *s = names ? names[i] : energies ? energies[i].name : params[i].name;
        if (u + strlen(s) + 8 > 300 || u + strlen(s) + 8 > size) {
            u += (size_t)snprintf(buf + u, size - u, "%s...", i ? ", " : "");
            break;
        }
        u += (size_t)snprintf(buf + u, size - u, "%s%s", i ? ", " : "", s);
    }
    if (u < size) snprintf(buf + u, size - u, ")");
}

/* A set of names pushed: names[i] (or energies[i].name, params[i].name) -> true. */
static void push_set(lua_State *L, const char *const *names, const lt_energy_def *energies,
                     const lt_param *params, int n)
{
    lua_createtable(L, 0, n);
    for (int i = 0; i < n; i++) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, names ? names[i] : energies ? energies[i].name : params[i].name);
    }
}

/* ---- read-only proxies ----------------------------------------------------------------------- */

static int readonly_newindex(lua_State *L)
{
    char key[100], val[80], q[80];
    const char *name = lua_tostring(L, lua_upvalueindex(R_NAME));
    int isint;
    lua_Integer i = lua_tointegerx(L, 2, &isint);
    if (lua_type(L, 2) == LUA_TSTRING && lt_identifier_problem(lua_tostring(L, 2)) == NULL)
        snprintf(key, sizeof key, "%s.%s", name, lua_tostring(L, 2));
    else if (lua_type(L, 2) == LUA_TNUMBER && isint)
        snprintf(key, sizeof key, "%s[%lld]", name, (long long)i);
    else {
        key_text(L, 2, q, sizeof q);
        snprintf(key, sizeof key, "%s[%s]", name, q);
    }
    if (lua_type(L, 3) == LUA_TNUMBER)
        number_text(lua_tonumber(L, 3), val, sizeof val);
    else if (lua_type(L, 3) == LUA_TSTRING)
        snprintf(val, sizeof val, "'%s'", lt_quote(lua_tostring(L, 3), q, sizeof q, 40));
    else if (lua_type(L, 3) == LUA_TBOOLEAN || lua_isnil(L, 3))
        snprintf(val, sizeof val, "%s", luaL_tolstring(L, 3, NULL));
    else
        snprintf(val, sizeof val, "a %s", luaL_typename(L, 3));
    return luaL_error(L, "%s: %s = %s%s", lua_tostring(L, lua_upvalueindex(R_HEAD)), key, val,
                      lua_tostring(L, lua_upvalueindex(R_HINT)));
}

/* __len of a proxy: the length of the real table (upvalue 1). */
static int readonly_len(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, lua_upvalueindex(1)));
    return 1;
}

/* pairs' iterator over the real table (upvalue 1), which it does not hand out. */
static int readonly_next(lua_State *L)
{
    lua_settop(L, 2);
    if (lua_next(L, lua_upvalueindex(1))) return 2;
    lua_pushnil(L);
    return 1;
}

/* __pairs of a proxy: the iterator over the real table (upvalue 1). */
static int readonly_pairs(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushcclosure(L, readonly_next, 1);
    lua_pushnil(L);
    lua_pushnil(L);
    return 3;
}

/* Push a read-only proxy of the table at index t: writes are "HEAD: NAME.key = value HINT". */
void lt_lua_law_push_readonly(lua_State *L, int t, const char *name, const char *head,
                              const char *hint)
{
    t = lua_absindex(L, t);
    lua_newuserdatauv(L, 0, 0);
    lua_createtable(L, 0, 5);
    lua_pushvalue(L, t);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, name);
    lua_pushstring(L, head);
    lua_pushstring(L, hint);
    lua_pushcclosure(L, readonly_newindex, 3);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, t);
    lua_pushcclosure(L, readonly_len, 1);
    lua_setfield(L, -2, "__len");
    lua_pushvalue(L, t);
    lua_pushcclosure(L, readonly_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

/* ---- the law's tables ------------------------------------------------------------------------ */

static void raw_number(lua_State *L, int t, const char *k, double x)
{
    t = lua_absindex(L, t);
    lua_pushstring(L, k);
    lua_pushnumber(L, x);
    lua_rawset(L, t);
}

/* A list of n zeros pushed, guarded: "NAME has no index K (1..n)". */
static void push_list(lua_State *L, int n, const char *name, const char *range)
{
    char head[64];
    lua_createtable(L, n, 0);
    for (int i = 1; i <= n; i++) {
        lua_pushnumber(L, 0);
        lua_rawseti(L, -2, i);
    }
    snprintf(head, sizeof head, "%s has no index", name);
    lua_pushinteger(L, n);
    guard(L, -2, head, range);
}

static const char *const contact_fields[] = {"uN", "v",  "dt",     "fresh", "lens",  "contA",
                                             "kn", "kt", "tanPhi", "rcurv", "mstar", "mat"};
static const char *const material_fields[] = {"young", "poisson", "density", "ktDivKn", "tanPhi"};
#define N_CONTACT_FIELDS (int)(sizeof contact_fields / sizeof contact_fields[0])
#define N_MATERIAL_FIELDS (int)(sizeof material_fields / sizeof material_fields[0])

static const char ro_contact[] = "the contact is read-only";

/* U_P, U_PP: the parameters (lawtester writes them when their values change); p, read-only. */
static void push_params(lua_State *L, const lua_law *b)
{
    int np = b->desc.n_params;
    char tail[400];
    lua_createtable(L, 0, np);
    push_set(L, NULL, NULL, b->params, np);
    names_text(tail, sizeof tail, "declared", "(the law declares no parameters)", NULL, NULL,
               b->params, np);
    guard(L, -2, "p has no parameter", tail);
    lt_lua_law_push_readonly(L, -1, "p", "the parameters are read-only",
                             " (they are the test's; copy the value into a local to change it)");
}

/* U_MAT1, U_MAT2: the two materials' tables, filled by the first contact with materials. */
static void push_materials(lua_State *L)
{
    char tail[400];
    names_text(tail, sizeof tail, "fields", "", material_fields, NULL, NULL, N_MATERIAL_FIELDS);
    for (int i = 0; i < 2; i++) {
        char head[64];
        snprintf(head, sizeof head, "c.mat[%d] has no field", i + 1);
        lua_createtable(L, 0, N_MATERIAL_FIELDS);
        push_set(L, material_fields, NULL, NULL, N_MATERIAL_FIELDS);
        guard(L, -2, head, tail);
    }
}

/* c.v, c.lens, c.rcurv and c.mat (a list of the two materials): read-only proxies of the tables
 * U_V ... U_MAT2, set in the contact's table c. */
static void link_contact_lists(lua_State *L, int base, int c)
{
    static const char *const lists[] = {"v", "lens", "rcurv"};
    for (int i = 0; i < 3; i++) {
        char name[32];
        snprintf(name, sizeof name, "c.%s", lists[i]);
        lua_pushstring(L, lists[i]);
        lt_lua_law_push_readonly(L, base + U_V + i, name, ro_contact, "");
        lua_rawset(L, c);
    }
    lua_pushliteral(L, "mat");
    lua_createtable(L, 2, 0); /* c.mat: the proxies of U_MAT1 and U_MAT2 */
    for (int i = 0; i < 2; i++) {
        char name[32];
        snprintf(name, sizeof name, "c.mat[%d]", i + 1);
        lt_lua_law_push_readonly(L, base + U_MAT1 + i, name, ro_contact, "");
        lua_rawseti(L, -2, i + 1);
    }
    lua_pushinteger(L, 2);
    guard(L, -2, "c.mat has no index", "(1..2)");
    lt_lua_law_push_readonly(L, -1, "c.mat", ro_contact, "");
    lua_remove(L, -2);
    lua_rawset(L, c);
}

/* U_C, U_CP, U_V, U_LENS, U_RCURV, U_MAT1, U_MAT2: the contact and its lists, read-only (the
 * upvalue u at the stack index base + u). */
static void push_contact(lua_State *L, int base)
{
    static const char *const numbers[] = {"uN", "dt", "contA", "kn", "kt", "tanPhi", "mstar"};
    char tail[400];
    lua_createtable(L, 0, N_CONTACT_FIELDS);
    int c = lua_gettop(L);
    push_set(L, contact_fields, NULL, NULL, N_CONTACT_FIELDS);
    names_text(tail, sizeof tail, "fields", "", contact_fields, NULL, NULL, N_CONTACT_FIELDS);
    guard(L, c, "c has no field", tail);
    lt_lua_law_push_readonly(L, c, "c", ro_contact, "");
    push_list(L, LT_DOF, "c.v", "(1..6)");
    push_list(L, 2, "c.lens", "(1..2)");
    push_list(L, 2, "c.rcurv", "(1..2)");
    push_materials(L);
    link_contact_lists(L, base, c);
    for (int i = 0; i < 7; i++) raw_number(L, c, numbers[i], 0);
    lua_pushliteral(L, "fresh");
    lua_pushboolean(L, 0);
    lua_rawset(L, c);
}

/* U_S: the state, every declared key (0 until a contact's values are copied in). */
static void push_state(lua_State *L, const lua_law *b)
{
    int ns = b->desc.n_state;
    char tail[400];
    lua_createtable(L, 0, ns);
    for (int i = 0; i < ns; i++) raw_number(L, -1, b->state_names[i], 0);
    push_set(L, b->state_names, NULL, NULL, ns);
    names_text(tail, sizeof tail, "declared", "(the law declares no state variables)",
               b->state_names, NULL, NULL, ns);
    guard(L, -2, "the state has no key", tail);
}

/* U_F, U_K, U_E, U_OUT: out = a read-only proxy of { f = U_F, k = U_K, e = U_E } (the upvalue u
 * at the stack index base + u). */
static void push_out(lua_State *L, const lua_law *b, int base)
{
    static const char *const out_fields[] = {"f", "k", "e"};
    int ne = b->desc.n_energies;
    char tail[400];
    push_list(L, LT_DOF, "out.f", "(1..6: the force on A 1..3, the torque on A 4..6)");
    push_list(L, 2, "out.k", "(1..2: the normal and the tangential stiffness)");
    lua_createtable(L, 0, ne);
    for (int i = 0; i < ne; i++) raw_number(L, -1, b->energies[i].name, 0);
    push_set(L, NULL, b->energies, NULL, ne);
    names_text(tail, sizeof tail, "declared", "(the law declares no energies)", NULL, b->energies,
               NULL, ne);
    guard(L, -2, "out.e has no energy", tail);
    lua_createtable(L, 0, 3);
    for (int i = 0; i < 3; i++) {
        lua_pushvalue(L, base + U_F + i);
        lua_setfield(L, -2, out_fields[i]);
    }
    push_set(L, out_fields, NULL, NULL, 3);
    guard(L, -2, "out has no field", "(fields: f, k, e)");
    lt_lua_law_push_readonly(L, -1, "out", "out's fields are lawtester's tables f, k and e",
                             " (write their entries: out.f[1] = fn, out.e.NAME = x)");
    lua_remove(L, -2);
}

/* U_KEY_UN, U_KEY_FRESH, U_KEYS: the keys the step sets (the state's, then the energies'). */
static void push_keys(lua_State *L, const lua_law *b)
{
    int ns = b->desc.n_state, ne = b->desc.n_energies;
    lua_pushliteral(L, "uN");
    lua_pushliteral(L, "fresh");
    lua_createtable(L, ns + ne, 0);
    for (int i = 0; i < ns + ne; i++) {
        lua_pushstring(L, i < ns ? b->state_names[i] : b->energies[i - ns].name);
        lua_rawseti(L, -2, i + 1);
    }
}

void lt_lua_law_push_tables(lua_State *L, lua_law *b)
{
    if (!lua_checkstack(L, U_NUP + 12)) luaL_error(L, "out of memory");
    int base = lua_gettop(L) - (U_P - 1); /* upvalue u goes to the stack index base + u */
    push_params(L, b);
    push_contact(L, base);
    push_state(L, b);
    push_out(L, b, base);
    push_keys(L, b);
    if (lua_gettop(L) != base + U_KEYS)
        luaL_error(L, "internal error: the law's tables (%d, not %d)", lua_gettop(L) - base,
                   U_KEYS);
}

/* Remove from the table at index t every key that is not among the n keys U_KEYS[first + 1 ...]
 * (the upvalues of law_call); keys a law can only have added with rawset. */
void lt_lua_law_sweep(lua_State *T, int t, int first, int n)
{
    t = lua_absindex(T, t);
    int count = 0;
    lua_pushnil(T);
    while (lua_next(T, t)) {
        lua_pop(T, 1);
        count++;
    }
    if (count <= n) return; /* every key present is a declared one (none is added without rawset) */
    lua_pushnil(T);
    while (lua_next(T, t)) {
        lua_pop(T, 1);
        int found = 0;
        for (int i = 0; i < n && !found; i++) {
            lua_rawgeti(T, lua_upvalueindex(U_KEYS), first + i + 1);
            found = lua_rawequal(T, -1, -2);
            lua_pop(T, 1);
        }
        if (!found) {
            lua_pushvalue(T, -1);
            lua_pushnil(T);
            lua_rawset(T, t); /* clearing a field during the traversal is allowed */
        }
    }
}
