/* src/lua/conv.c - Lua table readers with field paths and one-line errors, down to a material
 * table (see conv.h). */
#include "lua/conv.h"
#include "base/shortg.h"
#include <lauxlib.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- field paths and errors ------------------------------------------------------------ */

void lt_path_push_key(conv *cv, const char *name)
{
    if (cv->depth < MAX_PATH_DEPTH) cv->path[cv->depth] = (srcloc_key){name, 0};
    cv->depth++;
}
void lt_path_push_index(conv *cv, int index)
{
    if (cv->depth < MAX_PATH_DEPTH) cv->path[cv->depth] = (srcloc_key){NULL, index};
    cv->depth++;
}
void lt_path_pop(conv *cv) { cv->depth--; }

int lt_conv_line(const conv *cv)
{
    if (cv->call_line > 0) return cv->call_line;
    int d = cv->depth < MAX_PATH_DEPTH ? cv->depth : MAX_PATH_DEPTH;
    if (cv->root_line > 0) {
        int skip = cv->root_unnamed ? 0 : 1;
        return lt_srcloc_line_at(cv->loc, cv->root_line, cv->path + skip, d - skip);
    }
    return lt_srcloc_line(cv->loc, cv->path, d);
}

static void path_format(const conv *cv, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    int d = cv->depth < MAX_PATH_DEPTH ? cv->depth : MAX_PATH_DEPTH;
    for (int i = 0; i < d && used < n; i++) {
        int w = cv->path[i].name
                    ? snprintf(buf + used, n - used, i ? ".%s" : "%s", cv->path[i].name)
                    : snprintf(buf + used, n - used, "[%d]", cv->path[i].index);
        if (w < 0) break;
        used += (size_t)w;
    }
}

/* Raise `FILE:LINE: field PATH: message` as a Lua error (does not return). */
_Noreturn void lt_field_error(conv *cv, const char *fmt, ...)
{
    char msg[300], path[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    path_format(cv, path, sizeof path);
    if (path[0])
        lua_pushfstring(cv->L, "%s:%d: field %s: %s", cv->file, lt_conv_line(cv), path, msg);
    else
        lua_pushfstring(cv->L, "%s:%d: %s", cv->file, lt_conv_line(cv), msg);
    lua_error(cv->L);
    abort(); /* not reached: lua_error does not return */
}

/* ---- typed field readers (table at stack index t) ------------------------------------- */

/* A key check_keys refuses: an entry that is no name, or a name the list does not allow. */
typedef struct bad_key {
    int line;       /* its line in the script (the table's when it has no line of its own) */
    int entry;      /* 1: an entry [k] that is no name (k its text), 0: an unknown name */
    char text[256]; /* a longer key is named by its first 255 bytes */
} bad_key;

static int allowed_key(const char *k, const char *const *allowed)
{
    for (int i = 0; allowed[i]; i++)
        if (strcmp(k, allowed[i]) == 0) return 1;
    return 0;
}

/* 1 if a comes before b: by line, then an entry before a name, then by text.  The error names
 * the first, the same on every run whatever order Lua's table walk gives (string hashes are
 * seeded per run). */
static int bad_key_before(const bad_key *a, const bad_key *b)
{
    if (a->line != b->line) return a->line < b->line;
    if (a->entry != b->entry) return a->entry;
    return strcmp(a->text, b->text) < 0;
}

/* The key at the top of the stack, if refused, as a bad_key (its line found by its path); 0 when
 * the key is allowed. */
static int refused_key(conv *cv, const char *const *allowed, bad_key *b)
{
    lua_State *L = cv->L;
    b->entry = lua_type(L, -1) != LUA_TSTRING;
    if (b->entry) {
        lua_pushvalue(L, -1);
        snprintf(b->text, sizeof b->text, "%s", luaL_tolstring(L, -1, NULL));
        lua_pop(L, 2);
        int index = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : 0;
        if (index > 0) lt_path_push_index(cv, index);
        b->line = lt_conv_line(cv);
        if (index > 0) lt_path_pop(cv);
        return 1;
    }
    const char *k = lua_tostring(L, -1);
    if (allowed_key(k, allowed)) return 0;
    snprintf(b->text, sizeof b->text, "%s", k);
    lt_path_push_key(cv, k);
    b->line = lt_conv_line(cv);
    lt_path_pop(cv);
    return 1;
}

void lt_check_keys_for(conv *cv, int t, const char *const *allowed, const char *what)
{
    lua_State *L = cv->L;
    t = lua_absindex(L, t);
    bad_key first = {0}, b;
    int found = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (refused_key(cv, allowed, &b) && (!found || bad_key_before(&b, &first)))
            first = b, found = 1;
    }
    if (!found) return;
    if (first.entry)
        lt_field_error(cv, "unexpected entry [%s] (only named keys are allowed here)", first.text);
    lt_path_push_key(cv, first.text);
    char list[400] = "";
    size_t u = 0;
    for (int i = 0; allowed[i] && u < sizeof list; i++)
        u += (size_t)snprintf(list + u, sizeof list - u, i ? ", %s" : "%s", allowed[i]);
    lt_field_error(cv, "unknown key '%s'%s%s (allowed: %s)", first.text, what ? " " : "",
                   what ? what : "", list);
}

