/* src/lua/require.h - `require` in the sandbox (docs/stage-scripts.md, "Modules"): Lua
 * files below the script's own directory, read-only, as text, each once. */
#ifndef LT_LUA_REQUIRE_H
#define LT_LUA_REQUIRE_H
#include "lua/srcloc.h"
#include <lua.h>

/* Push the sandbox's `require` of the script at script_path (the path as given, which outlives
 * L: the modules are below its directory), its modules run in the environment at stack index env
 * (the sandbox); its module cache lives as long as L. */
void lt_push_require(lua_State *L, const char *script_path, int env);

/* The module whose chunk name is `source` ("@PATH", from lua_getinfo): 1 with the path messages
 * name it by and the locator of its fields (srcloc.h); 0 if L loaded no such module. */
int lt_module_of_source(lua_State *L, const char *source, const char **path, const srcloc **loc);

/* 1 if msg starts with the location "PATH:LINE:" of a module L loaded (or Lua's shortened
 * "...TAIL:LINE:" of one); allocates nothing (also for messages at the memory cap). */
int lt_module_located(lua_State *L, const char *msg);

#endif
