/* src/lualaw/lualaw.c - contact laws written in Lua (docs/lua-laws.md): `lawtester.law{...}` reads
 * a law table into a binding (lualaw_int.h) whose lt_law descriptor (law API 5) points to the C
 * trampolines of a free slot (slots.c; the call into Lua: call.c; its yield surface and cases:
 * yield_cases.c), and registers the law (src/contact/registry.h) for the life of the script's Lua
 * state; the binding's __gc unregisters it and frees the slot. `lawtester.verify_law` is
 * script_verify_law.c.
 */
#define _POSIX_C_SOURCE 200809L
#include "contact/law_check.h"
#include "contact/registry.h"
#include "host/hosted.h"
#include "lua/require.h"
#include "lualaw/lualaw_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the binding's life -------------------------------------------------------------------- */

/* Keep p (malloc'ed; NULL: out of memory) until the binding is collected. */
static void *own(lua_law *b, lua_State *L, void *p)
{
    if (p && b->n_owned == b->cap_owned) {
        int cap = b->cap_owned ? 2 * b->cap_owned : 32;
        void **o = realloc(b->owned, (size_t)cap * sizeof *o);
        if (!o)
            free(p), p = NULL;
        else
            b->owned = o, b->cap_owned = cap;
    }
    if (!p) luaL_error(L, "out of memory");
    b->owned[b->n_owned++] = p;
    return p;
}

static const char *keep(lua_law *b, lua_State *L, const char *s) { return own(b, L, strdup(s)); }

/* __gc of the binding's userdata (at the latest when the script's state closes): the law leaves
 * the registry, its slot and its strings are freed. */
static int binding_gc(lua_State *L)
{
    lua_law *b = lua_touserdata(L, 1);
    if (b->law) lt_unregister_law(b->law);
    b->law = NULL;
    lt_hosted_free(b->hosted);
    b->hosted = NULL;
    if (b->slot >= 0 && lt_lua_law_slots[b->slot] == b) lt_lua_law_slots[b->slot] = NULL;
    b->slot = -1;
    lt_lua_law_unbind_cases(b);
    lt_lua_law_free_extras(b);
    for (int i = 0; i < b->n_owned; i++) free(b->owned[i]);
    free(b->owned);
    b->owned = NULL;
    b->n_owned = b->cap_owned = 0;
    return 0;
}

/* ---- reading the law table --------------------------------------------------------------- */

/* A string field (required unless optional; NULL when absent). */
static const char *read_string(conv *cv, lua_law *b, int t, const char *key, int required)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, key);
    int ty = lt_get_field(cv, t, key);
    const char *s = NULL;
    if (ty == LUA_TNIL) {
        if (required) lt_field_error(cv, "missing (a string)");
    } else if (ty != LUA_TSTRING) {
        lt_field_error(cv, "expected a string, got %s", luaL_typename(L, -1));
    } else {
        s = keep(b, L, lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
    return s;
}

static const char *read_name(conv *cv, lua_law *b, int t, const char *key)
{
    const char *s = read_string(cv, b, t, key, 1);
    const char *bad = lt_identifier_problem(s);
    if (bad) {
        lt_path_push_key(cv, key);
        lt_field_error(cv, "'%s' %s", s, bad);
    }
    return s;
}

/* The list at field key of t pushed (an empty one when absent); its length, at most max. */
static int push_list(conv *cv, int t, const char *key, int max, const char *what)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, key);
    int ty = lt_get_field(cv, t, key);
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        lua_newtable(L);
    } else if (ty != LUA_TTABLE) {
        lt_field_error(cv, "expected a list of %s, got %s", what, luaL_typename(L, -1));
    }
    int n = (int)lua_rawlen(L, -1);
    lt_check_list(cv, -1, n, what);
    if (n > max) lt_field_error(cv, "%d %s, at most %d", n, what, max);
    return n;
}

