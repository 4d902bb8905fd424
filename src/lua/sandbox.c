/* src/lua/sandbox.c - what a stage script sees (docs/stage-scripts.md,
 * docs/reliability.md).
 *
 * The sandbox is a fresh global table with the base functions a stage script needs and copies of
 * math, string, table and utf8, to which script.c adds `lawtester`.  Not there: os, io, package,
 * debug, coroutine, load, loadstring, dofile, loadfile, collectgarbage, string.dump; so no file,
 * process, registry or bytecode access (scripts are loaded as text only, script.c).  On top of
 * the whitelist:
 *   - `require` is the sandbox's (require.c): Lua text files below the script's own
 *     directory, read-only, each run once; no native module, no path out of that directory;
 *   - setmetatable refuses a metatable with __gc: finalizers run with Lua's hooks off, i.e.
 *     outside the instruction budget (limits.h), and at lua_close;
 *   - the string metatable is locked (getmetatable("") is false) and indexes the sandbox's string
 *     copy, so s:rep() is the budgeted rep below and the real library stays out of reach;
 *   - the C library functions whose loops a script sizes with a number are charged to the
 *     instruction budget: string.rep (n copies), table.insert/remove (the elements shifted),
 *     table.move (the elements moved), table.concat (the elements joined), table.sort (n log2 n
 *     comparisons); the table functions take tables without __index/__newindex/__len
 *     metamethods, so what is charged is what they do (a metamethod could otherwise make a short
 *     table look long, or run C functions per element with no Lua instruction to count).
 * Not covered: Lua's pattern matching (string.find/match/gmatch/gsub) runs in C without an
 * instruction count; a pathological pattern on a long subject can take long (README).
 */
#define _POSIX_C_SOURCE 200809L
#include "lua/sandbox.h"
#include "lua/limits.h"
#include "lua/require.h"
#include <lauxlib.h>
#include <lualib.h>
#include <string.h>

static const char *const safe_globals[] = {
    "assert",   "error",  "ipairs", "next",     "pairs",  "pcall",        "print",
    "rawequal", "rawget", "rawlen", "rawset",   "select", "getmetatable", "tonumber",
    "tostring", "type",   "xpcall", "_VERSION", NULL};
static const char *const safe_libs[] = {"math", "string", "table", "utf8", NULL};

/* ---- wrappers ------------------------------------------------------------------------------ */

/* The original library function is upvalue 1: call it with the arguments, return its results. */
static int call_original(lua_State *L)
{
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

static int sb_setmetatable(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(
                L, "setmetatable: a __gc metamethod is not allowed in the sandbox (finalizers run "
                   "outside the instruction budget; --unsafe lifts the sandbox)");
        lua_pop(L, 1);
    }
    return call_original(L);
}

