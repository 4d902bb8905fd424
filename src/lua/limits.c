/* src/lua/limits.c - instruction budget and memory cap of a script's Lua state (see limits.h). */
#include "lua/limits.h"
#include "driver/driver.h" /* lt_interrupt_signal */
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- memory ----------------------------------------------------------------------------- */

static void count_hook(lua_State *L, lua_Debug *ar);

/* lua_Alloc with a cap: growth beyond max_bytes is refused (Lua then collects and retries, then
 * raises its memory error); shrinking and freeing never fail, as Lua requires. */
static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    lt_limits *lim = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        lim->bytes -= old;
        return NULL;
    }
    size_t grow = nsize > old ? nsize - old : 0;
    if (lim->max_bytes && grow && (grow > lim->max_bytes || lim->bytes > lim->max_bytes - grow)) {
        lim->refused = LT_REFUSED_CAP;
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (!p) {
        /* the machine's memory, not the cap: the process's other allocations (a native law's,
         * for one) may hold it, so it is named as the machine's */
        lim->refused = LT_REFUSED_MACHINE;
        lim->refused_bytes = nsize;
        return NULL;
    }
    lim->bytes = lim->bytes - old + nsize;
    /* the work of C functions that build large values (string.rep, .., table.concat, gsub,
     * string.format): charged by the bytes they allocate, a big block's byte for byte (limits.h);
     * the count hook raises at its next call */
    lim->used += (long long)(nsize >= LT_BIG_BLOCK ? grow : grow / LT_BYTES_PER_INSTRUCTION);
    /* spent: the count hook at the next instruction, not at the end of its period (a loop of
     * few instructions and large strings would run LT_HOOK_PERIOD of them first: 66 rounds of
     * 200 MB).  lua_sethook only sets fields, safe anywhere (lua.c calls it from a signal
     * handler). */
    if (lim->L && lim->max_instructions > 0 && lim->used > lim->max_instructions)
        lua_sethook(lim->L, count_hook, LUA_MASKCOUNT, 1);
    return p;
}

int lt_limits_memory_message(lt_limits *lim, const char *msg, char *buf, size_t n)
{
    size_t ml = msg ? strlen(msg) : 0, el = strlen(LT_LUA_MEMERR);
    if (!lim->refused || ml < el || strcmp(msg + ml - el, LT_LUA_MEMERR) != 0) return 0;
    int why = lim->refused;
    lim->refused = 0;
    if (why == LT_REFUSED_MACHINE && lim->max_bytes)
        snprintf(buf, n,
                 "out of memory: the machine refused the script's Lua state %zu bytes while it "
                 "held %.1f MB, within its --max-memory cap; the rest of the process (a native "
                 "law's own allocations, for one) holds the memory",
                 lim->refused_bytes, (double)lim->bytes / (1 << 20));
    else if (why == LT_REFUSED_CAP)
        snprintf(buf, n,
                 "memory limit exceeded: the script's Lua state needs more than %zu MB "
                 "(--max-memory MB; 0 = no limit)",
                 (lim->cap_bytes ? lim->cap_bytes : lim->max_bytes) >> 20);
    else
        snprintf(buf, n, "out of memory: the machine refused the script's Lua state more memory");
    return 1;
}

/* ---- instructions ----------------------------------------------------------------------- */

