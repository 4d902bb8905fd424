/* src/lua/sandbox.h - the environment a stage script runs in: the sandbox (sandbox.c says what it
 * holds and what it leaves out), or with --unsafe the real global table. */
#ifndef LT_LUA_SANDBOX_H
#define LT_LUA_SANDBOX_H
#include <lua.h>

/* Push the environment of the script at script_path (the path as given, which outlives L: its
 * modules are below its directory): the sandbox, or when unsafe the global table (its
 * debug.sethook refused while there is an instruction budget). */
void lt_push_sandbox(lua_State *L, int unsafe, const char *script_path);

#endif
