/* src/script/script.c - Lua 5.4 stage scripts (see script.h): the `lawtester` library in the
 * sandbox (src/lua/sandbox.c), and running a script file.  The other parts of the stage scripts are
 * listed in script_int.h.  The test table and its fields are documented in README.md ("Stage
 * scripts").  Every error is a single line `FILE:LINE: field PATH: problem`; LINE comes from the
 * script text (srcloc) for the returned table, and is the line of the call for lawtester.run(t).
 */
#define _POSIX_C_SOURCE 200809L
#include "base/quote.h"
#include "base/watch.h"
#include "contact/registry.h"
#include "lua/error_text.h"
#include "lua/names.h"
#include "lua/require.h"
#include "lua/sandbox.h"
#include "output/afile.h"
#include "output/record.h"
#include "script/script_int.h"
#include <errno.h>
#include <fcntl.h>
#include <lualib.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the lawtester library ------------------------------------------------------------ */

/* The script a function of the library serves: the upvalue it was registered with
 * (push_environment). */
script_ctx *lt_lib_ctx(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

static int protected_lib_run(lua_State *L)
{
    lt_run_test_table(lua_touserdata(L, 1), L, 2, (int)lua_tointeger(L, 3));
    return 1;
}

/* lawtester.run(test) -> results.  The steps the run drove count against the caller's
 * instruction budget (one instruction a step), whether it succeeded or failed: a script that
 * starts runs for ever, catching their errors, runs out of budget. */
static int lib_run(lua_State *L)
{
    script_ctx *sc = lt_lib_ctx(L);
    if (sc->script.callback_depth > 0)
        return luaL_error(L, "lawtester.run: runs do not nest (called from an until, a done or a "
                             "law function of another run)");
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Debug ar;
    int line = 0;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar)) line = ar.currentline;
    long long before = sc->steps_run;
    lua_pushcfunction(L, protected_lib_run);
    lua_pushlightuserdata(L, sc);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, line > 0 ? line : 1);
    int rc = lua_pcall(L, 3, 1, 0);
    lt_budget_add(L, sc->steps_run - before);
    if (rc != LUA_OK) return lua_error(L);
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
    script_ctx *sc = lt_lib_ctx(L);
    size_t n, name_len;
    const char *name = luaL_checklstring(L, 1, &name_len);
    const char *text = luaL_checklstring(L, 2, &n);
    const char *why = lt_name_problem(name, name_len);
    if (why) return luaL_error(L, "lawtester.write: '%s' is not a valid file name (%s)", name, why);
    static const char *const reserved[] = {".meta", ".partial", ".tmp",
                                           NULL}; /* the harness's own kinds */
    for (int i = 0; reserved[i]; i++) {
        size_t k = strlen(reserved[i]);
        if (name_len >= k && strcmp(name + name_len - k, reserved[i]) == 0)
            return luaL_error(L,
                              "lawtester.write: '%s': names ending in %s are lawtester's own "
                              "(records' sidecars, partial records, temporary files)",
                              name, reserved[i]);
    }
    if (lt_claim_file(L, name, "write"))
        return luaL_error(L, "lawtester.write: '%s' is the record of a test of this script", name);
    if (!sc->opts->out_dir)
        return luaL_error(L, "lawtester.write: no output directory (run with -o DIR)");
    char err[600];
    int code = sc->out.limit > 0 && sc->out.used + (long long)n > sc->out.limit
                   ? LT_OUT_LIMIT
                   : lt_outlimit_check_disk(&sc->out);
    if (code != LT_OUT_OK) {
        lt_outlimit_reason(&sc->out, code, err, sizeof err);
        return luaL_error(L, "lawtester.write: %s", err);
    }
    if (lt_write_file_atomic(sc->opts->out_dir, name, text, n, err, sizeof err) < 0)
        return luaL_error(L, "lawtester.write: %s", err);
    lt_outlimit_kept(&sc->out, (long long)n);
    return 0;
}

/* lawtester.law{...} -> name: a law written in Lua, defined by this script (lualaw/lualaw.h). */
static int lib_law(lua_State *L) { return lt_lua_law_define(L, &lt_lib_ctx(L)->script); }

static const luaL_Reg lawtester_lib[] = {{"run", lib_run},
                                         {"laws", lib_laws},
                                         {"write", lib_write},
                                         {"probe_yield", lt_lib_probe_yield},
                                         {"shard", lt_lib_shard},
                                         {"law", lib_law},
                                         {"verify_law", lt_lib_verify_law},
                                         {NULL, NULL}};

