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
    if (lib_ctx(L)->callback_depth > 0)
        return luaL_error(L, "lawtester.run: runs do not nest (called from an until or done of another run)");
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
    int code = sc->out.limit > 0 && sc->out.used + (long long)n > sc->out.limit ? LT_OUT_LIMIT : lt_outlimit_check_disk(&sc->out);
    if (code != LT_OUT_OK) {
        lt_outlimit_reason(&sc->out, code, err, sizeof err);
        return luaL_error(L, "lawtester.write: %s", err);
    }
    if (lt_write_file_atomic(sc->opts->out_dir, name, text, n, err, sizeof err) < 0)
        return luaL_error(L, "lawtester.write: %s", err);
    lt_outlimit_kept(&sc->out, (long long)n);
    return 0;
}

const luaL_Reg lawtester_lib[] = {{"run", lib_run},
                                         {"laws", lib_laws},
                                         {"write", lib_write},
                                         {"probe_yield", lib_probe_yield},
                                         {"shard", lib_shard},
                                         {NULL, NULL}};

/* 1 if msg starts with a location "PATH:LINE:" of the script (or Lua's shortened "...TAIL:"). */
static int located(const script_ctx *sc, const char *msg)
{
    size_t n = strlen(sc->path);
    const char *p = strncmp(msg, sc->path, n) == 0 ? msg + n : strncmp(msg, "...", 3) == 0 ? strchr(msg, ':') : NULL;
    if (!p || *p != ':' || p[1] < '0' || p[1] > '9') return 0;
    p++;
    while (*p >= '0' && *p <= '9') p++;
    return *p == ':';
}

/* Message handler of the script's main call: a string for any error object, and a location
 * "PATH:LINE: " in front when the message has none (error("x", 0), error({})): the innermost line
 * of the script on the stack. */
static int msghandler(lua_State *L)
{
    script_ctx *sc = lua_touserdata(L, lua_upvalueindex(1));
    if (lua_type(L, 1) != LUA_TSTRING) {
        const char *m = luaL_tolstring(L, 1, NULL); /* may call __tostring: Lua, under the budget */
        lua_pushfstring(L, "(error object is a %s value: %s)", luaL_typename(L, 1), m);
        lua_replace(L, 1);
        lua_settop(L, 1);
    }
    if (located(sc, lua_tostring(L, 1))) return 1;
    lua_Debug ar;
    int line = 0;
    for (int level = 1; lua_getstack(L, level, &ar) && !line; level++)
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && strcmp(ar.source, sc->lim.source) == 0)
            line = ar.currentline;
    lua_pushfstring(L, "%s:%d: %s", sc->path, line ? line : srcloc_line(sc->loc, NULL, 0), lua_tostring(L, 1));
    return 1;
}

/* Runs inside lua_pcall: load, execute, run the returned test. */
static int script_main(lua_State *L)
{
    script_ctx *sc = lua_touserdata(L, 1);
    register_proxy_metatables(L);
    register_run_metatable(L);
    lua_getglobal(L, "math"); /* before any script code runs: the library's own functions */
    lua_getfield(L, -1, "abs");
    sc->math_abs = lua_tocfunction(L, -1);
    lua_getfield(L, -2, "sqrt");
    sc->math_sqrt = lua_tocfunction(L, -1);
    lua_pop(L, 3);
    push_environment(sc, L);
    sc->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    if (luaL_loadbufferx(L, sc->src, sc->src_len, sc->lim.source, "t") != LUA_OK) return lua_error(L);
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
        errno = EIO;
        return NULL;
    }
    *len = n;
    return buf;
}

/* The error line on stderr: one line (control characters escaped or blanked). */
static void print_error(const char *msg)
{
    for (const char *c = msg; *c; c++) {
        if (*c == '\n') fputs("\\n", stderr);
        else if (*c == '\r') fputs("\\r", stderr);
        else fputc((unsigned char)*c < 0x20 && *c != '\t' ? ' ' : *c, stderr);
    }
    fputc('\n', stderr);
}

