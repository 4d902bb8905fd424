/* src/lualaw/hosted_law.c - a law table with `engine`: a hosted law (docs/hosted.md).  Its
 * parameters, friction, yield surface and cases are read as any Lua law's (lualaw.c,
 * yield_cases.c); instead of `step` (and `state`, `energies`, `init`) it names a DEM engine and
 * the commands that set up the engine's own contact model, and its forces come from that engine
 * (src/host/hosted.h) through the driver's host (src/contact/host.h):
 *   engine   = "lammps" | "liggghts"
 *   library  = "PATH" (optional: the engine's shared library; default the Debian package's)
 *   commands = { "pair_style granular", "pair_coeff * * hertz/material ${E} ...", ... }
 *   wall     = true | "fix ... wall/gran ..." (optional: the engine's own wall for a wall A)
 */
#include "host/hosted.h"
#include "lualaw/lualaw_int.h"
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

void lt_lua_law_refuse_own_step(conv *cv, int t)
{
    static const char *const own[] = {"state", "energies", "init", "step", NULL};
    for (int i = 0; own[i]; i++)
        if (lt_has_field(cv, t, own[i])) {
            lt_path_push_key(cv, own[i]);
            lt_field_error(cv,
                           "a hosted law runs its engine's contact model (`engine`): it has no "
                           "`%s` of its own",
                           own[i]);
        }
}

void lt_lua_law_refuse_engine_fields(conv *cv, int t)
{
    static const char *const engine_only[] = {"library", "commands", NULL};
    for (int i = 0; engine_only[i]; i++)
        if (lt_has_field(cv, t, engine_only[i])) {
            lt_path_push_key(cv, engine_only[i]);
            lt_field_error(cv,
                           "`%s` belongs to a hosted law, which names its `engine` (\"lammps\" or "
                           "\"liggghts\"); a law with `step` runs in Lua",
                           engine_only[i]);
        }
}

/* The placeholder of a hosted law's step in its binding: the driver calls the engine instead
 * (src/driver/driver_host.c); a call here is lawtester's own error. */
static int step_refused(lua_State *L)
{
    return luaL_error(L, "a hosted law's step runs in its engine, not in Lua");
}

void lt_lua_law_push_hosted_step(lua_State *L)
{
    lua_pushcfunction(L, step_refused); /* the step */
    lua_pushnil(L);                     /* no init */
}

/* The commands of a `commands` function (lt_hosted_commands_fn): the list it returns for param. */
static int function_commands(void *ctx, const double *param, char *const **cmds, int *n, char *err,
                             size_t errlen)
{
    lua_law *b = ctx;
    if (!lt_lua_law_commands(b, param)) {
        snprintf(err, errlen, "%s:%d: commands(p): %s", b->file, b->err_line, b->err);
        b->failed = 0;
        return -1;
    }
    *cmds = b->extra->cmd;
    *n = b->extra->n_cmd;
    return 0;
}

/* The list of command strings at field `commands` of t into h, each with its line; or the
 * function of p that gives them (read with the extras: lt_lua_law_read_extras). */