/* lawtester.defs: the -D NAME=VALUE of the command line, VALUE a number where Lua reads one
 * (lua_stringtonumber: 3, 1e-6, 0x10), else the string. */
static void push_defines(const lt_script_opts *o, lua_State *L)
{
    lua_createtable(L, 0, o->n_defines);
    for (int i = 0; i < o->n_defines; i++) {
        const char *d = o->defines[i], *eq = strchr(d, '=');
        if (!eq) continue; /* the command line refused it (cmd_run.c) */
        lua_pushlstring(L, d, (size_t)(eq - d));
        if (lua_stringtonumber(L, eq + 1) == 0) lua_pushstring(L, eq + 1);
        lua_settable(L, -3);
    }
}

/* The script's environment: the sandbox (lua/sandbox.h; with --unsafe the global table) and in
 * it `lawtester`, the library above, each function with sc as its upvalue (lt_lib_ctx), and
 * its table defs. */
static void push_environment(script_ctx *sc, lua_State *L)
{
    lt_push_sandbox(L, sc->opts->unsafe, sc->given_path);
    lua_newtable(L);
    lua_pushlightuserdata(L, sc);
    luaL_setfuncs(L, lawtester_lib, 1);
    push_defines(sc->opts, L);
    lua_setfield(L, -2, "defs");
    lua_setfield(L, -2, "lawtester");
}

/* 1 if msg starts with a location "PATH:LINE:" of the script (or Lua's shortened "...TAIL:"), or
 * of a module it required (lua/require.h). */
static int located(const script_ctx *sc, const char *msg)
{
    if (lt_module_located(sc->L, msg)) return 1;
    size_t n = strlen(sc->script.path);
    const char *p = strncmp(msg, sc->script.path, n) == 0 ? msg + n
                    : strncmp(msg, "...", 3) == 0         ? strchr(msg, ':')
                                                          : NULL;
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
        lt_push_error_text(L, 1);
        lua_replace(L, 1);
        lua_settop(L, 1);
    }
    if (located(sc, lua_tostring(L, 1))) return 1;
    lua_Debug ar;
    int line = 0;
    for (int level = 1; lua_getstack(L, level, &ar) && !line; level++)
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 &&
            strcmp(ar.source, sc->script.lim.source) == 0)
            line = ar.currentline;
    lua_pushfstring(L, "%s:%d: %s", sc->script.path,
                    line ? line : lt_srcloc_line(sc->script.loc, NULL, 0), lua_tostring(L, 1));
    return 1;
}

/* 1 if the value at idx is a table with `cases` and without `stages`: a case file
 * (docs/case-scripts.md) handed to `run`. */
static int is_case_file(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (!lua_istable(L, idx)) return 0;
    int cases = lua_getfield(L, idx, "cases") != LUA_TNIL,
        stages = lua_getfield(L, idx, "stages") != LUA_TNIL;
    lua_pop(L, 2);
    return cases && !stages;
}

/* Runs inside lua_pcall: load, execute, run the returned test. */
static int script_main(lua_State *L)
{
    script_ctx *sc = lua_touserdata(L, 1);
    lt_register_proxy_metatables(L);
    lt_register_run_metatable(L);
    push_environment(sc, L);
    sc->env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    if (luaL_loadbufferx(L, sc->src, sc->src_len, sc->script.lim.source, "t") != LUA_OK)
        return lua_error(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, sc->env_ref);
    lua_setupvalue(L, -2, 1);
    /* the body's budget starts here: what lawtester allocated to set up the state and compile
     * the text is not the script's work (with big blocks charged by the byte and at once,
     * limits.h, it would spend a small budget before the first line) */
    lt_budget_reset(L);
    lua_call(L, 0, 1);
    if (sc->opts->cases) {
        lt_run_case_file(sc, L, -1);
    } else if (is_case_file(L, -1)) {
        lua_pushfstring(
            L, "%s:%d: this is a case file (it returns `cases`): run it with `lawtester verify %s`",
            sc->script.path, lt_srcloc_line(sc->script.loc, NULL, 0), sc->script.path);
        return lua_error(L);
    } else if (lua_istable(L, -1)) {
        lt_run_test_table(sc, L, -1, 0);
    } else if (!lua_isnil(L, -1)) {
        lua_pushfstring(L, "%s:%d: the script must return a test table or nothing, got %s",
                        sc->script.path, lt_srcloc_line(sc->script.loc, NULL, 0),
                        luaL_typename(L, -1));
        return lua_error(L);
    } else if (sc->n_runs == 0) {
        lua_pushfstring(L, "%s:%d: the script neither returns a test table nor calls lawtester.run",
                        sc->script.path, lt_srcloc_line(sc->script.loc, NULL, 0));
        return lua_error(L);
    }
    return 0;
}

