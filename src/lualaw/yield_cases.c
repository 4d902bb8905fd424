/* src/lualaw/yield_cases.c - the yield surface and the analytic cases of a contact law written in
 * Lua (docs/lua-laws.md, "Yield surface and cases"): `yield = {...}` and `cases = {...}` of a
 * `lawtester.law{...}` table read into the law's lt_yield and lt_case descriptors
 * (include/lawtester/law.h), whose functions are C trampolines calling the law's Lua functions
 * (slots.c; the call: call_extra.c), so that probes (lawtester.probe_yield), the surface plots,
 * `lawtester.verify_law` with the law's cases and the oblique sweep (verify_oblique.c, for a law
 * with an impact case) run on a Lua law as on a C one.  The Lua functions are kept in one table per
 * law, which the registry holds as long as the binding, with a read-only proxy of the law's state
 * table for the yield functions.
 */
#define _POSIX_C_SOURCE 200809L
#include "contact/law_check.h"
#include "lua/names.h"
#include "lualaw/lualaw_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- strings kept for the law's life --------------------------------------------------------- */

static const char *keep_or_raise(conv *cv, lua_law_extra *x, const char *s)
{
    const char *k = lt_lua_law_keep(x, s);
    if (!k) luaL_error(cv->L, "out of memory");
    return k;
}

/* ---- reading the tables ---------------------------------------------------------------------- */