/* A table argument the table functions may take: a table without __index, __newindex or __len. */
static void check_plain_table(lua_State *L, int arg, const char *fn)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    if (!lua_getmetatable(L, arg)) return;
    static const char *const mm[3] = {"__index", "__newindex", "__len"};
    for (int i = 0; i < 3; i++) {
        lua_pushstring(L, mm[i]);
        if (lua_rawget(L, -2) != LUA_TNIL)
            luaL_error(L,
                       "%s: a table with a %s metamethod is not accepted in the sandbox (its loops "
                       "are charged to the instruction budget by the table's length)",
                       fn, mm[i]);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static int sb_rep(lua_State *L)
{
    luaL_checkstring(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);
    lt_budget_charge(L, n);
    return call_original(L);
}

static int sb_insert(lua_State *L)
{
    check_plain_table(L, 1, "table.insert");
    int isint = 0;
    lua_Integer len = (lua_Integer)lua_rawlen(L, 1), pos = lua_tointegerx(L, 2, &isint);
    if (lua_gettop(L) == 3 && isint && pos >= 1 && pos <= len) lt_budget_charge(L, len - pos + 1);
    return call_original(L);
}

static int sb_remove(lua_State *L)
{
    check_plain_table(L, 1, "table.remove");
    int isint = 0;
    lua_Integer len = (lua_Integer)lua_rawlen(L, 1), pos = lua_tointegerx(L, 2, &isint);
    if (isint && pos >= 1 && pos < len) lt_budget_charge(L, len - pos);
    return call_original(L);
}

static int sb_move(lua_State *L)
{
    check_plain_table(L, 1, "table.move");
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
    luaL_checkinteger(L, 4);
    if (!lua_isnoneornil(L, 5)) check_plain_table(L, 5, "table.move");
    if (e >= f) lt_budget_charge(L, f > 0 || e < LUA_MAXINTEGER + f ? e - f + 1 : LUA_MAXINTEGER);
    return call_original(L);
}

static int sb_concat(lua_State *L)
{
    check_plain_table(L, 1, "table.concat");
    lua_Integer i = luaL_optinteger(L, 3, 1),
                j = luaL_opt(L, luaL_checkinteger, 4, (lua_Integer)lua_rawlen(L, 1));
    if (j >= i) lt_budget_charge(L, i > 0 || j < LUA_MAXINTEGER + i ? j - i + 1 : LUA_MAXINTEGER);
    return call_original(L);
}

static int sb_sort(lua_State *L)
{
    check_plain_table(L, 1, "table.sort");
    long long n = (long long)lua_rawlen(L, 1), lg = 1;
    while (lg < 62 && (1LL << lg) < n) lg++;
    lt_budget_charge(L, n > (1LL << 56) ? LUA_MAXINTEGER : n * lg);
    return call_original(L);
}

/* Replace field name of the table at idx by wrapper, the original as its upvalue. */
static void wrap(lua_State *L, int idx, const char *name, lua_CFunction wrapper)
{
    idx = lua_absindex(L, idx);
    lua_getfield(L, idx, name);
    lua_pushcclosure(L, wrapper, 1);
    lua_setfield(L, idx, name);
}

/* ---- the environment ------------------------------------------------------------------------ */

/* A copy of the global library table `lib` (pushed). */
static void push_copy(lua_State *L, const char *lib)
{
    lua_newtable(L);
    lua_getglobal(L, lib);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_settable(L, -5);
    }
    lua_pop(L, 1);
}

/* --unsafe: debug.sethook would replace the count hook of the instruction budget, which stays
 * with --unsafe (limits.h); refused while there is a budget. */
static int unsafe_sethook(lua_State *L)
{
    if (lt_limits_of(L)->max_instructions > 0)
        return luaL_error(L, "debug.sethook: the hook counts the instruction budget, which stays "
                             "with --unsafe (--max-instructions 0 lifts the budget)");
    return call_original(L);
}

/* The script's environment: a fresh table with the safe globals and copies of the safe libraries
 * (so a script cannot alter the ones the harness uses) with the wrappers above.  Unsafe: the real
 * global table. */
void lt_push_sandbox(lua_State *L, int unsafe, const char *script_path)
{
    if (unsafe) {
        lua_pushglobaltable(L);
        if (lua_getfield(L, -1, "debug") == LUA_TTABLE) wrap(L, -1, "sethook", unsafe_sethook);
        lua_pop(L, 1);
    } else {
        lua_newtable(L);
        for (int i = 0; safe_globals[i]; i++) {
            lua_getglobal(L, safe_globals[i]);
            lua_setfield(L, -2, safe_globals[i]);
        }
        lua_getglobal(L, "setmetatable");
        lua_pushcclosure(L, sb_setmetatable, 1);
        lua_setfield(L, -2, "setmetatable");
        for (int i = 0; safe_libs[i]; i++) {
            push_copy(L, safe_libs[i]);
            lua_setfield(L, -2, safe_libs[i]);
        }
        lua_getfield(L, -1, "string");
        lua_pushnil(L);
        lua_setfield(L, -2, "dump"); /* bytecode is never loaded, so there is nothing to dump for */
        wrap(L, -1, "rep", sb_rep);
        /* the string metatable: methods from this copy, locked against getmetatable("") */
        lua_pushliteral(L, "");
        lua_getmetatable(L, -1);
        lua_pushvalue(L, -3);
        lua_setfield(L, -2, "__index");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 3);
        lua_getfield(L, -1, "table");
        wrap(L, -1, "insert", sb_insert);
        wrap(L, -1, "remove", sb_remove);
        wrap(L, -1, "move", sb_move);
        wrap(L, -1, "concat", sb_concat);
        wrap(L, -1, "sort", sb_sort);
        lua_pop(L, 1);
        lt_push_require(L, script_path, -1);
        lua_setfield(L, -2, "require");
        lua_pushvalue(L, -1);
        lua_setfield(L, -2, "_G");
    }
}
