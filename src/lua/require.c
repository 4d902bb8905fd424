/* src/lua/require.c - `require(NAME)` in the sandbox (docs/stage-scripts.md, "Modules";
 * docs/reliability.md, "The sandbox"): a script may load Lua files below its own directory, so
 * that one law file serves a stage script and a case file without --unsafe.
 *
 * The contract:
 *   - NAME is a module name as Lua's (`dir.mod`: identifiers separated by dots), resolved to
 *     DIR/dir/mod.lua, DIR the directory of the script being run (not of the module that
 *     requires; not the working directory);
 *   - refused, each in one line at the line of the call: a path instead of a name ('..', '/',
 *     an absolute path), a native library (a name ending in so, dll or dylib: only text is
 *     loaded), a file that is not there or not a regular file, and a file whose real path (all
 *     symbolic links resolved) is not below the real path of DIR;
 *   - the file is read (never written), loaded as text only (mode "t": no bytecode), with the
 *     script's sandbox as its environment, and run once: its value (true when it returns
 *     nothing) is kept in a cache of the script's Lua state, and a second require of the name
 *     returns it; a require of a module that is still loading (a loop) is refused;
 *   - the module's chunk is named by its path, so its errors say its file and line; its text
 *     is indexed like the script's (srcloc.h), so a law table written in a module has its
 *     field errors at the module's lines (lualaw/lualaw.c asks lt_module_of_source).
 * The module's text counts against the memory cap (it is read into a Lua buffer); its code runs
 * within the entry into Lua that called require, under the same instruction budget.
 */
#define _XOPEN_SOURCE 700
#include "lua/require.h"
#include "base/quote.h"
#include "lua/limits.h"
#include <errno.h>
#include <fcntl.h>
#include <lauxlib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MODULE_NAME_MAX 200 /* characters of a module name */

typedef struct module {
    char *source; /* "@PATH", the chunk name */
    char *path;   /* PATH, as messages name it */
    srcloc *loc;
} module;

typedef struct module_list {
    int n, cap;
    module *m;
} module_list;

static const char list_key = 0;    /* registry key of the module list (its address) */
static const char loading_key = 0; /* the cache's value of a module that is still loading */

static int list_gc(lua_State *L)
{
    module_list *l = lua_touserdata(L, 1);
    for (int i = 0; i < l->n; i++) {
        free(l->m[i].source);
        free(l->m[i].path);
        lt_srcloc_free(l->m[i].loc);
    }
    free(l->m);
    l->m = NULL;
    l->n = l->cap = 0;
    return 0;
}

/* The list of L's modules (NULL if none was made); pushes nothing. */
static module_list *get_list(lua_State *L)
{
    module_list *l = lua_rawgetp(L, LUA_REGISTRYINDEX, &list_key) == LUA_TUSERDATA
                         ? lua_touserdata(L, -1)
                         : NULL;
    lua_pop(L, 1);
    return l;
}

int lt_module_of_source(lua_State *L, const char *source, const char **path, const srcloc **loc)
{
    module_list *l = source ? get_list(L) : NULL;
    for (int i = 0; l && i < l->n; i++)
        if (strcmp(l->m[i].source, source) == 0) {
            *path = l->m[i].path, *loc = l->m[i].loc;
            return 1;
        }
    return 0;
}

int lt_module_located(lua_State *L, const char *msg)
{
    module_list *l = L && msg ? get_list(L) : NULL;
    for (int i = 0; l && i < l->n; i++) {
        const char *path = l->m[i].path, *p = NULL;
        size_t n = strlen(path);
        if (strncmp(msg, path, n) == 0) {
            p = msg + n;
        } else if (strncmp(msg, "...", 3) == 0) { /* Lua's shortened chunk name: the path's tail */
            const char *colon = strchr(msg + 3, ':');
            size_t tail = colon ? (size_t)(colon - msg - 3) : 0;
            if (colon && tail > 0 && tail <= n && strncmp(path + n - tail, msg + 3, tail) == 0)
                p = colon;
        }
        if (!p || *p != ':' || p[1] < '0' || p[1] > '9') continue;
        p++;
        while (*p >= '0' && *p <= '9') p++;
        if (*p == ':') return 1;
    }
    return 0;
}