/* A bound of a range: a number, +-math.huge allowed (no bound), NaN not. */
static void read_bound(conv *cv, int t, const char *key, double *out)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, key);
    int ty = lt_get_field(cv, t, key);
    if (ty != LUA_TNIL) {
        if (ty != LUA_TNUMBER)
            lt_field_error(cv, "expected a number, got %s", luaL_typename(L, -1));
        *out = lua_tonumber(L, -1);
        if (isnan(*out)) lt_field_error(cv, "is NaN");
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* name (unique among the parameters), kind, doc, unit (required for a real), optional and
 * materials (law API 5's LT_PARAM_MATERIALS: an optional real parameter's value from the
 * materials) into b->params[i] and flags[i].  Whether the parameter is optional. */
static int read_param_head(conv *cv, lua_law *b, int t, int i, unsigned *flags)
{
    static const char *const kinds[] = {"real", "bool", "choice", "int", NULL};
    lt_param *p = &b->params[i];
    p->name = read_name(cv, b, t, "name");
    for (int j = 0; j < i; j++)
        if (strcmp(b->params[j].name, p->name) == 0) {
            lt_path_push_key(cv, "name");
            lt_field_error(cv, "parameter '%s' declared twice", p->name);
        }
    int kind = 0;
    lt_opt_choice(cv, t, "kind", kinds, 4, &kind);
    p->kind = kind == 1 ? LT_BOOL : kind == 2 ? LT_CHOICE : kind == 3 ? LT_INT : LT_REAL;
    p->doc = read_string(cv, b, t, "doc", 1);
    p->unit = read_string(cv, b, t, "unit", p->kind == LT_REAL);
    if (!p->unit) p->unit = "-";
    int optional = 0, materials = 0;
    lt_opt_bool(cv, t, "optional", &optional);
    lt_opt_bool(cv, t, "materials", &materials); /* law API 5's LT_PARAM_MATERIALS */
    if (materials && !(optional && p->kind == LT_REAL)) {
        lt_path_push_key(cv, "materials");
        lt_field_error(
            cv,
            "only an optional real parameter takes its value from the materials (optional = true)");
    }
    flags[i] = materials ? LT_PARAM_MATERIALS : 0;
    return optional;
}

/* The error of optional = true on a parameter that may not be optional (the path at default). */
static _Noreturn void refuse_optional(conv *cv)
{
    lt_path_pop(cv);
    lt_path_push_key(cv, "optional");
    lt_field_error(cv, "only a real parameter may be optional");
}

/* range = {min, max}: the two bounds in one field (math.huge for none), not beside min or max. */
static void read_range_pair(conv *cv, int t, double *lo, double *hi)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "range");
    int ty = lt_get_field(cv, t, "range");
    if (ty != LUA_TNIL) {
        if (ty != LUA_TTABLE || lua_rawlen(L, -1) != 2)
            lt_field_error(cv, "expected {min, max}, got %s", luaL_typename(L, -1));
        if (lt_has_field(cv, t, "min") || lt_has_field(cv, t, "max"))
            lt_field_error(cv, "give the bounds as range = {min, max} or as min and max, not both");
        for (int j = 0; j < 2; j++) {
            lt_path_push_index(cv, j + 1);
            if (lua_rawgeti(L, -1, j + 1) != LUA_TNUMBER || isnan(lua_tonumber(L, -1)))
                lt_field_error(cv, "expected a number, got %s", luaL_typename(L, -1));
            *(j ? hi : lo) = lua_tonumber(L, -1);
            lua_pop(L, 1);
            lt_path_pop(cv);
        }
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* min and max of a real or int parameter: numbers, +-math.huge for no bound, min <= max; an
 * integer parameter's bounds whole numbers. */
static void read_range(conv *cv, lt_param *p, int t)
{
    static const char *const bound[2] = {"min", "max"};
    p->min = -INFINITY, p->max = INFINITY;
    read_range_pair(cv, t, &p->min, &p->max);
    read_bound(cv, t, "min", &p->min);
    read_bound(cv, t, "max", &p->max);
    if (p->min > p->max) {
        lt_path_push_key(cv, "max");
        lt_field_error(cv, "max %g is below min %g", p->max, p->min);
    }
    for (int j = 0; j < 2 && p->kind == LT_INT; j++) {
        double x = j ? p->max : p->min;
        if (isfinite(x) && x != floor(x)) {
            lt_path_push_key(cv, bound[j]);
            lt_field_error(
                cv, "an integer parameter's bound is a whole number (or math.huge), got %.17g", x);
        }
    }
}

/* min_open, max_open = true (law API 6's LT_PARAM_MIN_OPEN, _MAX_OPEN): an end of the range the
 * parameter never reaches, a finite one, into *flags. */
static void read_open_ends(conv *cv, const lt_param *p, int t, unsigned *flags)
{
    static const char *const key[2] = {"min_open", "max_open"};
    static const unsigned bit[2] = {LT_PARAM_MIN_OPEN, LT_PARAM_MAX_OPEN};
    for (int j = 0; j < 2; j++) {
        int open = 0;
        lt_opt_bool(cv, t, key[j], &open);
        if (!open) continue;
        if (isinf(j ? p->max : p->min)) {
            lt_path_push_key(cv, key[j]);
            lt_field_error(cv, "only a finite end of the range is open (%s is %s)",
                           j ? "max" : "min", j ? "math.huge" : "-math.huge");
        }
        *flags |= bit[j];
    }
}

/* scale = S (law API 6's param_scales): a real parameter's typical magnitude, > 0, for a sweep
 * of one whose default gives none (docs/verify.md, "The parameter space"). */
static void read_scale(conv *cv, const lt_param *p, int t, double *scale)
{
    if (!lt_has_field(cv, t, "scale")) return;
    if (p->kind != LT_REAL) {
        lt_path_push_key(cv, "scale");
        lt_field_error(cv, "a sweep scale is for a real parameter");
    }
    lt_opt_positive(cv, t, "scale", scale);
}

/* A real or int parameter: its range (with its open ends into *flags), and its default (of type
 * ty, on the stack top, the path at it) within the range; an optional real one has none (NaN:
 * nil unless given). */
static void read_number_param(conv *cv, lt_param *p, int t, int ty, int optional, unsigned *flags)
{
    lt_path_pop(cv);
    read_range(cv, p, t);
    read_open_ends(cv, p, t, flags);
    lt_path_push_key(cv, "default");
    if (optional && p->kind == LT_INT) refuse_optional(cv);
    if (optional) {
        if (ty != LUA_TNIL)
            lt_field_error(cv, "an optional parameter has no default (it is nil unless given)");
        p->def = NAN;
    } else {
        if (ty == LUA_TNIL)
            lt_field_error(cv, "missing (a number; or optional = true: nil unless given)");
        p->def = lt_to_number_in(cv, -1, p->min, p->max, !!(*flags & LT_PARAM_MIN_OPEN),
                                 !!(*flags & LT_PARAM_MAX_OPEN));
        if (p->kind == LT_INT && p->def != floor(p->def))
            lt_field_error(cv, "expected a whole number (an integer parameter), got %.17g", p->def);
        if (p->kind == LT_INT && fabs(p->def) > LT_INT_PARAM_MAX) /* law_check.h */
            lt_field_error(cv,
                           "%.17g is beyond +-2^53 = +-9007199254740992, the whole numbers an "
                           "integer parameter holds exactly",
                           p->def);
    }
}

/* choices: the names of a choice parameter, 1 to 64 non-empty strings, into p->choices (kept with
 * the binding); p->max the last index.  Their number. */
static int read_choices(conv *cv, lua_law *b, lt_param *p, int t)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "choices");
    lua_getfield(L, t, "choices");
    if (!lua_istable(L, -1))
        lt_field_error(cv, "a choice needs its list of names, got %s", luaL_typename(L, -1));
    int n = (int)lua_rawlen(L, -1);
    lt_check_list(cv, -1, n, "a list of names");
    if (n < 1 || n > 64) lt_field_error(cv, "%d names: 1 to 64", n);
    const char **list = own(b, L, calloc((size_t)n + 1, sizeof *list));
    for (int j = 0; j < n; j++) {
        lt_path_push_index(cv, j + 1);
        if (lua_rawgeti(L, -1, j + 1) != LUA_TSTRING || !*lua_tostring(L, -1))
            lt_field_error(cv, "expected a non-empty string, got %s", luaL_typename(L, -1));
        list[j] = keep(b, L, lua_tostring(L, -1));
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
    p->choices = list;
    p->max = n - 1;
    return n;
}