/* The limits of opts (0: the defaults; < 0: none). */
static void set_limits(lt_limits *lim, const lt_script_opts *opts)
{
    memset(lim, 0, sizeof *lim);
    lim->max_instructions = opts->max_instructions == 0 ? LT_DEFAULT_MAX_INSTRUCTIONS
                            : opts->max_instructions < 0 ? 0 : opts->max_instructions;
    long mb = opts->max_memory_mb == 0 ? LT_DEFAULT_MAX_MEMORY_MB : opts->max_memory_mb < 0 ? 0 : opts->max_memory_mb;
    lim->max_bytes = (size_t)mb << 20;
}

int lt_script_run_source(const char *path, const char *src, size_t len, const lt_script_opts *opts)
{
    script_ctx sc;
    memset(&sc, 0, sizeof sc);
    sc.path = path;
    sc.opts = opts;
    sc.src = src;
    sc.src_len = len;
    set_limits(&sc.lim, opts);
    lt_outlimit_init(&sc.out, opts->out_dir, opts->max_output_mb, opts->min_free_mb);
    if (lt_outlimit_check_disk(&sc.out) != LT_OUT_OK) { /* before anything runs */
        char why[600];
        lt_outlimit_reason(&sc.out, LT_OUT_DISK, why, sizeof why);
        fprintf(stderr, "lawtester: %s\n", why);
        return 1;
    }
    size_t sn = strlen(path) + 2;
    char *source = malloc(sn);
    if (source) snprintf(source, sn, "@%s", path);
    sc.lim.source = source;
    sc.loc = srcloc_parse(src, len);
    lua_State *L = source && sc.loc ? lt_limits_newstate(&sc.lim) : NULL;
    if (!L) {
        fprintf(stderr, "%s:0: out of memory\n", path);
        srcloc_free(sc.loc);
        free(source);
        return 2;
    }
    sc.L = L;
    luaL_openlibs(L);
    lua_pushlightuserdata(L, &sc);
    lua_pushcclosure(L, msghandler, 1);
    lua_pushcfunction(L, script_main);
    lua_pushlightuserdata(L, &sc);
    int rc = lua_pcall(L, 1, 0, 1);
    int status = 0;
    if (rc != LUA_OK) {
        /* the message is composed in C: the state may be at its memory cap */
        const char *msg = lua_tostring(L, -1);
        if (!msg) msg = "(unknown error)";
        size_t n = strlen(msg) + 1000, el = strlen(LT_LUA_MEMERR);
        char *line = malloc(n), mem[300];
        int last = sc.lim.last_line ? sc.lim.last_line : srcloc_line(sc.loc, NULL, 0);
        if (!line) {
            print_error(msg);
        } else {
            if (rc == LUA_ERRERR && sc.lim.refused) msg = LT_LUA_MEMERR;
            if (lt_limits_memory_message(&sc.lim, msg, mem, sizeof mem)) {
                if (located(&sc, msg)) /* a message of lawtester that ends in Lua's: replace that end */
                    snprintf(line, n, "%.*s%s", (int)(strlen(msg) - el), msg, mem);
                else
                    snprintf(line, n, "%s:%d: %s", path, last, mem);
            } else if (rc == LUA_ERRERR) {
                snprintf(line, n, "%s:%d: error while reporting an error (an error object whose __tostring fails?)", path,
                         last);
            } else if (!located(&sc, msg)) {
                snprintf(line, n, "%s:%d: %s", path, srcloc_line(sc.loc, NULL, 0), msg);
            } else {
                snprintf(line, n, "%s", msg);
            }
            print_error(line);
            free(line);
        }
        status = 1;
    }
    lua_close(L);
    srcloc_free(sc.loc);
    free(source);
    return status;
}

int lt_script_run_file(const char *path, const lt_script_opts *opts)
{
    size_t len = 0;
    char *src = read_file(path, &len);
    if (!src) {
        fprintf(stderr, "%s:0: cannot read the script: %s\n", path, strerror(errno));
        return 2;
    }
    int rc = lt_script_run_source(path, src, len, opts);
    free(src);
    return rc;
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
    set_limits(&sc.lim, &opts);
    sc.lim.source = "@(until)";
    lua_State *L = lt_limits_newstate(&sc.lim);
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
