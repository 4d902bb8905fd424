/* src/lua/limits.h - the limits a stage script runs under (docs/reliability.md):
 *
 *   - an instruction budget: each entry from lawtester into Lua (the script's body, one
 *     evaluation of an `until`, one run of a `done`) may execute at most max_instructions Lua VM
 *     instructions; a count hook checks every LT_HOOK_PERIOD instructions, so the budget is exact
 *     to that period.  C library loops whose length a script chooses (table.move, string.rep, ...)
 *     are charged to the same budget by the sandbox (sandbox.c); so are the bytes any C
 *     function allocates (one instruction per LT_BYTES_PER_INSTRUCTION bytes, and one a byte in
 *     a block of LT_BIG_BLOCK or more: string.rep of a long string, concatenation, gsub; the
 *     allocation that spends the budget raises at the next instruction) and every step of a
 *     run lawtester.run or probe_yield drove for the calling entry (one instruction per step).
 *     Once the budget is spent it stays spent: the hook fires on every instruction of this and
 *     of every later entry, so a script that catches the error with pcall can neither go on nor
 *     start another run.  The body's budget starts after lawtester set up the state and
 *     compiled the text (script.c).
 *   - a memory cap: the Lua state allocates through a lua_Alloc that refuses to grow beyond
 *     max_bytes; Lua then collects garbage and, if that does not help, raises its memory error,
 *     which lawtester reports as `FILE:LINE: memory limit ...` (LINE: the line of the script last
 *     seen running by the hook).
 *
 * Both are on by default, also with --unsafe (which lifts the sandbox only); 0 on the command
 * line (`--max-instructions 0`, `--max-memory 0`) lifts them.
 */
#ifndef LT_LUA_LIMITS_H
#define LT_LUA_LIMITS_H
#include <lua.h>
#include <stddef.h>

#define LT_HOOK_PERIOD 1000                      /* instructions between two hook calls */
#define LT_DEFAULT_MAX_INSTRUCTIONS 1000000000LL /* per entry into Lua */
#define LT_DEFAULT_MAX_MEMORY_MB 1024L           /* the Lua state's memory */
/* Bytes allocated that count as one instruction: copying 16 bytes of memory already in use takes
 * about the time of one VM instruction (a few ns), so a loop of concatenations is charged by its
 * real cost. */
#define LT_BYTES_PER_INSTRUCTION 16
/* A block of this size or more (1 MiB) is new pages from the system: faulting them in, zeroing
 * and then filling them cost about 1.5 ns a byte (a 200 MB concatenation: 0.3 s), so each byte
 * of its growth counts as one instruction.  At 16 bytes an instruction, a loop building 200 MB a
 * round ran 28 s (58-95 s on a slower machine) before the default budget of 1e9 stopped it;
 * charged by the byte, about 2 s. */
#define LT_BIG_BLOCK (1L << 20)

/* why an allocation of the Lua state failed: its cap, or the machine (realloc) */
enum { LT_REFUSED_NONE = 0, LT_REFUSED_CAP, LT_REFUSED_MACHINE };

typedef struct lt_limits {
    long long max_instructions; /* per entry; <= 0: no budget */
    size_t max_bytes;           /* cap on the Lua state's memory; 0: none */
    size_t cap_bytes;   /* the cap as given (--max-memory), for messages: max_bytes is what the
                                   script's text and field index leave of it (0: max_bytes) */
    const char *source; /* the script's chunk name "@PATH", for locations */
    /* running state */
    size_t bytes;         /* bytes the Lua state holds now */
    int refused;          /* an allocation was refused (LT_REFUSED_*; cleared when reported) */
    size_t refused_bytes; /* the size the machine refused (LT_REFUSED_MACHINE) */
    int spent;            /* the budget ran out: it stays so for the life of the state */
    long long used;       /* instructions of the current entry, counted by hook periods */
    int period;           /* the hook's current count: LT_HOOK_PERIOD, or 1 once exhausted */
    int last_line;        /* line of the script last seen running (0: none yet) */
    lua_State *L;         /* the state (its only thread: the sandbox has no coroutines), for the
                             allocator to set the hook when its charge spends the budget */
} lt_limits;

/* A new Lua state allocating through lim (which must outlive it), with the count hook set when
 * lim->max_instructions > 0.  NULL if out of memory. */
lua_State *lt_limits_newstate(lt_limits *lim);

/* The limits of a state made by lt_limits_newstate. */
lt_limits *lt_limits_of(lua_State *L);

/* A fresh budget for a new entry into Lua (an until, a done); lt_budget_leave gives the caller
 * its own budget back.  Always paired, around a lua_pcall. */
typedef struct lt_budget_save {
    long long used;
    int period;
} lt_budget_save;
void lt_budget_enter(lua_State *L, lt_budget_save *save);
void lt_budget_leave(lua_State *L, const lt_budget_save *save);

/* Charge n units of work done by a C function called from Lua (level 1 is the Lua caller); raises
 * the budget error when that spends the budget. */
void lt_budget_charge(lua_State *L, long long n);

/* Charge n units of work already done (a run's steps) without raising now: if that spends the
 * budget, the next Lua instruction raises. */
void lt_budget_add(lua_State *L, long long n);

/* A whole new budget, spent or not: for the harness only, between entries it starts itself (the
 * measures of a case file, each one entry), never on the way back from a script's own call. */
void lt_budget_reset(lua_State *L);

/* Lua's message for a memory error. */
#define LT_LUA_MEMERR "not enough memory"

/* Write into buf the description of the memory limit ("memory limit of N MB exceeded ...") if
 * msg is Lua's memory error and lim refused an allocation (then clears lim->refused); returns 1
 * if it did, 0 otherwise. */
int lt_limits_memory_message(lt_limits *lim, const char *msg, char *buf, size_t n);

#endif