void lt_check_keys(conv *cv, int t, const char *const *allowed)
{
    lt_check_keys_for(cv, t, allowed, NULL);
}

/* Push field key of table t; returns its Lua type. */
int lt_get_field(conv *cv, int t, const char *key)
{
    return lua_getfield(cv->L, lua_absindex(cv->L, t), key);
}

/* The valid range [min, max] in words: "> 0" for a min of at most 1e-300 (the readers' "positive"),
 * no upper end for a max of 1e300 or more (the readers' "finite"). */
static void range_text(double min, double max, char *buf, size_t n)
{
    int lo = min > -INFINITY, hi = max<1e300, pos = min> 0 && min <= 1e-300;
    char a[32], b[32];
    lt_shortg(min, a, sizeof a);
    lt_shortg(max, b, sizeof b);
    if (lo && hi)
        snprintf(buf, n, pos ? "in (0, %s]" : "in [%s, %s]", pos ? b : a, b);
    else if (lo)
        snprintf(buf, n, pos ? "> 0" : ">= %s", a);
    else if (hi)
        snprintf(buf, n, "<= %s", b);
    else
        snprintf(buf, n, "finite");
}

/* The number at stack index i: finite, within [min, max]. */
double lt_to_number(conv *cv, int i, double min, double max)
{
    return lt_to_number_in(cv, i, min, max, 0, 0);
}

double lt_to_number_in(conv *cv, int i, double min, double max, int lo_open, int hi_open)
{
    lua_State *L = cv->L;
    if (lua_type(L, i) != LUA_TNUMBER)
        lt_field_error(cv, "expected a number, got %s", luaL_typename(L, i));
    double x = lua_tonumber(L, i);
    if (isnan(x)) lt_field_error(cv, "is NaN");
    if (isinf(x)) lt_field_error(cv, "is not finite");
    /* an infinite end is never a value here (refused above): its text as a closed range's */
    lo_open = lo_open && isfinite(min), hi_open = hi_open && isfinite(max);
    if (lo_open || hi_open ? !(lo_open ? x > min : x >= min) || !(hi_open ? x < max : x <= max)
                           : x < min || x > max) {
        char range[80], v[32], a[32], b[32];
        if (lo_open || hi_open)
            snprintf(range, sizeof range, "in %c%s, %s%c", lo_open || isinf(min) ? '(' : '[',
                     lt_shortg(min, a, sizeof a), lt_shortg(max, b, sizeof b),
                     hi_open || isinf(max) ? ')' : ']');
        else
            range_text(min, max, range, sizeof range);
        lt_field_error(cv, "value %s out of range: must be %s", lt_shortg(x, v, sizeof v), range);
    }
    return x;
}

void lt_check_list(conv *cv, int t, int n, const char *what)
{
    lua_State *L = cv->L;
    t = lua_absindex(L, t);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= n)
            continue;
        if (lua_type(L, -1) == LUA_TSTRING) {
            lt_path_push_key(cv, lua_tostring(L, -1));
            lt_field_error(cv, "unexpected key '%s' (%s)", lua_tostring(L, -1), what);
        }
        lua_pushvalue(L, -1);
        lt_field_error(cv, "unexpected entry [%s] (%s)", luaL_tolstring(L, -1, NULL), what);
    }
}