/* NULL if name is a module name (identifiers separated by dots), else why not. */
static const char *name_problem(const char *name, size_t len)
{
    static const char *const native[] = {"so", "dll", "dylib", NULL};
    if (len == 0) return "is empty";
    if (len > MODULE_NAME_MAX) return "is too long for a module name";
    if (name[0] == '/')
        return "is an absolute path: modules come from below the script's directory";
    if (strstr(name, ".."))
        return "leaves the script's directory ('..'): modules come from below it";
    if (strchr(name, '/') || strchr(name, '\\'))
        return "is a path, not a module name (write dir.mod for dir/mod.lua)";
    const char *last = strrchr(name, '.');
    for (int i = 0; last && native[i]; i++)
        if (strcmp(last + 1, native[i]) == 0)
            return "names a native library: the sandbox loads Lua text only (--unsafe lifts it)";
    for (size_t i = 0, start = 0; i <= len; i++) {
        char c = name[i];
        if (c == '.' || c == 0) {
            if (i == start)
                return "is not a module name (identifiers separated by dots, e.g. laws.mylaw)";
            start = i + 1;
        } else if (!(c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                     (i > start && c >= '0' && c <= '9'))) {
            return "is not a module name (identifiers separated by dots, e.g. laws.mylaw)";
        }
    }
    if (strlen(name) != len)
        return "is not a module name (identifiers separated by dots, e.g. laws.mylaw)";
    return NULL;
}

/* The directory of path ("." for a bare file name), in buf. */
static void dir_of(const char *path, char *buf, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, n, ".");
    else if (slash == path)
        snprintf(buf, n, "/");
    else
        snprintf(buf, n, "%.*s", (int)(slash - path), path);
}

/* Raise "require: ..." at the line of the call (level 1: the Lua caller). */
static _Noreturn void refuse(lua_State *L, const char *fmt, const char *a, const char *b)
{
    luaL_error(L, fmt, a, b);
    abort(); /* not reached */
}

/* The file's text pushed (a string), read through fd. */
static void push_text(lua_State *L, int fd, size_t size, const char *shown)
{
    luaL_Buffer buf;
    char *p = luaL_buffinitsize(L, &buf, size + 1);
    size_t got = 0;
    while (got < size) {
        ssize_t r = read(fd, p + got, size - got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            int e = errno;
            close(fd);
            refuse(L, "require: cannot read '%s': %s", shown,
                   r < 0 ? strerror(e) : "it shrank while read");
        }
        got += (size_t)r;
    }
    close(fd);
    luaL_pushresultsize(&buf, got);
}

/* The module name, argument 1: a string that is a module name (name_problem); its length in *len.
 * */
static const char *check_module_name(lua_State *L, size_t *len)
{
    char q[160];
    if (lua_type(L, 1) != LUA_TSTRING)
        refuse(L, "require: expected a module name (a string), got %s%s", luaL_typename(L, 1), "");
    const char *name = lua_tolstring(L, 1, len);
    const char *bad = name_problem(name, *len);
    if (bad) refuse(L, "require: '%s' %s", lt_quote(name, q, sizeof q, 100), bad);
    return name;
}

/* 1 with the module's value pushed if the cache has it; a module that is still loading (a loop
 * of requires) is refused; 0 (nothing pushed) if it is not loaded yet. */
static int push_cached(lua_State *L, int cache, const char *name)
{
    lua_pushvalue(L, 1);
    if (lua_rawget(L, cache) != LUA_TNIL) {
        if (lua_touserdata(L, -1) == &loading_key)
            refuse(L,
                   "require: module '%s' is required again while it loads (a loop of requires)%s",
                   name, "");
        return 1;
    }
    lua_pop(L, 1);
    return 0;
}

/* DIR/dir/mod.lua for dir.mod (len characters) into file (n bytes), DIR (the directory of the
 * script being run, at script_path) into dir (PATH_MAX bytes). */
static void module_file(const char *script_path, const char *name, size_t len, char *dir,
                        char *file, size_t n)
{
    char rel[MODULE_NAME_MAX + 8];
    dir_of(script_path, dir, PATH_MAX);
    snprintf(rel, sizeof rel, "%s.lua", name);
    for (char *c = rel; c < rel + len; c++)
        if (*c == '.') *c = '/';
    if (strcmp(dir, ".") == 0)
        snprintf(file, n, "%s", rel);
    else
        snprintf(file, n, "%s%s%s", dir, strcmp(dir, "/") ? "/" : "", rel);
}

/* The real path of file (shown: as messages name it) into real_file (PATH_MAX bytes), refused
 * unless the file is there and below the real path of dir (all symbolic links resolved). */
static void resolve_below(lua_State *L, const char *name, const char *dir, const char *file,
                          const char *shown, char *real_file)
{
    char q[160], real_dir[PATH_MAX];
    if (!realpath(dir, real_dir))
        refuse(L, "require: cannot resolve the script's directory '%s': %s",
               lt_quote(dir, q, sizeof q, 100), strerror(errno));
    if (!realpath(file, real_file)) {
        if (errno == ENOENT || errno == ENOTDIR)
            refuse(L, "require: module '%s' not found: no file '%s'", name, shown);
        refuse(L, "require: cannot read '%s': %s", shown, strerror(errno));
    }
    size_t nd = strlen(real_dir);
    int below = strcmp(real_dir, "/") == 0 ||
                (strncmp(real_file, real_dir, nd) == 0 && real_file[nd] == '/');
    if (!below) {
        char d[160];
        refuse(L,
               "require: '%s' leads outside the script's directory '%s' (through a symbolic link): "
               "refused",
               shown, lt_quote(dir, d, sizeof d, 100));
    }
}