lt_limits *lt_limits_of(lua_State *L)
{
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

/* Push "WHERE: message of the exhausted budget", WHERE being the running Lua function's place:
 * the script's path and line, or the chunk's short name for until/done strings. */
static void push_budget_error(lua_State *L, lt_limits *lim, lua_Debug *ar)
{
    const char *src = ar && ar->source ? ar->source : "";
    char where[300] = "";
    if (ar && ar->currentline > 0)
        snprintf(where, sizeof where, "%s:%d: ", src[0] == '@' ? src + 1 : ar->short_src,
                 ar->currentline);
    lua_pushfstring(L,
                    "%sinstruction budget exhausted: more than %I Lua instructions without "
                    "returning to lawtester (a loop that never ends?  --max-instructions N; 0 = no "
                    "limit; the work of lawtester's runs and of large strings counts too)",
                    where, (lua_Integer)lim->max_instructions);
}

/* The budget is spent, for good: from now on every instruction raises, in this entry and in every
 * later one (lt_budget_enter and lt_budget_leave keep it so), so a script that catches the error
 * with pcall cannot go on, nor start another run. */
static void spend(lua_State *L, lt_limits *lim)
{
    lim->spent = 1;
    lim->used = lim->max_instructions + 1;
    lim->period = 1;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
}

static void count_hook(lua_State *L, lua_Debug *ar)
{
    lt_limits *lim = lt_limits_of(L);
    lim->used += lim->period;
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0 && lim->source &&
        strcmp(ar->source, lim->source) == 0)
        lim->last_line = ar->currentline;
    if (lt_interrupt_signal) /* SIGINT or SIGTERM while Lua runs: stop it the way the budget does */
        luaL_error(L, "interrupted by signal %d (%s)", (int)lt_interrupt_signal,
                   lt_interrupt_signal == SIGINT ? "SIGINT" : "SIGTERM");
    if (lim->used <= lim->max_instructions) return;
    spend(L, lim);
    push_budget_error(L, lim, ar);
    lua_error(L);
}

static int hook_period(const lt_limits *lim)
{
    return lim->max_instructions < LT_HOOK_PERIOD
               ? (int)(lim->max_instructions > 0 ? lim->max_instructions : 1)
               : LT_HOOK_PERIOD;
}

lua_State *lt_limits_newstate(lt_limits *lim)
{
    lim->bytes = 0;
    lim->refused = 0;
    lim->spent = 0;
    lim->used = 0;
    lim->last_line = 0;
    lim->L = NULL;
    lua_State *L = lua_newstate(capped_alloc, lim);
    if (!L) return NULL;
    lim->L = L;
    if (lim->max_instructions > 0) {
        lim->period = hook_period(lim);
        lua_sethook(L, count_hook, LUA_MASKCOUNT, lim->period);
    }
    return L;
}

void lt_budget_enter(lua_State *L, lt_budget_save *save)
{
    lt_limits *lim = lt_limits_of(L);
    save->used = lim->used;
    save->period = lim->period;
    if (lim->max_instructions <= 0 || lim->spent) return;
    lim->used = 0;
    lim->period = hook_period(lim);
    lua_sethook(L, count_hook, LUA_MASKCOUNT, lim->period);
}

void lt_budget_leave(lua_State *L, const lt_budget_save *save)
{
    lt_limits *lim = lt_limits_of(L);
    if (lim->spent) return;
    lim->used = save->used;
    if (lim->max_instructions <= 0) return;
    lim->period = save->period;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, lim->period);
}

void lt_budget_charge(lua_State *L, long long n)
{
    lt_limits *lim = lt_limits_of(L);
    if (lim->max_instructions <= 0 || n <= 0) return;
    if (n <= lim->max_instructions - lim->used) {
        lim->used += n;
        return;
    }
    spend(L, lim);
    lua_Debug ar;
    int have = lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar);
    push_budget_error(L, lim, have ? &ar : NULL);
    lua_error(L);
}

void lt_budget_add(lua_State *L, long long n)
{
    lt_limits *lim = lt_limits_of(L);
    if (lim->max_instructions <= 0 || n <= 0) return;
    if (n <= lim->max_instructions - lim->used)
        lim->used += n;
    else
        spend(L, lim);
}

void lt_budget_reset(lua_State *L)
{
    lt_limits *lim = lt_limits_of(L);
    lim->spent = 0;
    lim->used = 0;
    if (lim->max_instructions <= 0) return;
    lim->period = hook_period(lim);
    lua_sethook(L, count_hook, LUA_MASKCOUNT, lim->period);
}