static const char *read_str(conv *cv, lua_law_extra *x, int t, const char *key, int required,
                            const char *what)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, key);
    int ty = lt_get_field(cv, t, key);
    const char *s = NULL;
    if (ty == LUA_TNIL && required) lt_field_error(cv, "missing (%s)", what);
    if (ty != LUA_TNIL) {
        if (ty != LUA_TSTRING || !*lua_tostring(L, -1))
            lt_field_error(cv, "expected %s, got %s", what,
                           ty == LUA_TSTRING ? "an empty string" : luaL_typename(L, -1));
        s = keep_or_raise(cv, x, lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
    return s;
}

/* yield = { ft_max, fn_max, yielding, excess, dofs, formula } at index t into x->yield; its
 * functions into the table at index X. */
static void read_yield(conv *cv, lua_law *b, lua_law_extra *x, int t, int X, int slot)
{
    static const char *const keys[] = {"ft_max", "fn_max",  "yielding", "excess",
                                       "dofs",   "formula", NULL};
    lua_State *L = cv->L;
    if (!lua_istable(L, t))
        lt_field_error(cv,
                       "expected a table { ft_max = ..., fn_max = ..., yielding = ..., formula = "
                       "... }, got %s",
                       luaL_typename(L, t));
    lt_check_keys(cv, t, keys);
    static const char *const sigs[4] = {"ft_max(p, s, Fn)", "fn_max(p, s) (or a number)",
                                        "yielding(p, s)", "excess(p, s, f)"};
    for (int i = 0; i < 4; i++) {
        snprintf(x->yield_what[i], sizeof x->yield_what[i], "yield.%s",
                 lt_lua_law_yield_fn_names[i]);
        if (i == X_FN_MAX) {
            lt_path_push_key(cv, "fn_max");
            if (lt_get_field(cv, t, "fn_max") == LUA_TNUMBER) {
                x->has_fn_max_number = 1;
                x->fn_max_number = lt_to_number(cv, -1, -INFINITY, INFINITY);
                lua_pop(L, 1);
                lt_path_pop(cv);
                continue;
            }
            lua_pop(L, 1);
            lt_path_pop(cv);
        }
        x->yield_line[i] =
            lt_function_field(cv, t, lt_lua_law_yield_fn_names[i], i != X_EXCESS, sigs[i]);
        lua_setfield(L, X, lt_lua_law_yield_fn_names[i]);
    }
    lt_lua_law_bind_yield(&x->yield, slot, x->yield_line[X_EXCESS] != 0);
    x->yield.formula =
        read_str(cv, x, t, "formula", 1, "one line: the surface, for legends and `lawtester laws`");
    lt_path_push_key(cv, "dofs");
    int ty = lt_get_field(cv, t, "dofs");
    if (ty != LUA_TNIL) {
        if (!x->yield.excess)
            lt_field_error(cv, "the DoFs of a surface given by `excess` (without it the surface is "
                               "in (Fn, |Ft|): DoFs 1, 2, 3)");
        if (ty != LUA_TTABLE)
            lt_field_error(cv, "expected a list of DoF numbers 1..6, got %s", luaL_typename(L, -1));
        int n = (int)lua_rawlen(L, -1);
        lt_check_list(cv, -1, n, "a list of DoF numbers 1..6");
        if (n < 2) lt_field_error(cv, "%d DoFs: a surface is over at least two", n);
        for (int i = 1; i <= n; i++) {
            lt_path_push_index(cv, i);
            lua_rawgeti(L, -1, i);
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > LT_DOF)
                lt_field_error(cv,
                               "expected a DoF number 1..6 (normal, shear y, shear z, twist, bend "
                               "y, bend z), got %s",
                               luaL_tolstring(L, -1, NULL));
            unsigned bit = 1u << (lua_tointeger(L, -1) - 1);
            if (x->yield.dofs & bit) lt_field_error(cv, "DoF %d twice", (int)lua_tointeger(L, -1));
            x->yield.dofs |= bit;
            lua_pop(L, 1);
            lt_path_pop(cv);
        }
    } else if (x->yield.excess) {
        x->yield.dofs = 0x07u;
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
    b->desc.yield = &x->yield;
}

static const char *const case_kinds[] = {"normal",      "cycle",       "impact",
                                         "closed_loop", "shear_cycle", NULL};
static const lt_case_kind case_kind_values[] = {LT_CASE_NORMAL, LT_CASE_CYCLE, LT_CASE_IMPACT,
                                                LT_CASE_CLOSED_LOOP, LT_CASE_SHEAR_CYCLE};

/* A number that is one value for both bodies or a pair {A, B} (field key of t). */
static void read_pair(conv *cv, int t, const char *key, double out[2], double min, double max)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, key);
    int ty = lt_get_field(cv, t, key);
    if (ty == LUA_TNUMBER) {
        out[0] = out[1] = lt_to_number(cv, -1, min, max);
    } else if (ty == LUA_TTABLE) {
        lt_check_list(cv, -1, 2, "two values {A, B}");
        for (int i = 0; i < 2; i++) {
            lt_path_push_index(cv, i + 1);
            if (lua_rawgeti(L, -1, i + 1) == LUA_TNIL)
                lt_field_error(cv, "missing (two values {A, B})");
            out[i] = lt_to_number(cv, -1, min, max);
            lua_pop(L, 1);
            lt_path_pop(cv);
        }
    } else if (ty != LUA_TNIL) {
        lt_field_error(cv, "expected a number or two {A, B}, got %s", luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* set = { NAME = value } (the law's parameters, as a test's params) into cs->set. */
static void read_set(conv *cv, lua_law *b, int t, lt_case *cs)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "set");
    int ty = lt_get_field(cv, t, "set");
    if (ty != LUA_TNIL) {
        if (ty != LUA_TTABLE)
            lt_field_error(cv, "expected a table { NAME = value } of the law's parameters, got %s",
                           luaL_typename(L, -1));
        int s = lua_gettop(L), np = b->desc.n_params, n = 0;
        const char *names[LT_MAX_PARAMS + 1];
        for (int i = 0; i < np; i++) names[i] = b->params[i].name;
        names[np] = NULL;
        lt_check_keys_for(cv, s, names, "of the law's parameters");
        for (int i = 0; i < np; i++) {
            const lt_param *p = &b->params[i];
            lt_path_push_key(cv, p->name);
            int vt = lt_get_field(cv, s, p->name);
            if (vt != LUA_TNIL) {
                if (n == LT_CASE_MAX_SET)
                    lt_field_error(cv, "more than %d parameters set by one case", LT_CASE_MAX_SET);
                double v = 0;
                if (p->kind == LT_BOOL) {
                    if (vt != LUA_TBOOLEAN)
                        lt_field_error(cv, "expected a boolean, got %s", luaL_typename(L, -1));
                    v = lua_toboolean(L, -1);
                } else if (p->kind == LT_CHOICE) {
                    v = -1;
                    for (int j = 0; vt == LUA_TSTRING && p->choices[j]; j++)
                        if (strcmp(p->choices[j], lua_tostring(L, -1)) == 0) v = j;
                    if (v < 0)
                        lt_field_error(cv, "expected one of the choices of '%s' (a string)",
                                       p->name);
                } else {
                    unsigned fl = lt_law_param_flags(&b->desc, i);
                    v = lt_to_number_in(cv, -1, p->min, p->max, !!(fl & LT_PARAM_MIN_OPEN),
                                        !!(fl & LT_PARAM_MAX_OPEN));
                }
                cs->set[n].name = p->name; /* the binding's string, kept as long as the law */
                cs->set[n++].value = v;
            }
            lua_pop(L, 1);
            lt_path_pop(cv);
        }
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* load = { NAME = value } by the names of the case's kind into cs->load. */
static void read_load(conv *cv, int t, lt_case *cs)
{
    lua_State *L = cv->L;
    int n;
    const char *const *names = lt_lua_law_load_names(cs->kind, &n);
    lt_path_push_key(cv, "load");
    int ty = lt_get_field(cv, t, "load");
    if (ty != LUA_TTABLE) {
        static const char *const want[] = {
            "{ overlap = m, speed = m/s }",
            "{ overlap = m, amplitude = m or rad, speed = m/s or rad/s }",
            "{ vn = m/s [, vt = m/s, spin = rad/s, gap = -] }",
            "{ overlap = m, amplitude = m or rad }"};
        int k = cs->kind == LT_CASE_NORMAL        ? 0
                : cs->kind == LT_CASE_SHEAR_CYCLE ? 1
                : cs->kind == LT_CASE_IMPACT      ? 2
                                                  : 3;
        lt_field_error(cv, "%s (a table %s), got %s", ty == LUA_TNIL ? "missing" : "expected",
                       want[k], luaL_typename(L, -1));
    }
    int l = lua_gettop(L);
    lt_check_keys_for(cv, l, names, "for this kind of case");
    for (int i = 0; i < n; i++) {
        int optional = cs->kind == LT_CASE_IMPACT && i > 0;
        if (!optional && !lt_has_field(cv, l, names[i])) {
            lt_path_push_key(cv, names[i]);
            lt_field_error(cv, "missing (a number)");
        }
        cs->load[i] = 0;
        lt_opt_number(cv, l, names[i], &cs->load[i], optional && i < 3 ? -INFINITY : 0, INFINITY);
        if (!optional && !(cs->load[i] > 0)) {
            lt_path_push_key(cv, names[i]);
            lt_field_error(cv, "must be > 0, got %g", cs->load[i]);
        }
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* name: a valid case name, not one of an earlier case's. */
static void read_case_name(conv *cv, lua_law_extra *x, int t, int i)
{
    lt_case *cs = &x->cases[i];
    cs->name =
        read_str(cv, x, t, "name", 1, "a string: the case's name in the rows and for --case");
    lt_path_push_key(cv, "name");
    if (!lt_valid_name(cs->name) || strlen(cs->name) > LT_NAME_MAX)
        lt_field_error(cv, "'%s' is not a valid case name (letters, digits, - _ . +; at most %d)",
                       cs->name, LT_NAME_MAX);
    for (int j = 0; j < i; j++)
        if (strcmp(x->cases[j].name, cs->name) == 0)
            lt_field_error(cv, "'%s' is also the name of cases[%d]", cs->name, j + 1);
    lt_path_pop(cv);
}

/* kind (required): one of case_kinds. */
static void read_case_kind(conv *cv, int t, lt_case *cs)
{
    lt_path_push_key(cv, "kind");
    if (!lt_has_field(cv, t, "kind"))
        lt_field_error(cv, "missing (normal, cycle, impact or closed_loop)");
    lt_path_pop(cv);
    int kind = 0;
    lt_opt_choice(cv, t, "kind", case_kinds, 5, &kind);
    cs->kind = case_kind_values[kind];
}

/* shape = {A, B}, each "sphere" or "wall" (default: two spheres). */
static void read_shapes(conv *cv, int t, lt_case *cs)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "shape");
    int ty = lt_get_field(cv, t, "shape");
    if (ty != LUA_TNIL) {
        if (ty != LUA_TTABLE)
            lt_field_error(cv, "expected two shapes {A, B}, \"sphere\" or \"wall\", got %s",
                           luaL_typename(L, -1));
        lt_check_list(cv, -1, 2, "two shapes {A, B}");
        for (int k = 0; k < 2; k++) {
            lt_path_push_index(cv, k + 1);
            lua_rawgeti(L, -1, k + 1);
            const char *s = lua_tostring(L, -1);
            if (lua_type(L, -1) != LUA_TSTRING || (strcmp(s, "sphere") && strcmp(s, "wall")))
                lt_field_error(cv, "expected \"sphere\" or \"wall\", got %s",
                               lua_type(L, -1) == LUA_TSTRING ? s : luaL_typename(L, -1));
            cs->shape[k] = s[0] == 's' ? "sphere" : "wall";
            lua_pop(L, 1);
            lt_path_pop(cv);
        }
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* radius: one for both bodies or {A, B}; required for a sphere. */
static void read_radii(conv *cv, int t, lt_case *cs)
{
    cs->radius[0] = cs->radius[1] = NAN;
    read_pair(cv, t, "radius", cs->radius, 1e-300, INFINITY);
    for (int k = 0; k < 2; k++)
        if (cs->shape[k][0] == 's' && isnan(cs->radius[k])) {
            lt_path_push_key(cv, "radius");
            lt_field_error(cv, "missing (m: a number for both spheres, or {A, B})");
        }
}

/* mat: one material table for both bodies or two {A, B} (default: the test's). */
static void read_mats(conv *cv, int t, lt_case *cs)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "mat");
    int ty = lt_get_field(cv, t, "mat");
    if (ty != LUA_TNIL) {
        if (ty != LUA_TTABLE)
            lt_field_error(cv, "expected a material table (both bodies) or two {A, B}, got %s",
                           luaL_typename(L, -1));
        if (lua_rawgeti(L, -1, 1) == LUA_TTABLE) {
            lua_pop(L, 1);
            lt_check_list(cv, -1, 2, "two material tables {A, B}");
            for (int k = 0; k < 2; k++) {
                lt_path_push_index(cv, k + 1);
                lua_rawgeti(L, -1, k + 1);
                lt_read_material(cv, lua_gettop(L), &cs->mat[k]);
                lua_pop(L, 1);
                lt_path_pop(cv);
            }
        } else {
            lua_pop(L, 1);
            lt_read_material(cv, lua_gettop(L), &cs->mat[0]);
            cs->mat[1] = cs->mat[0];
        }
        lt_check_rigid_pair(cv, &cs->mat[0], &cs->mat[1]);
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* fixed = {A, B}, two booleans: for an impact only (the other kinds hold both bodies). */
static void read_fixed(conv *cv, int t, lt_case *cs)
{
    lua_State *L = cv->L;
    lt_path_push_key(cv, "fixed");
    int ty = lt_get_field(cv, t, "fixed");
    if (ty != LUA_TNIL) {
        if (cs->kind != LT_CASE_IMPACT)
            lt_field_error(cv, "only an impact has free bodies (the other kinds hold both)");
        if (ty != LUA_TTABLE)
            lt_field_error(cv, "expected two booleans {A, B}, got %s", luaL_typename(L, -1));
        lt_check_list(cv, -1, 2, "two booleans {A, B}");
        for (int k = 0; k < 2; k++) {
            lt_path_push_index(cv, k + 1);
            if (lua_rawgeti(L, -1, k + 1) != LUA_TBOOLEAN)
                lt_field_error(cv, "expected a boolean, got %s", luaL_typename(L, -1));
            cs->fixed[k] = lua_toboolean(L, -1);
            lua_pop(L, 1);
            lt_path_pop(cv);
        }
    }
    lua_pop(L, 1);
    lt_path_pop(cv);
}

/* The bodies: shapes, radii, materials (defaults: two spheres of the default test's materials)
 * and which are fixed. */
static void read_bodies(conv *cv, int t, lt_case *cs)
{
    lt_test dflt = lt_default_test();
    for (int k = 0; k < 2; k++) cs->shape[k] = "sphere", cs->mat[k] = dflt.body[k].mat;
    read_shapes(cv, t, cs);
    read_radii(cv, t, cs);
    read_mats(cv, t, cs);
    read_fixed(cv, t, cs);
}

/* steps (required): the resolution, steps per leg or per contact time. */
static void read_case_steps(conv *cv, int t, lt_case *cs)
{
    lt_path_push_key(cv, "steps");
    if (!lt_has_field(cv, t, "steps"))
        lt_field_error(cv, "missing (the resolution: steps per leg, or per contact time)");
    lt_path_pop(cv);
    cs->steps = NAN;
    lt_opt_positive(cv, t, "steps", &cs->steps);
}

/* The fields of one kind only: dofs (closed_loop), converge (impact), dof (cycle); any of them
 * given to a case of another kind is an error. */
static void read_kind_fields(conv *cv, lua_law_extra *x, int t, lt_case *cs)
{
    if (cs->kind == LT_CASE_CLOSED_LOOP) {
        const char *d = read_str(cv, x, t, "dofs", 1,
                                 "6 characters, 'v' for a DoF on the loop, '.' for one held");
        if (strlen(d) != LT_DOF || strspn(d, "v.") != LT_DOF || !strchr(d, 'v')) {
            lt_path_push_key(cv, "dofs");
            lt_field_error(cv,
                           "'%s': 6 characters, 'v' for a DoF on the loop, '.' for one held (at "
                           "least one 'v')",
                           d);
        }
        cs->dofs = d;
    }
    if (cs->kind == LT_CASE_IMPACT) lt_opt_bool(cv, t, "converge", &cs->converge);
    if (cs->kind == LT_CASE_SHEAR_CYCLE) {
        long dof = 2;
        lt_opt_integer(cv, t, "dof", &dof, 2, LT_DOF);
        cs->dof = (int)dof - 1;
    }
    static const char *const only_for[][2] = {
        {"dofs", "closed_loop"}, {"converge", "impact"}, {"dof", "cycle"}};
    static const lt_case_kind only_kind[] = {LT_CASE_CLOSED_LOOP, LT_CASE_IMPACT,
                                             LT_CASE_SHEAR_CYCLE};
    for (int k = 0; k < 3; k++)
        if (cs->kind != only_kind[k] && lt_has_field(cv, t, only_for[k][0])) {
            lt_path_push_key(cv, only_for[k][0]);
            lt_field_error(cv, "is for a case of kind %s", only_for[k][1]);
        }
}

/* The closed forms expect, along, curve (each required by some kinds) into a table of case i's
 * functions, set at F[i + 1]; their lines and names for messages into x. */
static void read_case_functions(conv *cv, lua_law_extra *x, int t, int i, int F)
{
    static const char *const sigs[3] = {"expect(env)", "along(env, uN)", "curve(env, s)"};
    lua_State *L = cv->L;
    const lt_case *cs = &x->cases[i];
    lua_createtable(L, 0, 3);
    int fns = lua_gettop(L);
    int needs_expect = cs->kind == LT_CASE_IMPACT || cs->kind == LT_CASE_SHEAR_CYCLE,
        needs_along = cs->kind == LT_CASE_NORMAL;
    for (int k = 0; k < 3; k++) {
        int line = lt_function_field(cv, t, lt_lua_law_case_fn_names[k],
                                     (k == 0 && needs_expect) || (k == 1 && needs_along), sigs[k]);
        if (line && k == 1 && !needs_along) {
            lt_path_push_key(cv, "along");
            lt_field_error(cv, "is for a case of kind normal");
        }
        lua_setfield(L, fns, lt_lua_law_case_fn_names[k]);
        x->case_line[i][k] = line;
        char what[LT_NAME_MAX + 32];
        snprintf(what, sizeof what, "case '%s' %s", cs->name, lt_lua_law_case_fn_names[k]);
        x->case_what[i][k] = (char *)keep_or_raise(cv, x, what);
    }
    lua_rawseti(L, F, i + 1);
}

/* along_tol and along_why: required for a normal or closed_loop case, refused for the others. */
static void read_along_tol(conv *cv, lua_law_extra *x, int t, lt_case *cs)
{
    if (cs->kind == LT_CASE_NORMAL || cs->kind == LT_CASE_CLOSED_LOOP) {
        lt_path_push_key(cv, "along_tol");
        if (!lt_has_field(cv, t, "along_tol"))
            lt_field_error(cv, "missing (a number >= 0: %s)",
                           cs->kind == LT_CASE_NORMAL
                               ? "the largest deviation of each column of `along`, relative to its "
                                 "largest |value|"
                               : "the net work, relative to the largest stored energy");
        lt_path_pop(cv);
        lt_opt_number(cv, t, "along_tol", &cs->along_tol, 0, INFINITY);
        cs->along_why = read_str(cv, x, t, "along_why", 1, "one line: why along_tol is that size");
    } else {
        for (int k = 0; k < 2; k++) {
            const char *key = k ? "along_why" : "along_tol";
            lt_path_push_key(cv, key);
            if (lt_has_field(cv, t, key))
                lt_field_error(cv, "is for a case of kind normal or closed_loop");
            lt_path_pop(cv);
        }
    }
}

/* Case i (table at index t) into x->cases[i]; its functions into the table at index F. */
static void read_case(conv *cv, lua_law *b, lua_law_extra *x, int t, int i, int F)
{
    static const char *const keys[] = {"name",      "doc",       "kind",  "set",    "shape",
                                       "radius",    "mat",       "fixed", "load",   "steps",
                                       "dofs",      "converge",  "dof",   "expect", "along",
                                       "along_tol", "along_why", "curve", NULL};
    lt_case *cs = &x->cases[i];
    if (!lua_istable(cv->L, t))
        lt_field_error(cv, "expected a case table { name = ..., kind = ..., ... }, got %s",
                       luaL_typename(cv->L, t));
    lt_check_keys(cv, t, keys);
    read_case_name(cv, x, t, i);
    cs->doc = read_str(cv, x, t, "doc", 1, "one line: what is checked, against what closed form");
    read_case_kind(cv, t, cs);
    read_set(cv, b, t, cs);
    read_bodies(cv, t, cs);
    read_load(cv, t, cs);
    read_case_steps(cv, t, cs);
    read_kind_fields(cv, x, t, cs);
    read_case_functions(cv, x, t, i, F);
    read_along_tol(cv, x, t, cs);
    if (lt_lua_law_bind_case(b, i) < 0)
        lt_field_error(cv, "more than %d cases of Lua laws at once", CASE_SLOTS);
}

void lt_lua_law_read_extras(conv *cv, lua_law *b, int t, int slot)
{
    lua_State *L = cv->L;
    int top = lua_gettop(L);
    int has_yield = lua_getfield(L, t, "yield") != LUA_TNIL,
        has_cases = lua_getfield(L, t, "cases") != LUA_TNIL,
        has_commands_fn = lua_getfield(L, t, "commands") == LUA_TFUNCTION,
        has_known = lua_getfield(L, t, "known") != LUA_TNIL;
    lua_settop(L, top);
    if (!has_yield && !has_cases && !has_commands_fn && !has_known) return;
    lua_law_extra *x = calloc(1, sizeof *x);
    if (!x) luaL_error(L, "out of memory");
    for (int i = 0; i < LUA_LAW_MAX_CASES; i++) x->slot[i] = -1;
    b->extra = x; /* freed by the binding's __gc, also when a field error follows */
    lua_createtable(L, 0, 6);
    int X = lua_gettop(L);
    /* s for the yield functions: a read-only proxy of the law's state table */
    lua_pushvalue(b->T, 1);
    lua_getupvalue(b->T, -1, U_S);
    lua_xmove(b->T, L, 1);
    lua_settop(b->T, 1);
    lt_lua_law_push_readonly(L, -1, "s", "the state is read-only in a yield function",
                             " (it is the state handed in)");
    lua_setfield(L, X, "s");
    lua_pop(L, 1);
    if (has_commands_fn) { /* a hosted law's commands as a function of p (hosted_law.c) */
        x->commands_line = lt_function_field(cv, t, "commands", 1, "commands(p)");
        lua_setfield(L, X, "commands");
    }
    if (has_known) lt_lua_law_read_known(cv, b, t, X);
    if (has_yield) {
        lt_path_push_key(cv, "yield");
        lt_get_field(cv, t, "yield");
        read_yield(cv, b, x, lua_gettop(L), X, slot);
        lua_pop(L, 1);
        lt_path_pop(cv);
    }
    if (has_cases) {
        lt_path_push_key(cv, "cases");
        int ty = lt_get_field(cv, t, "cases");
        if (ty != LUA_TTABLE)
            lt_field_error(cv, "expected a list of case tables, got %s", luaL_typename(L, -1));
        int cl = lua_gettop(L), n = (int)lua_rawlen(L, cl);
        lt_check_list(cv, cl, n, "a list of case tables");
        if (n > LUA_LAW_MAX_CASES) lt_field_error(cv, "%d cases, at most %d", n, LUA_LAW_MAX_CASES);
        lua_createtable(L, n, 0);
        int F = lua_gettop(L);
        for (int i = 0; i < n; i++) {
            lt_path_push_index(cv, i + 1);
            lua_rawgeti(L, cl, i + 1);
            read_case(cv, b, x, lua_gettop(L), i, F);
            lua_pop(L, 1);
            lt_path_pop(cv);
            x->n_cases = i + 1;
        }
        lua_setfield(L, X, "cases");
        lua_pop(L, 1);
        lt_path_pop(cv);
        b->desc.cases = x->cases;
        b->desc.n_cases = x->n_cases;
    }
    x->ref = luaL_ref(L, LUA_REGISTRYINDEX); /* X: as long as the state, as the binding */
    lua_settop(L, top);
}