/* The text of the module at real_file pushed (a string): a regular file, within the memory cap
 * (max_bytes; 0: none). */
static void push_module_text(lua_State *L, const char *real_file, const char *shown,
                             size_t max_bytes)
{
    int fd = open(real_file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        int e = errno;
        if (fd >= 0) close(fd);
        refuse(L, "require: cannot read '%s': %s", shown, strerror(e));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        refuse(L, "require: '%s' is not a regular file%s", shown, "");
    }
    if (max_bytes && (size_t)st.st_size > max_bytes) {
        close(fd);
        refuse(L, "require: '%s' is larger than the memory cap (--max-memory MB)%s", shown, "");
    }
    push_text(L, fd, (size_t)st.st_size, shown);
}

/* The module joins the list of L's modules: its chunk name "@PATH", its path and the index of
 * its fields (srcloc.h) from its text (n bytes). */
static module *add_module(lua_State *L, const char *shown, const char *text, size_t n,
                          size_t max_bytes)
{
    module_list *l = get_list(L);
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 8;
        module *m = realloc(l->m, (size_t)cap * sizeof *m);
        if (!m) luaL_error(L, "out of memory");
        l->m = m, l->cap = cap;
    }
    module *m = &l->m[l->n];
    size_t sn = strlen(shown) + 2;
    m->path = strdup(shown);
    m->source = malloc(sn);
    m->loc = lt_srcloc_parse_capped(text, n, max_bytes, NULL);
    if (!m->path || !m->source || !m->loc) {
        free(m->path), free(m->source), lt_srcloc_free(m->loc);
        luaL_error(L, "out of memory");
    }
    snprintf(m->source, sn, "@%s", shown);
    l->n++;
    return m;
}

/* Load the module's text (n bytes) as text only, its environment the script's sandbox (at stack
 * index env); run it with (NAME, PATH) while the cache marks it loading; cache its value (true
 * when it returns nothing), pushed.  A failed module is not cached: a later require tries again. */
static void run_module(lua_State *L, int env, int cache, const module *m, const char *text,
                       size_t n)
{
    /* a syntax error names the module's line */
    if (luaL_loadbufferx(L, text, n, m->source, "t") != LUA_OK) {
        if (lt_module_located(L, lua_tostring(L, -1))) lua_error(L);
        luaL_error(L, "require: module '%s' ('%s'): %s", lua_tostring(L, 1), m->path,
                   lua_tostring(L, -1));
    }
    lua_pushvalue(L, env);
    lua_setupvalue(L, -2, 1); /* _ENV: the script's sandbox */
    lua_pushvalue(L, 1);
    lua_pushlightuserdata(L, (void *)&loading_key);
    lua_rawset(L, cache);
    lua_pushvalue(L, 1);
    lua_pushstring(L, m->path);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        lua_rawset(L, cache); /* not loaded: a later require tries again */
        lua_error(L);
    }
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, -2);
    lua_rawset(L, cache);
}

/* require(NAME) -> the module's value */
static int sandbox_require(lua_State *L)
{
    const char *script_path = lua_touserdata(L, lua_upvalueindex(1));
    int cache = lua_upvalueindex(2), env = lua_upvalueindex(3);
    size_t len;
    const char *name = check_module_name(L, &len);
    lua_settop(L, 1);
    if (push_cached(L, cache, name)) return 1;
    char dir[PATH_MAX], file[PATH_MAX + MODULE_NAME_MAX + 8], shown[LT_QUOTE_KEEP + 1],
        real_file[PATH_MAX];
    module_file(script_path, name, len, dir, file, sizeof file);
    lt_quote(file, shown, sizeof shown, LT_QUOTE_KEEP);
    resolve_below(L, name, dir, file, shown, real_file);
    size_t max_bytes = lt_limits_of(L)->max_bytes;
    push_module_text(L, real_file, shown, max_bytes); /* index 2 */
    size_t n;
    const char *text = lua_tolstring(L, 2, &n);
    const module *m = add_module(L, shown, text, n, max_bytes);
    run_module(L, env, cache, m, text, n);
    return 1;
}

void lt_push_require(lua_State *L, const char *script_path, int env)
{
    env = lua_absindex(L, env);
    if (!get_list(L)) {
        module_list *l = lua_newuserdatauv(L, sizeof *l, 0);
        memset(l, 0, sizeof *l);
        lua_createtable(L, 0, 1);
        lua_pushcfunction(L, list_gc);
        lua_setfield(L, -2, "__gc");
        lua_setmetatable(L, -2);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &list_key);
    }
    lua_pushlightuserdata(L, (void *)script_path);
    lua_newtable(L); /* the cache: name -> value */
    lua_pushvalue(L, env);
    lua_pushcclosure(L, sandbox_require, 3);
}