/* The script's text: a regular file (not a FIFO, a directory or a device, which would block,
 * fail late or never end) of at most max_bytes (0: any size), read in one allocation of its
 * size.  NULL with a reason in err. */
static char *read_file(const char *path, size_t max_bytes, size_t *len, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(err, errlen, "cannot read the script: %s", strerror(errno));
        if (fd >= 0) close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "cannot read the script: not a regular file (%s)",
                 S_ISDIR(st.st_mode)    ? "a directory"
                 : S_ISFIFO(st.st_mode) ? "a FIFO"
                 : S_ISCHR(st.st_mode)  ? "a device"
                                        : "a special file");
        close(fd);
        return NULL;
    }
    size_t size = (size_t)st.st_size;
    if (max_bytes && size > max_bytes) {
        snprintf(err, errlen,
                 "the script is %zu bytes, more than the memory cap of %zu MB (--max-memory MB; 0 "
                 "= no limit)",
                 size, max_bytes >> 20);
        close(fd);
        return NULL;
    }
    char *buf = malloc(size + 1);
    size_t n = 0;
    while (buf && n < size) {
        ssize_t got = read(fd, buf + n, size - n);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break; /* shorter than stat said: the file shrank while being read */
        n += (size_t)got;
    }
    int saved = errno;
    close(fd);
    if (!buf) {
        snprintf(err, errlen, "cannot read the script: out of memory");
        return NULL;
    }
    if (n < size && saved) {
        snprintf(err, errlen, "cannot read the script: %s", strerror(saved));
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

/* The error line on stderr: one line (control characters escaped or blanked), at most
 * LT_ERROR_PRINT_MAX bytes of the message and then how much was left out, written at once. */
static void print_error(const char *msg)
{
    char buf[LT_ERROR_PRINT_MAX + 100];
    size_t n = 0, len = strlen(msg), i = 0;
    for (; i < len && n < LT_ERROR_PRINT_MAX; i++) {
        char c = msg[i];
        if (c == '\n' || c == '\r')
            buf[n++] = '\\', buf[n++] = c == '\n' ? 'n' : 'r';
        else
            buf[n++] = (unsigned char)c < 0x20 && c != '\t' ? ' ' : c;
    }
    if (i < len)
        n += (size_t)snprintf(buf + n, sizeof buf - n,
                              " ... [%zu more bytes of the message left out]", len - i);
    buf[n++] = '\n';
    fwrite(buf, 1, n, stderr);
}

/* --unsafe lets a script set finalizers (__gc), and Lua runs them with hooks off, outside the
 * instruction budget; those left at the end run in lua_close.  They get LT_UNSAFE_CLOSE_SECONDS
 * in all; then the process ends with one line (the results are already published), naming the
 * line where the finalizer still running was defined (its function's linedefined: the running
 * line itself is not kept exact while hooks are off). */
static char close_path[300], close_message[300];
static const char *close_source; /* the script's chunk name "@PATH" */
static lua_State *close_L;

/* n in decimal at p (async-signal-safe); the end */
static char *put_uint(char *p, unsigned n)
{
    char d[12];
    int k = 0;
    do d[k++] = (char)('0' + n % 10), n /= 10;
    while (n);
    while (k) *p++ = d[--k];
    return p;
}

/* The line where the running Lua function of the script was defined (0: none), read in a signal
 * handler: lua_getstack and lua_getinfo "S" walk the call frames and copy the source's name
 * without allocating, and the process ends right after. */
static unsigned running_definition_line(void)
{
    lua_Debug ar;
    for (int level = 0; close_L && lua_getstack(close_L, level, &ar); level++)
        if (lua_getinfo(close_L, "S", &ar) && ar.linedefined > 0 && close_source &&
            strcmp(ar.source, close_source) == 0)
            return (unsigned)ar.linedefined;
    return 0;
}

static void close_timeout(int sig)
{
    (void)sig;
    char line[sizeof close_path + sizeof close_message + 16], *p = line;
    size_t n = strlen(close_path);
    memcpy(p, close_path, n);
    p += n;
    *p++ = ':';
    p = put_uint(p, running_definition_line());
    n = strlen(close_message);
    memcpy(p, close_message, n);
    p += n;
    ssize_t w = write(fileno(stderr), line, (size_t)(p - line));
    (void)w;
    lt_watch_finish(1); /* an end of lawtester's own, not the law's (supervise.h) */
    _exit(1);
}

static void close_state(lua_State *L, const char *path, const char *source, int watched)
{
    struct sigaction sa, old;
    if (watched) {
        snprintf(close_path, sizeof close_path, "%s", path);
        snprintf(close_message, sizeof close_message,
                 ": finalizers (__gc) still running %d s after the script ended: stopped (with "
                 "--unsafe they run outside the instruction budget; the line: where the one "
                 "running was defined)\n",
                 LT_UNSAFE_CLOSE_SECONDS);
        close_source = source;
        close_L = L;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = close_timeout;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGALRM, &sa, &old);
        alarm(LT_UNSAFE_CLOSE_SECONDS);
    }
    lua_close(L);
    if (watched) {
        alarm(0);
        sigaction(SIGALRM, &old, NULL);
        close_L = NULL;
    }
}

