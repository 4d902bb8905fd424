/* src/script.c - Lua 5.4 stage scripts (see script.h): the sandbox, the `lawtester` library,
 * and running a script file.  The other parts of the scripting layer are listed in
 * script_int.h.  The test table and its fields are documented in README.md ("Stage scripts").
 * Every error is a single line `FILE:LINE: field PATH: problem`; LINE comes from the script text
 * (srcloc) for the returned table, and is the line of the call for lawtester.run(t).
 */
#define _POSIX_C_SOURCE 200809L
#include "script_int.h"
#include "registry.h"
#include "record.h"
#include <lualib.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the lawtester library ------------------------------------------------------------ */

/* lawtester.run(test) -> results */
static int lib_run(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Debug ar;
    int line = 0;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar)) line = ar.currentline;
    run_test_table(lib_ctx(L), L, 1, line > 0 ? line : 1);
    return 1;
}

/* lawtester.laws() -> { name = summary, ... } */
static int lib_laws(lua_State *L)
{
    lua_newtable(L);
    for (int i = 0; lt_laws[i]; i++) {
        lua_pushstring(L, lt_laws[i]->summary);
        lua_setfield(L, -2, lt_laws[i]->name);
    }
    return 1;
}

/* lawtester.write(name, text): write text to DIR/name, DIR being the -o directory; the only
 * file a sandboxed script can write.  Through a temporary file and a rename, like the records. */
static int lib_write(lua_State *L)
{
    script_ctx *sc = lib_ctx(L);
    const char *name = luaL_checkstring(L, 1);
    size_t n;
    const char *text = luaL_checklstring(L, 2, &n);
    if (!valid_name(name))
        return luaL_error(L, "lawtester.write: '%s' is not a valid file name (letters, digits, - _ . +; not "
                             "starting with .)", name);
    if (!sc->opts->out_dir) return luaL_error(L, "lawtester.write: no output directory (run with -o DIR)");
    char err[600];
    if (lt_write_file_atomic(sc->opts->out_dir, name, text, n, err, sizeof err) < 0)
        return luaL_error(L, "lawtester.write: %s", err);
    return 0;
}

static const luaL_Reg lawtester_lib[] = {{"run", lib_run},
                                         {"laws", lib_laws},
                                         {"write", lib_write},
                                         {"probe_yield", lib_probe_yield},
                                         {"shard", lib_shard},
                                         {NULL, NULL}};

/* ---- sandbox ---------------------------------------------------------------------------- */

static const char *const safe_globals[] = {"assert", "error", "ipairs", "next", "pairs", "pcall", "print",
                                           "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
                                           "getmetatable", "tonumber", "tostring", "type", "xpcall", "_VERSION",
                                           NULL};
static const char *const safe_libs[] = {"math", "string", "table", "utf8", NULL};

/* Build the script's environment: a fresh table with the safe globals and copies of the safe
 * libraries (so a script cannot alter the ones the harness uses), plus `lawtester`. */
void push_environment(script_ctx *sc, lua_State *L)
{
    if (sc->opts->unsafe) {
        lua_pushglobaltable(L);
    } else {
        lua_newtable(L);
        for (int i = 0; safe_globals[i]; i++) {
            lua_getglobal(L, safe_globals[i]);
            lua_setfield(L, -2, safe_globals[i]);
        }
        for (int i = 0; safe_libs[i]; i++) {
            lua_newtable(L);
            lua_getglobal(L, safe_libs[i]);
            lua_pushnil(L);
            while (lua_next(L, -2)) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_settable(L, -5);
            }
            lua_pop(L, 1);
            lua_setfield(L, -2, safe_libs[i]);
        }
        lua_pushvalue(L, -1);
        lua_setfield(L, -2, "_G");
    }
    luaL_newlibtable(L, lawtester_lib);
    lua_pushlightuserdata(L, sc);
    luaL_setfuncs(L, lawtester_lib, 1);
    lua_setfield(L, -2, "lawtester");
}

static int msghandler(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TSTRING) return 1;
    const char *m = luaL_tolstring(L, 1, NULL); /* error object that is not a string */
    lua_pushfstring(L, "(error object is a %s value: %s)", luaL_typename(L, 1), m);
    return 1;
}