/* A choice parameter's default (of type ty, on the stack top): the index of one of its n
 * choices, the first when absent. */
static void read_choice_default(conv *cv, lt_param *p, int ty, int n)
{
    lua_State *L = cv->L;
    p->def = 0;
    if (ty == LUA_TNIL) return;
    if (ty != LUA_TSTRING)
        lt_field_error(cv, "expected one of the choices (a string), got %s", luaL_typename(L, -1));
    int found = -1;
    for (int j = 0; j < n; j++)
        if (strcmp(p->choices[j], lua_tostring(L, -1)) == 0) found = j;
    if (found < 0) lt_field_error(cv, "'%s' is not one of the choices", lua_tostring(L, -1));
    p->def = found;
}

/* A bool or choice parameter: never optional, its default (of type ty, on the stack top, the
 * path at it), no range (min and max are for real and int parameters only). */
static void read_named_param(conv *cv, lua_law *b, lt_param *p, int t, int ty, int optional)
{
    static const char *const range[6] = {"min", "max", "range", "min_open", "max_open", "scale"};
    lua_State *L = cv->L;
    if (optional) refuse_optional(cv);
    p->min = 0;
    if (p->kind == LT_BOOL) {
        p->max = 1;
        if (ty != LUA_TNIL && ty != LUA_TBOOLEAN)
            lt_field_error(cv, "expected a boolean, got %s", luaL_typename(L, -1));
        p->def = lua_toboolean(L, -1);
    } else {
        lt_path_pop(cv);
        int n = read_choices(cv, b, p, t);
        lt_path_push_key(cv, "default");
        read_choice_default(cv, p, ty, n);
    }
    lt_path_pop(cv);
    for (int j = 0; j < 6; j++) {
        lt_path_push_key(cv, range[j]);
        if (lua_getfield(L, t, range[j]) != LUA_TNIL)
            lt_field_error(cv, "a range%s is for real and int parameters only",
                           j == 5 ? " and its sweep scale" : "");
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    lt_path_push_key(cv, "default");
}

/* Parameter i (table at index t) into b->params[i], its flags into flags[i], its sweep scale into
 * scales[i]. */
static void read_param(conv *cv, lua_law *b, int t, int i, unsigned *flags, double *scales)
{
    static const char *const keys[] = {"name",    "kind",     "default",  "optional", "materials",
                                       "min",     "max",      "range",    "unit",     "doc",
                                       "choices", "min_open", "max_open", "scale",    NULL};
    lua_State *L = cv->L;
    lt_param *p = &b->params[i];
    if (!lua_istable(L, t))
        lt_field_error(cv, "expected a table { name = ..., default = ..., ... }, got %s",
                       luaL_typename(L, t));
    lt_check_keys(cv, t, keys);
    int optional = read_param_head(cv, b, t, i, flags);
    lt_path_push_key(cv, "default");
    int ty = lt_get_field(cv, t, "default");
    if (p->kind == LT_REAL || p->kind == LT_INT)
        read_number_param(cv, p, t, ty, optional, &flags[i]);
    else
        read_named_param(cv, b, p, t, ty, optional);
    lua_pop(L, 1);
    lt_path_pop(cv);
    read_scale(cv, p, t, &scales[i]);
}

static void read_energy(conv *cv, lua_law *b, int t, int i)
{
    static const char *const keys[] = {"name", "kind", "doc", NULL};
    lua_State *L = cv->L;
    lt_energy_def *e = &b->energies[i];
    if (!lua_istable(L, t))
        lt_field_error(cv, "expected a table { name = ..., kind = ..., doc = ... }, got %s",
                       luaL_typename(L, t));
    lt_check_keys(cv, t, keys);
    e->name = read_name(cv, b, t, "name");
    for (int j = 0; j < i; j++)
        if (strcmp(b->energies[j].name, e->name) == 0) {
            lt_path_push_key(cv, "name");
            lt_field_error(cv, "energy '%s' declared twice", e->name);
        }
    const char *kind = read_string(cv, b, t, "kind", 1);
    if (strcmp(kind, "stored") && strcmp(kind, "dissipated")) {
        lt_path_push_key(cv, "kind");
        lt_field_error(cv,
                       "must be 'stored' (its current value) or 'dissipated' (its increment of the "
                       "step), got '%s'",
                       kind);
    }
    e->kind = kind[0] == 's' ? LT_STORED : LT_DISSIPATED;
    e->doc = read_string(cv, b, t, "doc", 1);
}

/* An entry of the state list that declares an array (law API 5's lt_state_array), at t:
 * { name = "md", length = 480, doc = "..." }, the values first .. first + length - 1 named
 * NAME_0 ... in names.  Its length. */
static int read_state_array(conv *cv, lua_law *b, int t, int first, lt_state_array *a,
                            const char **names)
{
    static const char *const keys[] = {"name", "length", "doc", NULL};
    lt_check_keys(cv, t, keys);
    a->name = read_name(cv, b, t, "name");
    long length = 0;
    lt_path_push_key(cv, "length");
    if (lt_get_field(cv, t, "length") == LUA_TNIL)
        lt_field_error(cv, "missing (the number of values, >= 1)");
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
    lt_opt_integer(cv, t, "length", &length, 1, LT_MAX_STATE - first);
    a->doc = read_string(cv, b, t, "doc", 0);
    a->first = first;
    a->length = (int)length;
    for (int k = 0; k < a->length; k++) {
        char name[LT_NAME_MAX + 24];
        snprintf(name, sizeof name, "%s_%d", a->name, k);
        names[first + k] = keep(b, cv->L, name);
    }
    return a->length;
}

/* The line of the lawtester.law call (1 if unknown), and the file whose text it is in: the
 * script's, or a required module's (a law table written in a module). */
static int law_call_site(const lua_law_script *script, lua_State *L, const char **file,
                         const srcloc **loc)
{
    lua_Debug ar;
    int line = 1;
    *file = script->path;
    *loc = script->loc;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar)) {
        if (ar.currentline > 0) line = ar.currentline;
        lt_module_of_source(L, ar.source, file, loc);
    }
    return line;
}