/* Optional number field: keeps *out when absent. */
void lt_opt_number(conv *cv, int t, const char *key, double *out, double min, double max)
{
    lt_path_push_key(cv, key);
    if (lt_get_field(cv, t, key) != LUA_TNIL) *out = lt_to_number(cv, -1, min, max);
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
}

void lt_opt_modulus(conv *cv, int t, const char *key, double *out)
{
    lt_path_push_key(cv, key);
    if (lt_get_field(cv, t, key) != LUA_TNIL) {
        lua_State *L = cv->L;
        if (lua_type(L, -1) != LUA_TNUMBER)
            lt_field_error(cv, "expected a number, got %s", luaL_typename(L, -1));
        double x = lua_tonumber(L, -1);
        if (isnan(x)) lt_field_error(cv, "is NaN");
        /* 1e-300 as lt_to_number's "> 0" (1/E stays finite); +inf is the rigid body */
        if (!(x >= 1e-300))
            lt_field_error(cv, "value %g out of range: must be > 0, or math.huge for a rigid body",
                           x);
        *out = x;
    }
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
}

void lt_opt_integer(conv *cv, int t, const char *key, long *out, long min, long max)
{
    lt_path_push_key(cv, key);
    if (lt_get_field(cv, t, key) != LUA_TNIL) {
        double x = lt_to_number(cv, -1, (double)min, (double)max);
        if (x != floor(x)) lt_field_error(cv, "expected a whole number, got %g", x);
        /* a Lua integer exactly (a double rounds above 2^53), and the bounds in long ((double)max
         * may round up past max) */
        int exact = lua_isinteger(cv->L, -1);
        int fits = exact || (x >= -9223372036854775808.0 && x < 9223372036854775808.0);
        long v = exact ? (long)lua_tointeger(cv->L, -1) : fits ? (long)x : 0;
        if (!fits || v < min || v > max)
            lt_field_error(cv, "value %.17g out of range: must be in [%ld, %ld]", x, min, max);
        *out = v;
    }
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
}

void lt_opt_bool(conv *cv, int t, const char *key, int *out)
{
    lt_path_push_key(cv, key);
    int ty = lt_get_field(cv, t, key);
    if (ty == LUA_TBOOLEAN)
        *out = lua_toboolean(cv->L, -1);
    else if (ty != LUA_TNIL)
        lt_field_error(cv, "expected true or false, got %s", luaL_typename(cv->L, -1));
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
}