/* The limits of opts (0: the defaults; < 0: none). */
static void set_limits(lt_limits *lim, const lt_script_opts *opts)
{
    memset(lim, 0, sizeof *lim);
    lim->max_instructions = opts->max_instructions == 0  ? LT_DEFAULT_MAX_INSTRUCTIONS
                            : opts->max_instructions < 0 ? 0
                                                         : opts->max_instructions;
    long mb = opts->max_memory_mb == 0  ? LT_DEFAULT_MAX_MEMORY_MB
              : opts->max_memory_mb < 0 ? 0
                                        : opts->max_memory_mb;
    lim->max_bytes = (size_t)mb << 20;
}

/* The error line of a script that failed (its error object at the top of L, rc the status of its
 * call), composed in C: the state may be at its memory cap. */
static void report_failure(script_ctx *sc, lua_State *L, int rc)
{
    const char *msg = lua_tostring(L, -1);
    if (!msg) msg = "(unknown error)";
    size_t n = strlen(msg) + 1000, el = strlen(LT_LUA_MEMERR);
    char *line = malloc(n), mem[300];
    int last = sc->script.lim.last_line ? sc->script.lim.last_line
                                        : lt_srcloc_line(sc->script.loc, NULL, 0);
    if (last <= 0)
        last = lt_watch_page->line > 0 ? lt_watch_page->line : 1; /* the running test's */
    if (!line) {
        print_error(msg);
    } else {
        if (rc == LUA_ERRERR && sc->script.lim.refused) msg = LT_LUA_MEMERR;
        if (lt_limits_memory_message(&sc->script.lim, msg, mem, sizeof mem)) {
            /* a message of lawtester that ends in Lua's: replace that end */
            if (located(sc, msg))
                snprintf(line, n, "%.*s%s", (int)(strlen(msg) - el), msg, mem);
            else
                snprintf(line, n, "%s:%d: %s", sc->script.path, last, mem);
        } else if (rc == LUA_ERRERR) {
            snprintf(line, n,
                     "%s:%d: error while reporting an error (an error object whose __tostring "
                     "fails?)",
                     sc->script.path, last);
        } else if (!located(sc, msg)) {
            snprintf(line, n, "%s:%d: %s", sc->script.path, lt_srcloc_line(sc->script.loc, NULL, 0),
                     msg);
        } else {
            snprintf(line, n, "%s", msg);
        }
        print_error(line);
        free(line);
    }
}

