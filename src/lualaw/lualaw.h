/* src/lualaw/lualaw.h - contact laws written in Lua (docs/lua-laws.md) as the stage scripts
 * see them: what a law takes from the script that defines it, `lawtester.law{...}`, and the errors
 * its calls leave for the script to report.  The files of Lua laws share lualaw_int.h. */
#ifndef LT_LUALAW_H
#define LT_LUALAW_H
#include "driver/driver.h"
#include "lua/limits.h"
#include "lua/srcloc.h"
#include <lua.h>

/* The script a Lua law is defined in, as the law sees it: the part of the stage script's context
 * (script_ctx holds it) that the law's files use. */
typedef struct lua_law_script {
    const char *path;   /* the script's path quoted (quote.h), as every message names it */
    srcloc *loc;        /* the lines of its fields (srcloc.h) */
    lt_limits lim;      /* instruction budget and memory cap of its Lua state (lua/limits.h) */
    int callback_depth; /* > 0 while an until, a done or a Lua law runs: runs do not nest */
    long lua_epoch;     /* counts the calls into Lua from a run (an until, a done, a Lua law's init
                           or step): any of them may rebind names a compiled condition reads */
    int library;        /* 1: a law library (--law-lib FILE.lua), whose laws any script runs */
} lua_law_script;

/* lawtester.law{ name, summary, params, state, energies, init, step, friction, yield, cases } ->
 * name, called by script (its library's function, script.c): the law registered for the life of the
 * script's Lua state (lualaw.c). */
int lt_lua_law_define(lua_State *L, lua_law_script *script);
/* The same for the law table at index 1 that script's file returns (index 0), or entry `index`
 * of the list it returns: its fields' lines found from the returned value (a law library,
 * `--law-lib FILE.lua`; src/script/script_library.c). */
int lt_lua_law_define_returned(lua_State *L, lua_law_script *script, int index);

/* When a Lua law of script failed inside init or step (the driver then stopped on its NaN output),
 * the message `FILE:LINE: law 'NAME': step (stage S, step N): ...` (t may be NULL: no stage and
 * step) into buf, the failure cleared, 1; else 0.  lt_script_law_reset clears the failures of
 * script's laws (a new run starts).  (slots.c) */
int lt_script_law_error(const lua_law_script *script, const lt_tester *t, char *buf, size_t n);
void lt_script_law_reset(const lua_law_script *script);

/* 1 if law d is a Lua law (its step is a slot's trampoline: every step of it runs Lua), else 0. */
int lt_lua_law_is(const lt_law *d);

#endif