void lt_read_vec3(conv *cv, int i, vec3 *out)
{
    lua_State *L = cv->L;
    i = lua_absindex(L, i);
    if (!lua_istable(L, i))
        lt_field_error(cv, "expected a table of 3 numbers, got %s", luaL_typename(L, i));
    if (lua_rawlen(L, i) != 3)
        lt_field_error(cv, "expected 3 numbers, got %d", (int)lua_rawlen(L, i));
    lt_check_list(cv, i, 3, "a list of 3 numbers {x, y, z}");
    double x[3];
    for (int k = 0; k < 3; k++) {
        lt_path_push_index(cv, k + 1);
        lua_rawgeti(L, i, k + 1);
        x[k] = lt_to_number(cv, -1, -INFINITY, INFINITY);
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    *out = v3(x[0], x[1], x[2]);
}

void lt_opt_vec3(conv *cv, int t, const char *key, vec3 *out)
{
    lt_path_push_key(cv, key);
    if (lt_get_field(cv, t, key) != LUA_TNIL) lt_read_vec3(cv, -1, out);
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
}

int lt_has_field(conv *cv, int t, const char *key)
{
    int ty = lt_get_field(cv, t, key);
    lua_pop(cv->L, 1);
    return ty != LUA_TNIL;
}

void lt_opt_positive(conv *cv, int t, const char *key, double *out)
{
    lt_path_push_key(cv, key);
    if (lt_get_field(cv, t, key) != LUA_TNIL) {
        double x = lt_to_number(cv, -1, -INFINITY, INFINITY);
        if (!(x > 0) || !isfinite(x)) lt_field_error(cv, "must be a finite number > 0, got %g", x);
        *out = x;
    }
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
}

void lt_opt_choice(conv *cv, int t, const char *key, const char *const *names, int n, int *out)
{
    lt_path_push_key(cv, key);
    int ty = lt_get_field(cv, t, key);
    if (ty != LUA_TNIL) {
        char list[200] = "";
        size_t u = 0;
        for (int i = 0; i < n && u < sizeof list; i++)
            u += (size_t)snprintf(list + u, sizeof list - u, i ? ", %s" : "%s", names[i]);
        if (ty != LUA_TSTRING)
            lt_field_error(cv, "expected one of %s, got %s", list, luaL_typename(cv->L, -1));
        const char *v = lua_tostring(cv->L, -1);
        int found = -1;
        for (int i = 0; i < n; i++)
            if (strcmp(names[i], v) == 0) found = i;
        if (found < 0) lt_field_error(cv, "unknown value '%s' (one of %s)", v, list);
        *out = found;
    }
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
}

void lt_opt_nonzero_vec3(conv *cv, int t, const char *key, vec3 *out)
{
    lt_path_push_key(cv, key);
    if (lt_get_field(cv, t, key) != LUA_TNIL) {
        lt_read_vec3(cv, -1, out);
        if (!v3_isfinite(*out)) lt_field_error(cv, "is not finite");
        if (!(v3_norm(*out) > 0)) lt_field_error(cv, "must not be the zero vector");
        /* a direction: one whose length overflows or underflows (1e308 or 1e-310 components) is
         * scaled by its largest component first, so it stays the direction given */
        double len = v3_norm(*out);
        if (!isfinite(len) || len < 1e-150) {
            double m = fmax(fabs(out->x), fmax(fabs(out->y), fabs(out->z)));
            *out = v3(out->x / m, out->y / m, out->z / m);
        }
    }
    lua_pop(cv->L, 1);
    lt_path_pop(cv);
}

int lt_function_field(conv *cv, int t, const char *key, int required, const char *sig)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, key);
    int ty = lt_get_field(cv, t, key);
    int line = 0;
    if (ty == LUA_TNIL && required) lt_field_error(cv, "missing: the function %s is required", sig);
    if (ty != LUA_TNIL) {
        if (ty != LUA_TFUNCTION)
            lt_field_error(cv, "expected the function %s, got %s", sig, luaL_typename(L, -1));
        lua_Debug ar;
        lua_pushvalue(L, -1);
        if (lua_getinfo(L, ">S", &ar)) line = ar.linedefined;
        if (line <= 0) line = lt_conv_line(cv);
    }
    lt_path_pop(cv);
    return line;
}

/* ---- materials ------------------------------------------------------------------------- */

static const char *const material_keys[] = {"young",   "poisson", "density",
                                            "ktDivKn", "tanPhi",  NULL};

void lt_read_material(conv *cv, int t, lt_material *m)
{
    if (!lua_istable(cv->L, t))
        lt_field_error(cv, "expected a material table, got %s", luaL_typename(cv->L, t));
    lt_check_keys(cv, t, material_keys);
    lt_opt_modulus(cv, t, "young", &m->young);
    lt_opt_number(cv, t, "poisson", &m->poisson, -1, 0.5);
    /* in the closed range for the message's sake; -1 itself has no meaning */
    if (m->poisson == -1) {
        lt_path_push_key(cv, "poisson");
        lt_field_error(cv, "value -1 out of range: must be in (-1, 0.5] (nu = -1 makes the shear "
                           "modulus E/(2(1 + nu)) infinite)");
    }
    lt_opt_number(cv, t, "density", &m->density, 1e-300, INFINITY);
    lt_opt_number(cv, t, "ktDivKn", &m->ktDivKn, 0, INFINITY);
    lt_opt_number(cv, t, "tanPhi", &m->tanPhi, 0, INFINITY);
}

void lt_check_rigid_pair(conv *cv, const lt_material *a, const lt_material *b)
{
    if (isinf(a->young) && isinf(b->young))
        lt_field_error(cv,
                       "both bodies are rigid (young = math.huge): no finite contact modulus, 1/E* "
                       "= (1 - nu1^2)/E1 + (1 - nu2^2)/E2 = 0; give one body a finite young");
}