int lt_script_run_source(const char *path, const char *src, size_t len, const lt_script_opts *opts)
{
    script_ctx sc;
    memset(&sc, 0, sizeof sc);
    /* every message (and Lua's chunk name) names the script by its path quoted: one line, of a
     * readable length, whatever the path holds (quote.h); the test's default name comes from
     * the path as given */
    char shown[LT_QUOTE_KEEP + 1];
    sc.script.path = lt_quote(path, shown, sizeof shown, LT_QUOTE_KEEP);
    sc.given_path = path;
    sc.opts = opts;
    sc.src = src;
    sc.src_len = len;
    set_limits(&sc.script.lim, opts);
    lt_outlimit_init(&sc.out, opts->out_dir, opts->max_output_mb, opts->min_free_mb);
    if (opts->out_dir) { /* what runs that were killed left (no process holds them any more) */
        int n;
        long long bytes = lt_afile_reclaim(opts->out_dir, &n);
        if (n && !opts->quiet)
            printf(
                "reclaimed %d temporary file%s (%lld bytes) that runs which are gone left in %s\n",
                n, n > 1 ? "s" : "", bytes, sc.script.path[0] ? opts->out_dir : "");
    }
    if (lt_outlimit_check_disk(&sc.out) != LT_OUT_OK) { /* before anything runs */
        char why[600];
        lt_outlimit_reason(&sc.out, LT_OUT_DISK, why, sizeof why);
        fprintf(stderr, "lawtester: %s\n", why);
        return 1;
    }
    size_t sn = strlen(sc.script.path) + 2;
    char *source = malloc(sn);
    if (source) snprintf(source, sn, "@%s", sc.script.path);
    sc.script.lim.source = source;
    /* the memory cap covers all the script causes: its text, the index of its table fields
     * (srcloc) and its Lua state, which gets what the first two leave */
    size_t loc_bytes = 0, cap = sc.script.lim.max_bytes;
    sc.script.loc = cap && len >= cap
                        ? NULL
                        : lt_srcloc_parse_capped(src, len, cap ? cap - len : 0, &loc_bytes);
    if (!sc.script.loc && cap && source) {
        fprintf(stderr,
                "%s:0: memory limit exceeded: the script's text (%zu bytes) and the index of its "
                "fields need more than %zu MB (--max-memory MB; 0 = no limit)\n",
                sc.script.path, len, cap >> 20);
        free(source);
        return 2;
    }
    if (cap) sc.script.lim.max_bytes = cap - len - loc_bytes, sc.script.lim.cap_bytes = cap;
    lua_State *L = source && sc.script.loc ? lt_limits_newstate(&sc.script.lim) : NULL;
    if (!L) {
        fprintf(stderr, "%s:0: out of memory\n", sc.script.path);
        lt_srcloc_free(sc.script.loc);
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
        report_failure(&sc, L, rc);
        status = 1;
    }
    close_state(L, sc.script.path, source, opts->unsafe && sc.script.lim.max_instructions > 0);
    lt_srcloc_free(sc.script.loc);
    free(source);
    return status;
}

int lt_script_run_file(const char *path, const lt_script_opts *opts)
{
    size_t len = 0;
    lt_limits lim;
    set_limits(&lim, opts);
    char err[400];
    char *src = read_file(path, lim.max_bytes, &len, err, sizeof err);
    if (!src) {
        char shown[LT_QUOTE_KEEP + 1];
        fprintf(stderr, "%s:0: %s\n", lt_quote(path, shown, sizeof shown, LT_QUOTE_KEEP), err);
        return 2;
    }
    int rc = lt_script_run_source(path, src, len, opts);
    free(src);
    return rc;
}

/* ---- the two evaluations side by side (tests) ------------------------------------------ */

int lt_script_until_both(const char *expr, lt_tester *t, int *lua_result, int *compiled_result,
                         char *err, size_t errlen)
{
    lt_script_opts opts;
    memset(&opts, 0, sizeof opts);
    script_ctx sc;
    memset(&sc, 0, sizeof sc);
    sc.script.path = "(until)";
    sc.opts = &opts;
    set_limits(&sc.script.lim, &opts);
    sc.script.lim.source = "@(until)";
    lua_State *L = lt_limits_newstate(&sc.script.lim);
    if (!L) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    sc.L = L;
    luaL_openlibs(L);
    lt_register_proxy_metatables(L);
    push_environment(&sc, L);
    sc.env_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    run_ctx r;
    memset(&r, 0, sizeof r);
    r.sc = &sc;
    r.L = L;
    r.t = t;
    lt_make_proxies(L, &r);
    stage_cb cb;
    memset(&cb, 0, sizeof cb);
    cb.run = &r;
    cb.stage_no = 1;
    cb.line = 1;
    cb.what = "until";
    int rc = -1;
    if (lt_load_string_callback(L, expr, 1, r.env_ref) != LUA_OK) {
        snprintf(err, errlen, "%s", lua_tostring(L, -1));
    } else {
        cb.ref = luaL_ref(L, LUA_REGISTRYINDEX);
        *lua_result = lt_stage_callback(&cb, t);
        if (*lua_result < 0) snprintf(err, errlen, "%s", lt_tester_view(t)->err);
        lt_cond *c = lt_cond_compile(expr, lt_tester_view(t)->test->law);
        *compiled_result = c ? lt_cond_eval(c, t) : -2;
        lt_cond_free(c);
        rc = 0;
    }
    lua_close(L);
    return rc;
}