/* A new binding, pushed (index 2) as a userdata whose __gc unregisters the law. */
static lua_law *new_binding(lua_State *L, lua_law_script *script, const char *file, int line)
{
    lua_law *b = lua_newuserdatauv(L, sizeof *b, 0);
    memset(b, 0, sizeof *b);
    b->slot = -1;
    b->thread_ref = LUA_NOREF;
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, binding_gc);
    lua_setfield(L, -2, "__gc");
    lua_setmetatable(L, -2);
    b->script = script;
    b->line = line;
    b->file = file; /* the script's path, or a module's: both live as long as the state */
    return b;
}

/* name: an identifier that no registered law has yet. */
static void read_law_name(conv *cv, lua_law *b)
{
    lt_law *d = &b->desc;
    d->name = read_name(cv, b, 1, "name");
    const lt_law *taken = lt_find_law(d->name);
    if (taken) {
        const char *where = lt_law_origin(taken);
        lt_path_push_key(cv, "name");
        lt_field_error(cv, "the name '%s' is taken by %s%s", d->name,
                       where ? "the law from " : "a built-in law", where ? where : "");
    }
}

/* A parameter named by its key in params (the table on the stack top, the path at params):
 * { E = { default = ..., ... }, ... }.  Its key's source line, for the parameters' order. */