static void read_commands(conv *cv, lua_law *b, lt_hosted *h, int t)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "commands");
    int ty = lt_get_field(cv, t, "commands");
    if (ty == LUA_TFUNCTION) {
        lt_hosted_set_commands(h, function_commands, b, b->extra->commands_line);
        lua_pop(L, 1);
        lt_path_pop(cv);
        return;
    }
    if (ty != LUA_TTABLE)
        lt_field_error(cv,
                       "expected the list of the engine's commands (strings), or a function of "
                       "p that returns it, got %s",
                       luaL_typename(L, -1));
    int n = (int)lua_rawlen(L, -1);
    lt_check_list(cv, -1, n, "commands (strings)");
    if (n < 1) lt_field_error(cv, "no command: the engine needs its pair style at least");
    for (int i = 0; i < n; i++) {
        lt_path_push_index(cv, i + 1);
        if (lua_rawgeti(L, -1, i + 1) != LUA_TSTRING)
            lt_field_error(cv, "expected a command (a string), got %s", luaL_typename(L, -1));
        size_t len;
        const char *s = lua_tolstring(L, -1, &len);
        if (strlen(s) != len || strchr(s, '\n'))
            lt_field_error(cv, "a command is one line of text (no newline, no NUL)");
        char err[300];
        if (lt_hosted_add_command(h, s, lt_conv_line(cv), err, sizeof err) < 0)
            lt_field_error(cv, "%s", err);
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* `wall` of t: true (the engine's wall derived from the law's pair style) or the wall's command
 * (a string with ${NAME}, the geometry appended: host/hosted_wall.h); absent: no wall. */
static void read_wall(conv *cv, lt_hosted *h, int t)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "wall");
    int ty = lt_get_field(cv, t, "wall");
    char err[300];
    const char *text = NULL;
    if (ty == LUA_TSTRING) {
        size_t len;
        text = lua_tolstring(L, -1, &len);
        if (strlen(text) != len || strchr(text, '\n') || !*text)
            lt_field_error(cv, "a command is one line of text (no newline, no NUL)");
    } else if (ty != LUA_TNIL && !(ty == LUA_TBOOLEAN && lua_toboolean(L, -1))) {
        lt_field_error(cv,
                       "expected true (the engine's wall from the law's pair style) or the "
                       "wall's command, got %s",
                       ty == LUA_TBOOLEAN ? "false" : luaL_typename(L, -1));
    }
    if (ty != LUA_TNIL && lt_hosted_set_wall(h, text, lt_conv_line(cv), err, sizeof err) < 0)
        lt_field_error(cv, "%s", err);
    lua_pop(L, 1);
    lt_path_pop(cv);
}

lt_hosted *lt_lua_law_read_engine(conv *cv, lua_law *b, int t)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "engine");
    if (lt_get_field(cv, t, "engine") != LUA_TSTRING)
        lt_field_error(cv, "expected \"lammps\" or \"liggghts\", got %s", luaL_typename(L, -1));
    int kind = lt_engine_kind_of(lua_tostring(L, -1));
    if (kind < 0)
        lt_field_error(cv, "'%s' is not an engine lawtester drives (\"lammps\", \"liggghts\")",
                       lua_tostring(L, -1));
    lua_pop(L, 1);
    lt_path_pop(cv);
    const char *library = NULL;
    lt_path_push_key(cv, "library");
    int ty = lt_get_field(cv, t, "library");
    if (ty == LUA_TSTRING)
        library = lua_tostring(L, -1);
    else if (ty != LUA_TNIL)
        lt_field_error(cv, "expected the path of the engine's library, got %s",
                       luaL_typename(L, -1));
    lt_path_pop(cv);
    char err[900];
    lt_path_push_key(cv, library ? "library" : "engine");
    lt_hosted *h = lt_hosted_new((lt_engine_kind)kind, library, b->file, b->line, err, sizeof err);
    if (!h) lt_field_error(cv, "%s", err);
    lt_path_pop(cv);
    lua_pop(L, 1);
    b->hosted = h;
    read_commands(cv, b, h, t);
    read_wall(cv, h, t);
    return h;
}

void lt_lua_law_host_engine(conv *cv, lua_law *b)
{
    char err[900];
    lt_path_push_key(cv, "commands");
    if (lt_hosted_bind(b->hosted, b->law, err, sizeof err) < 0) lt_field_error(cv, "%s", err);
    lt_path_pop(cv);
    /* the engine set up once with the defaults: a bad command stops here (with the engine's own
     * ERROR line: host/hosted.h) */
    double defaults[LT_MAX_PARAMS];
    for (int i = 0; i < b->law->n_params; i++) defaults[i] = b->law->params[i].def;
    lt_path_push_key(cv, "engine");
    if (lt_hosted_try(b->hosted, defaults, err, sizeof err) < 0) lt_field_error(cv, "%s", err);
    lt_path_pop(cv);
}