/* Runs inside lua_pcall: load, execute, run the returned test. */
static int script_main(lua_State *L)
{
    script_ctx *sc = lua_touserdata(L, 1);
    register_proxy_metatables(L);
    lua_getglobal(L, "math"); /* before any script code runs: the library's own functions */
    lua_getfield(L, -1, "abs");
    sc->math_abs = lua_tocfunction(L, -1);
    lua_getfield(L, -2, "sqrt");
    sc->math_sqrt = lua_tocfunction(L, -1);
    lua_pop(L, 3);
    push_environment(sc, L);
    sc->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    char chunk[1024];
    snprintf(chunk, sizeof chunk, "@%s", sc->path);
    if (luaL_loadbufferx(L, sc->src, sc->src_len, chunk, "t") != LUA_OK) return lua_error(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, sc->env_ref);
    lua_setupvalue(L, -2, 1);
    lua_call(L, 0, 1);
    if (lua_istable(L, -1)) run_test_table(sc, L, -1, 0);
    else if (!lua_isnil(L, -1)) {
        lua_pushfstring(L, "%s:%d: the script must return a test table or nothing, got %s", sc->path,
                        srcloc_line(sc->loc, NULL, 0), luaL_typename(L, -1));
        return lua_error(L);
    } else if (sc->n_runs == 0) {
        lua_pushfstring(L, "%s:%d: the script neither returns a test table nor calls lawtester.run", sc->path,
                        srcloc_line(sc->loc, NULL, 0));
        return lua_error(L);
    }
    return 0;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap) break;
        char *nb = realloc(buf, cap *= 2);
        if (!nb) free(buf);
        buf = nb;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

int lt_script_run_file(const char *path, const lt_script_opts *opts)
{
    script_ctx sc = {0};
    sc.path = path;
    sc.opts = opts;
    sc.src = read_file(path, &sc.src_len);
    if (!sc.src) {
        fprintf(stderr, "%s:0: cannot read the script: %s\n", path, strerror(errno));
        return 2;
    }
    sc.loc = srcloc_parse(sc.src, sc.src_len);
    lua_State *L = luaL_newstate();
    if (!L || !sc.loc) {
        fprintf(stderr, "%s:0: out of memory\n", path);
        free(sc.src);
        srcloc_free(sc.loc);
        return 2;
    }
    sc.L = L;
    luaL_openlibs(L);
    lua_pushcfunction(L, msghandler);
    lua_pushcfunction(L, script_main);
    lua_pushlightuserdata(L, &sc);
    int rc = lua_pcall(L, 1, 0, 1);
    int status = 0;
    if (rc != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        fprintf(stderr, "%s\n", msg ? msg : "(unknown error)");
        status = 1;
    }
    lua_close(L);
    srcloc_free(sc.loc);
    free(sc.src);
    return status;
}

/* ---- the two evaluations side by side (tests) ------------------------------------------ */

int lt_script_until_both(const char *expr, lt_tester *t, int *lua_result, int *compiled_result, char *err,
                         size_t errlen)
{
    lt_script_opts opts;
    memset(&opts, 0, sizeof opts);
    script_ctx sc;
    memset(&sc, 0, sizeof sc);
    sc.path = "(until)";
    sc.opts = &opts;
    lua_State *L = luaL_newstate();
    if (!L) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    sc.L = L;
    luaL_openlibs(L);
    register_proxy_metatables(L);
    push_environment(&sc, L);
    sc.env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    run_ctx r;
    memset(&r, 0, sizeof r);
    r.sc = &sc;
    r.L = L;
    r.t = t;
    make_proxies(L, &r);
    stage_cb cb;
    memset(&cb, 0, sizeof cb);
    cb.run = &r;
    cb.stage_no = 1;
    cb.line = 1;
    cb.what = "until";
    int rc = -1;
    if (load_string_callback(L, expr, 1, r.env_ref) != LUA_OK) {
        snprintf(err, errlen, "%s", lua_tostring(L, -1));
    } else {
        cb.ref = luaL_ref(L, LUA_REGISTRYINDEX);
        *lua_result = stage_callback(&cb, t);
        if (*lua_result < 0) snprintf(err, errlen, "%s", t->err);
        lt_cond *c = lt_cond_compile(expr, t->test->law);
        *compiled_result = c ? lt_cond_eval(c, t) : -2;
        lt_cond_free(c);
        rc = 0;
    }
    lua_close(L);
    return rc;
}