typedef struct keyed_param {
    const char *name;
    int line;
} keyed_param;

static int by_line(const void *a, const void *b)
{
    const keyed_param *x = a, *y = b;
    return x->line != y->line ? (x->line > y->line) - (x->line < y->line)
                              : strcmp(x->name, y->name);
}

/* params written by name ({ E = {...}, nu = {...} }): their names in the order they are written
 * (the source lines of their keys; by name where those are not known), at most max.  Their
 * number; 0 when params is a list (or empty). */
static int keyed_params(conv *cv, lua_law *b, keyed_param *k, int max)
{
    lua_State *L = cv->L;
    int n = 0;
    if (lua_rawlen(L, -1) > 0) return 0;
    for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1)) {
        if (lua_type(L, -2) != LUA_TSTRING)
            lt_field_error(cv, "a list of parameter tables, or parameters by name: not both");
        if (n == max) lt_field_error(cv, "more than %d parameters", max);
        k[n].name = keep(b, L, lua_tostring(L, -2));
        lt_path_push_key(cv, k[n].name);
        k[n].line = lt_conv_line(cv);
        lt_path_pop(cv);
        n++;
    }
    qsort(k, (size_t)n, sizeof *k, by_line);
    return n;
}

/* The table on the stack top replaced by a shallow copy of it with name = name. */
static void copy_named(lua_State *L, const char *name)
{
    lua_newtable(L); /* src dst */
    lua_pushnil(L);
    while (lua_next(L, -3)) { /* src dst k v */
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4); /* dst[k] = v; src dst k */
    }
    lua_pushstring(L, name);
    lua_setfield(L, -2, "name");
    lua_remove(L, -2);
}

