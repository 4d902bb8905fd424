/* src/script/script_library.c - `--law-lib FILE.lua`: a file of contact laws, each a law table as
 * `lawtester.law{...}` takes it (docs/lua-laws.md): a law written in Lua (its `step`) or a hosted
 * law (its `engine` and `commands`, docs/hosted.md).  The file returns one law table or a list of
 * them; each is registered for the rest of the process, by its name, for stage scripts, case
 * files and `verify` alike.  The file runs in a sandbox of its own (lua/sandbox.h, the default
 * limits) whose Lua state stays open as long as its laws (their functions run in it).
 */
#define _POSIX_C_SOURCE 200809L
#include "base/quote.h"
#include "lua/error_text.h"
#include "lua/limits.h"
#include "lua/sandbox.h"
#include "lua/srcloc.h"
#include "lualaw/lualaw.h"
#include "script/script.h"
#include <errno.h>
#include <fcntl.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A law library: what its laws see of it (lua_law_script first), its text and state. */
typedef struct law_library {
    lua_law_script script;
    const char *given_path; /* as given (the sandbox's require looks beside it) */
    char *src;
    size_t len;
    lua_State *L;
    struct law_library *next; /* the libraries loaded before it */
} law_library;

/* The loaded libraries, kept to the process's end (their laws are registered for it); closed at
 * exit (close_libraries), their laws unregistered with their states. */
static law_library *loaded;

/* The file's text: a regular file of at most max bytes.  NULL with the reason in err. */
static char *read_text(const char *path, size_t max, size_t *len, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(err, errlen, "cannot read the law file: %s", strerror(errno));
        if (fd >= 0) close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode) || (max && (size_t)st.st_size > max)) {
        snprintf(err, errlen, "not a regular file of at most %zu bytes", max);
        close(fd);
        return NULL;
    }
    char *s = malloc((size_t)st.st_size + 1);
    ssize_t got = s ? read(fd, s, (size_t)st.st_size) : -1;
    close(fd);
    if (got != st.st_size) {
        free(s);
        snprintf(err, errlen, "cannot read the law file");
        return NULL;
    }
    s[got] = 0;
    *len = (size_t)got;
    return s;
}

/* lawtester.law's reading of the law table at index 1, entry upvalue 2 of the returned list (0:
 * the returned table itself). */
static int define_one(lua_State *L)
{
    law_library *lib = lua_touserdata(L, lua_upvalueindex(1));
    return lt_lua_law_define_returned(L, &lib->script, (int)lua_tointeger(L, lua_upvalueindex(2)));
}

static void define_entry(lua_State *L, law_library *lib, int value, int index)
{
    lua_pushlightuserdata(L, lib);
    lua_pushinteger(L, index);
    lua_pushcclosure(L, define_one, 2);
    lua_pushvalue(L, value);
    lua_call(L, 1, 0);
}

/* Inside lua_pcall: the file run in its sandbox, each law it returns defined. */
static int library_main(lua_State *L)
{
    law_library *lib = lua_touserdata(L, 1);
    lt_push_sandbox(L, 0, lib->given_path);
    int env = lua_gettop(L);
    if (luaL_loadbufferx(L, lib->src, lib->len, lib->script.lim.source, "t") != LUA_OK)
        return lua_error(L);
    lua_pushvalue(L, env);
    lua_setupvalue(L, -2, 1);
    lua_call(L, 0, 1);
    int v = lua_gettop(L);
    if (!lua_istable(L, v))
        return luaL_error(L, "%s:%d: a law file returns a law table, or a list of them; got %s",
                          lib->script.path, lt_srcloc_line(lib->script.loc, NULL, 0),
                          luaL_typename(L, v));
    int n = (int)lua_rawlen(L, v);
    if (n == 0) {
        define_entry(L, lib, v, 0);
        return 0;
    }
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, v, i);
        define_entry(L, lib, lua_gettop(L), i);
        lua_pop(L, 1);
    }
    return 0;
}

/* An error object as one line with the file's location in front when it has none. */
static int msghandler(lua_State *L)
{
    law_library *lib = lua_touserdata(L, lua_upvalueindex(1));
    const char *msg = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1) : lt_push_error_text(L, 1);
    size_t n = strlen(lib->script.path);
    if (strncmp(msg, lib->script.path, n) == 0 && msg[n] == ':') return 1;
    lua_pushfstring(L, "%s:%d: %s", lib->script.path, lt_srcloc_line(lib->script.loc, NULL, 0),
                    msg);
    return 1;
}

/* A library that did not load, freed (its Lua state already closed, or never opened). */
static void library_free(law_library *lib)
{
    if (!lib) return;
    lt_srcloc_free(lib->script.loc);
    free((char *)lib->script.path);
    free((char *)lib->script.lim.source);
    free(lib->src);
    free(lib);
}

/* At exit: every loaded library's state closed (its laws, a hosted law's engine with them), the
 * library freed, the last loaded first. */
static void close_libraries(void)
{
    while (loaded) {
        law_library *lib = loaded;
        loaded = lib->next;
        lua_close(lib->L);
        library_free(lib);
    }
}

int lt_script_load_law_library(const char *path, char *err, size_t errlen)
{
    char shown[LT_QUOTE_KEEP + 1];
    lt_quote(path, shown, sizeof shown, LT_QUOTE_KEEP);
    law_library *lib = calloc(1, sizeof *lib);
    if (!lib) {
        snprintf(err, errlen, "%s:0: out of memory", shown);
        return -1;
    }
    char why[300];
    lib->script.lim.max_instructions = LT_DEFAULT_MAX_INSTRUCTIONS;
    lib->script.lim.max_bytes = (size_t)LT_DEFAULT_MAX_MEMORY_MB << 20;
    lib->src = read_text(path, lib->script.lim.max_bytes, &lib->len, why, sizeof why);
    char *shown_copy = strdup(shown), *source = malloc(strlen(shown) + 2);
    lib->script.path = shown_copy;
    lib->script.lim.source = source;
    if (!lib->src || !shown_copy || !source) {
        snprintf(err, errlen, "%s:0: %s", shown, !lib->src ? why : "out of memory");
        library_free(lib);
        return -1;
    }
    sprintf(source, "@%s", shown);
    lib->script.library = 1;
    lib->given_path = path;
    lib->script.loc = lt_srcloc_parse(lib->src, lib->len);
    lua_State *L = lib->script.loc ? lt_limits_newstate(&lib->script.lim) : NULL;
    if (!L) {
        snprintf(err, errlen, "%s:0: out of memory", shown);
        library_free(lib);
        return -1;
    }
    lib->L = L;
    luaL_openlibs(L);
    lua_pushlightuserdata(L, lib);
    lua_pushcclosure(L, msghandler, 1);
    lua_pushcfunction(L, library_main);
    lua_pushlightuserdata(L, lib);
    if (lua_pcall(L, 1, 0, 1) != LUA_OK) {
        snprintf(err, errlen, "%s", lua_tostring(L, -1) ? lua_tostring(L, -1) : "(error)");
        lua_close(L); /* its laws leave the registry with their bindings */
        library_free(lib);
        return -1;
    }
    if (!loaded) atexit(close_libraries);
    lib->next = loaded; /* the state, and the laws in it, live as long as the process */
    loaded = lib;
    return 0;
}