/* params: the list of parameter tables, or the parameters by name, with their flags. */
static void read_declared_params(conv *cv, lua_law *b)
{
    lua_State *L = cv->L;
    lt_law *d = &b->desc;
    unsigned *flags = own(b, L, calloc(LT_MAX_PARAMS, sizeof *flags));
    double *scales = own(b, L, calloc(LT_MAX_PARAMS, sizeof *scales));
    lt_path_push_key(cv, "params");
    keyed_param keyed[LT_MAX_PARAMS];
    int by_name =
        lt_get_field(cv, 1, "params") == LUA_TTABLE ? keyed_params(cv, b, keyed, LT_MAX_PARAMS) : 0;
    lua_pop(L, 1);
    lt_path_pop(cv);
    int n = by_name ? 0 : push_list(cv, 1, "params", LT_MAX_PARAMS, "parameter tables");
    if (by_name) lt_path_push_key(cv, "params"), lt_get_field(cv, 1, "params"), n = by_name;
    int list = lua_gettop(L);
    for (int i = 0; i < n; i++) {
        if (by_name) {
            lt_path_push_key(cv, keyed[i].name);
            lua_getfield(L, list, keyed[i].name);
            if (!lua_istable(L, -1))
                lt_field_error(cv, "expected a table { default = ..., ... }, got %s",
                               luaL_typename(L, -1));
            if (lua_getfield(L, -1, "name") != LUA_TNIL)
                lt_field_error(cv, "a parameter given by name takes no `name` field");
            lua_pop(L, 1);
            copy_named(L, keyed[i].name);
        } else {
            lt_path_push_index(cv, i + 1);
            lua_rawgeti(L, list, i + 1);
        }
        read_param(cv, b, lua_gettop(L), i, flags, scales);
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    d->n_params = n;
    d->params = b->params;
    d->param_flags = flags;
    d->param_scales = scales;
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* A state variable's name (the string on the stack top, the path at its entry): an identifier
 * not declared before, as state value n_state. */
static void read_state_name(conv *cv, lua_law *b, int n_state)
{
    if (n_state >= LT_MAX_STATE) lt_field_error(cv, "more than %d state values", LT_MAX_STATE);
    const char *s = keep(b, cv->L, lua_tostring(cv->L, -1)), *bad = lt_identifier_problem(s);
    if (bad) lt_field_error(cv, "'%s' %s", s, bad);
    for (int j = 0; j < n_state; j++)
        if (strcmp(b->state_names[j], s) == 0)
            lt_field_error(cv, "state variable '%s' declared twice", s);
    b->state_names[n_state] = s;
}

/* state: names, and arrays { name = ..., length = N } whose values are NAME_0 ... */
static void read_state(conv *cv, lua_law *b)
{
    lua_State *L = cv->L;
    lt_law *d = &b->desc;
    int n = push_list(cv, 1, "state", LT_MAX_STATE, "state variable names");
    lt_state_array *arrays = NULL;
    int n_state = 0, n_arrays = 0;
    for (int i = 0; i < n; i++) {
        lt_path_push_index(cv, i + 1);
        int ty = lua_rawgeti(L, -1, i + 1);
        if (ty == LUA_TTABLE) {
            if (!arrays) arrays = own(b, L, calloc(LT_MAX_STATE, sizeof *arrays));
            if (n_state >= LT_MAX_STATE)
                lt_field_error(cv, "more than %d state values", LT_MAX_STATE);
            n_state += read_state_array(cv, b, lua_gettop(L), n_state, &arrays[n_arrays++],
                                        b->state_names);
        } else if (ty == LUA_TSTRING) {
            read_state_name(cv, b, n_state++);
        } else {
            lt_field_error(cv, "expected a name (or an array { name = ..., length = N }), got %s",
                           luaL_typename(L, -1));
        }
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    d->state_arrays = arrays;
    d->n_state_arrays = n_arrays;
    d->n_state = n_state;
    d->state_names = b->state_names;
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* energies: the list of energy tables. */
static void read_energies(conv *cv, lua_law *b)
{
    lua_State *L = cv->L;
    int n = push_list(cv, 1, "energies", LT_MAX_ENERGIES, "energy tables");
    for (int i = 0; i < n; i++) {
        lt_path_push_index(cv, i + 1);
        lua_rawgeti(L, -1, i + 1);
        read_energy(cv, b, lua_gettop(L), i);
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    b->desc.n_energies = n;
    b->desc.energies = b->energies;
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* friction (law API 5): the name of a parameter or a state variable, or absent. */
static void read_friction(conv *cv, lua_law *b)
{
    lt_law *d = &b->desc;
    d->friction = read_string(cv, b, 1, "friction", 0);
    if (!d->friction) return;
    int found = lt_law_param_index(d, d->friction) >= 0;
    for (int i = 0; i < d->n_state && !found; i++)
        found = strcmp(b->state_names[i], d->friction) == 0;
    lt_path_push_key(cv, "friction");
    if (!found)
        lt_field_error(cv, "'%s' is neither a parameter nor a state variable of the law",
                       d->friction);
    lt_path_pop(cv);
}

/* A free law slot (its C trampolines call the binding in it). */
static int free_law_slot(conv *cv)
{
    int slot = -1;
    for (int k = 0; k < LUA_LAW_SLOTS && slot < 0; k++)
        if (!lt_lua_law_slots[k]) slot = k;
    if (slot < 0) lt_field_error(cv, "more than %d Lua laws at once", LUA_LAW_SLOTS);
    return slot;
}

/* The law registered (its origin FILE:LINE) in slot; the binding (index 2) kept as long as the
 * state. */
static void register_binding(conv *cv, lua_law *b, int slot, const char *file, int line)
{
    lua_State *L = cv->L;
    char origin[600], err[400];
    snprintf(origin, sizeof origin, "%s:%d", file, line);
    const lt_law *reg = lt_register_law(&b->desc, origin, err, sizeof err);
    if (!reg) lt_field_error(cv, "%s", err);
    if (b->script->library && lt_law_set_library(reg, file) < 0) { /* --law-lib FILE.lua */
        lt_unregister_law(reg);
        lt_field_error(cv, "out of memory");
    }
    b->law = reg;
    b->slot = slot;
    lt_lua_law_slots[slot] = b;
    lua_pushvalue(L, 2);
    luaL_ref(L, LUA_REGISTRYINDEX);
}

/* The law table at index 1 read and registered (cv: its lines' locator, the path at the table;
 * file and line: where it is written), the binding at index 2; its name pushed. */
static int define_law(lua_State *L, lua_law_script *script, conv *cv, const char *file, int line)
{
    static const char *const keys[] = {
        "name",  "summary", "params", "state",   "energies", "init",  "step", "friction",
        "yield", "cases",   "engine", "library", "commands", "known", "wall", NULL};
    lua_settop(L, 1);
    lua_law *b = new_binding(L, script, file, line); /* index 2 */
    lt_check_keys(cv, 1, keys);
    lt_law *d = &b->desc;
    d->api_version = LT_LAW_API_VERSION;
    read_law_name(cv, b);
    int hosted = lt_has_field(cv, 1, "engine");
    d->summary = read_string(cv, b, 1, "summary", !hosted);
    if (!d->summary) d->summary = "a contact model run in its engine (docs/hosted.md)";
    read_declared_params(cv, b);
    if (hosted) { /* its engine's contact model: no state, energies or step of its own */
        lt_lua_law_refuse_own_step(cv, 1);
    } else {
        lt_lua_law_refuse_engine_fields(cv, 1);
        read_state(cv, b);
        read_energies(cv, b);
    }
    read_friction(cv, b);
    if (hosted) {
        lt_lua_law_push_hosted_step(L); /* indices 3 and 4 */
    } else {
        b->step_line = lt_function_field(cv, 1, "step", 1, "step(p, c, s, out)"); /* index 3 */
        b->init_line = lt_function_field(cv, 1, "init", 0, "init(p, c, s)");      /* index 4 */
        b->has_init = b->init_line > 0;
    }
    int slot = free_law_slot(cv);
    lt_lua_law_bind_slot(d, slot);
    lt_lua_law_make_binding(L, b, 3, 4);
    lt_lua_law_read_extras(cv, b, 1, slot);
    if (hosted) lt_lua_law_read_engine(cv, b, 1);
    register_binding(cv, b, slot, file, line);
    if (hosted) lt_lua_law_host_engine(cv, b);
    lt_lua_law_register_known(b);
    lua_pushstring(L, d->name);
    return 1;
}

int lt_lua_law_define(lua_State *L, lua_law_script *script)
{
    if (script->callback_depth > 0)
        return luaL_error(L, "lawtester.law: a law is defined by the script, not from inside a run "
                             "(an until, a done or another law's function)");
    const char *file;
    const srcloc *loc;
    int line = law_call_site(script, L, &file, &loc);
    conv cv = {.file = file, .loc = loc, .L = L, .root_line = line};
    lt_path_push_key(&cv, "law");
    if (lua_gettop(L) != 1 || !lua_istable(L, 1))
        lt_field_error(&cv, "lawtester.law takes one table { name = ..., step = function(p, c, s, "
                            "out) ... end, ... }");
    return define_law(L, script, &cv, file, line);
}

int lt_lua_law_define_returned(lua_State *L, lua_law_script *script, int index)
{
    conv cv = {.file = script->path, .loc = script->loc, .L = L};
    if (index > 0) lt_path_push_index(&cv, index);
    int line = lt_conv_line(&cv);
    if (lua_gettop(L) != 1 || !lua_istable(L, 1))
        lt_field_error(&cv, "expected a law table { name = ..., ... }, got %s",
                       luaL_typename(L, 1));
    return define_law(L, script, &cv, script->path, line > 0 ? line : 1);
}
