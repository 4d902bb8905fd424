/* src/script/script_law_cases.c - the yield surface and the analytic cases of a contact law written
 * in Lua (docs/lua-laws.md, "Yield surface and cases"): `yield = {...}` and `cases = {...}` of a
 * `lawtester.law{...}` table read into the law's lt_yield and lt_case descriptors
 * (include/lawtester/law.h), whose functions are C trampolines calling the law's Lua functions, so
 * that probes
 * (lawtester.probe_yield), the surface plots, `lawtester.verify_law` with the law's cases and
 * the oblique sweep (verify_oblique.c, for a law with an impact case) run on a Lua law as on a
 * C one.
 *
 * Finding the Lua function.  lt_yield's functions take the law's parameters and state, lt_case's
 * the case's environment: none takes a user pointer, and the registry keeps copies of the
 * descriptors.  So, as init and step (script_law_call.c): the yield functions of law slot k are
 * the C functions of slot k (ft_max_k, ...), which read lt_lua_law_slots[k]; and each case takes
 * one of CASE_SLOTS case slots, whose functions (expect_j, along_j, curve_j) read
 * case_slots[j] = (binding, case index).  The Lua functions are kept in one table per law (the
 * registry holds it as long as the binding: the law's whole life), with a read-only proxy of the
 * law's state table for the yield functions.
 *
 * The call.  Each goes through the law's closure on its own thread like a step (law_call, mode
 * LT_LUA_MODE_EXTRA): p is the law's read-only parameter proxy, refreshed for the parameters the
 * caller hands in; the yield functions get s, the state handed in, read-only; one entry into Lua
 * with its own instruction budget, runs forbidden inside.  An error (the function's, or a result
 * of the wrong type) is kept in the binding like an error of step, and reported as one line
 * `FILE:LINE: law 'NAME': yield.ft_max: ...` by the script layer after the probe or verify;
 * meanwhile the trampoline returns NaN (not checked, or a NaN the probe stops on) and the law's
 * later calls do nothing, as after a failed step.
 */
#define _POSIX_C_SOURCE 200809L
#include "contact/law_check.h"
#include "script/script_bodies.h"
#include "script/script_law_int.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LUA_LAW_MAX_CASES 16 /* cases of one Lua law */
#define CASE_SLOTS 128       /* cases of all Lua laws registered at once */

enum { X_FT_MAX, X_FN_MAX, X_YIELDING, X_EXCESS, X_EXPECT, X_ALONG, X_CURVE };
static const char *const yield_fn_names[4] = {"ft_max", "fn_max", "yielding", "excess"};
static const char *const case_fn_names[3] = {"expect", "along", "curve"};

struct lua_law_extra {
    /* registry: { ft_max, fn_max, yielding, excess, s, cases = {{expect, along, curve}} } */
    int ref;
    lt_yield yield;
    int has_fn_max_number;  /* fn_max given as a number: */
    double fn_max_number;   /* N */
    int yield_line[4];      /* where the yield functions are defined */
    char yield_what[4][32]; /* "yield.ft_max", ... */
    lt_case cases[LUA_LAW_MAX_CASES];
    int n_cases;
    int slot[LUA_LAW_MAX_CASES]; /* each case's slot in case_slots (-1: none) */
    int case_line[LUA_LAW_MAX_CASES][3];
    char *case_what[LUA_LAW_MAX_CASES][3]; /* "case 'NAME' expect", ... */
    void **owned;                          /* strings kept for the law's life */
    int n_owned, cap_owned;
    /* the call in progress */
    int what, kase;
    double fn, uN, s;
    const double *f;
    const lt_case_env *env;
    lt_expect *ex;
    double result, out[LT_ALONG_COUNT], curve[2];
};

static struct {
    lua_law *b;
    int kase;
} case_slots[CASE_SLOTS];

/* ---- strings kept for the law's life --------------------------------------------------------- */

static char *keep(lua_law_extra *x, const char *s)
{
    if (x->n_owned == x->cap_owned) {
        int cap = x->cap_owned ? 2 * x->cap_owned : 16;
        void **o = realloc(x->owned, (size_t)cap * sizeof *o);
        if (!o) return NULL;
        x->owned = o, x->cap_owned = cap;
    }
    char *p = strdup(s);
    if (p) x->owned[x->n_owned++] = p;
    return p;
}

/* s kept once however often a closed form returns it (its `why` is read after the call). */
static const char *intern(lua_law_extra *x, const char *s)
{
    for (int i = 0; i < x->n_owned; i++)
        if (strcmp(x->owned[i], s) == 0) return x->owned[i];
    return keep(x, s);
}

static const char *keep_or_raise(conv *cv, lua_law_extra *x, const char *s)
{
    const char *k = keep(x, s);
    if (!k) luaL_error(cv->L, "out of memory");
    return k;
}

void lt_lua_law_free_extras(lua_law *b)
{
    lua_law_extra *x = b->extra;
    if (!x) return;
    for (int i = 0; i < LUA_LAW_MAX_CASES; i++)
        if (x->slot[i] >= 0 && case_slots[x->slot[i]].b == b) case_slots[x->slot[i]].b = NULL;
    for (int i = 0; i < x->n_owned; i++) free(x->owned[i]);
    free(x->owned);
    free(x);
    b->extra = NULL;
}

/* ---- calls ----------------------------------------------------------------------------------- */

/* Call the law's function `what` (of case kase) once; 1 if it returned well. */
static int call(lua_law *b, int what, int kase, const double *param, const double *state)
{
    if (!b || !b->extra || b->failed) return 0;
    lua_law_extra *x = b->extra;
    x->what = what, x->kase = kase;
    b->mode = LT_LUA_MODE_EXTRA;
    b->param = param;
    b->state = (double *)(uintptr_t)state; /* read only: nothing is read back in this mode */
    if (what <= X_EXCESS)
        b->call_what = x->yield_what[what], b->call_line = x->yield_line[what];
    else
        b->call_what = x->case_what[kase][what - X_EXPECT],
        b->call_line = x->case_line[kase][what - X_EXPECT];
    return lt_lua_law_enter(b);
}

static double yield_number(lua_law *b, int what, const double *p, const double *s, double fn,
                           const double *f)
{
    if (!b || !b->extra) return NAN;
    b->extra->fn = fn, b->extra->f = f;
    return call(b, what, 0, p, s) ? b->extra->result : NAN;
}

static double do_ft_max(lua_law *b, const double *p, const double *s, double fn)
{
    return yield_number(b, X_FT_MAX, p, s, fn, NULL);
}
static double do_fn_max(lua_law *b, const double *p, const double *s)
{
    if (b && b->extra && b->extra->has_fn_max_number) return b->extra->fn_max_number;
    return yield_number(b, X_FN_MAX, p, s, 0, NULL);
}
static int do_yielding(lua_law *b, const double *p, const double *s)
{
    return yield_number(b, X_YIELDING, p, s, 0, NULL) != 0;
}
static double do_excess(lua_law *b, const double *p, const double *s, const double f[LT_DOF])
{
    return yield_number(b, X_EXCESS, p, s, 0, f);
}

static void do_expect(int slot, const lt_case_env *env, lt_expect *out)
{
    lua_law *b = case_slots[slot].b;
    if (!b || !b->extra) return;
    b->extra->env = env, b->extra->ex = out;
    call(b, X_EXPECT, case_slots[slot].kase, env->param, NULL);
}

static void do_along(int slot, const lt_case_env *env, double uN, double out[LT_ALONG_COUNT])
{
    lua_law *b = case_slots[slot].b;
    for (int i = 0; i < LT_ALONG_COUNT; i++) out[i] = NAN;
    if (!b || !b->extra) return;
    b->extra->env = env, b->extra->uN = uN;
    if (call(b, X_ALONG, case_slots[slot].kase, env->param, NULL))
        memcpy(out, b->extra->out, sizeof b->extra->out);
}

static void do_curve(int slot, const lt_case_env *env, double s, double *uN, double *Fn)
{
    lua_law *b = case_slots[slot].b;
    *uN = *Fn = NAN;
    if (!b || !b->extra) return;
    b->extra->env = env, b->extra->s = s;
    if (call(b, X_CURVE, case_slots[slot].kase, env->param, NULL))
        *uN = b->extra->curve[0], *Fn = b->extra->curve[1];
}

/* The trampolines: the yield functions of law slot 8 a + c, the case functions of case slot 8 a +
 * c. */
#define YIELD_TRAMPOLINE(a, c)                                                            \
    static double ft_max_##a##c(const double *p, const double *s, double fn)              \
    {                                                                                     \
        return do_ft_max(lt_lua_law_slots[8 * a + c], p, s, fn);                          \
    }                                                                                     \
    static double fn_max_##a##c(const double *p, const double *s)                         \
    {                                                                                     \
        return do_fn_max(lt_lua_law_slots[8 * a + c], p, s);                              \
    }                                                                                     \
    static int yielding_##a##c(const double *p, const double *s)                          \
    {                                                                                     \
        return do_yielding(lt_lua_law_slots[8 * a + c], p, s);                            \
    }                                                                                     \
    static double excess_##a##c(const double *p, const double *s, const double f[LT_DOF]) \
    {                                                                                     \
        return do_excess(lt_lua_law_slots[8 * a + c], p, s, f);                           \
    }
#define YIELD_EIGHT(a)     \
    YIELD_TRAMPOLINE(a, 0) \
    YIELD_TRAMPOLINE(a, 1) \
    YIELD_TRAMPOLINE(a, 2) \
    YIELD_TRAMPOLINE(a, 3) \
    YIELD_TRAMPOLINE(a, 4) YIELD_TRAMPOLINE(a, 5) YIELD_TRAMPOLINE(a, 6) YIELD_TRAMPOLINE(a, 7)
YIELD_EIGHT(0)
YIELD_EIGHT(1)
YIELD_EIGHT(2)
YIELD_EIGHT(3)
#define YIELD_ENTRY(a, c) {ft_max_##a##c, fn_max_##a##c, yielding_##a##c, excess_##a##c},
#define YIELD_ENTRIES(a) \
    YIELD_ENTRY(a, 0)    \
    YIELD_ENTRY(a, 1)    \
    YIELD_ENTRY(a, 2)    \
    YIELD_ENTRY(a, 3) YIELD_ENTRY(a, 4) YIELD_ENTRY(a, 5) YIELD_ENTRY(a, 6) YIELD_ENTRY(a, 7)
static const struct {
    double (*ft_max)(const double *, const double *, double);
    double (*fn_max)(const double *, const double *);
    int (*yielding)(const double *, const double *);
    double (*excess)(const double *, const double *, const double *);
} yield_trampolines[LUA_LAW_SLOTS] = {YIELD_ENTRIES(0) YIELD_ENTRIES(1) YIELD_ENTRIES(2)
                                          YIELD_ENTRIES(3)};

#define CASE_TRAMPOLINE(a, c)                                                                     \
    static void expect_##a##c(const lt_case_env *e, lt_expect *o) { do_expect(8 * a + c, e, o); } \
    static void along_##a##c(const lt_case_env *e, double u, double *o)                           \
    {                                                                                             \
        do_along(8 * a + c, e, u, o);                                                             \
    }                                                                                             \
    static void curve_##a##c(const lt_case_env *e, double s, double *u, double *f)                \
    {                                                                                             \
        do_curve(8 * a + c, e, s, u, f);                                                          \
    }
/* the lists of macro expansions, one group of eight a line (laid out by hand) */
/* clang-format off */
#define CASE_EIGHT(a) \
    CASE_TRAMPOLINE(a, 0) CASE_TRAMPOLINE(a, 1) CASE_TRAMPOLINE(a, 2) CASE_TRAMPOLINE(a, 3) \
    CASE_TRAMPOLINE(a, 4) CASE_TRAMPOLINE(a, 5) CASE_TRAMPOLINE(a, 6) CASE_TRAMPOLINE(a, 7)
CASE_EIGHT(0)
CASE_EIGHT(1)
CASE_EIGHT(2)
CASE_EIGHT(3)
CASE_EIGHT(4)
CASE_EIGHT(5)
CASE_EIGHT(6)
CASE_EIGHT(7)
CASE_EIGHT(8)
CASE_EIGHT(9)
CASE_EIGHT(10)
CASE_EIGHT(11)
CASE_EIGHT(12)
CASE_EIGHT(13)
CASE_EIGHT(14)
CASE_EIGHT(15)
#define CASE_ENTRY(a, c) {expect_##a##c, along_##a##c, curve_##a##c},
#define CASE_ENTRIES(a) \
    CASE_ENTRY(a, 0) CASE_ENTRY(a, 1) CASE_ENTRY(a, 2) CASE_ENTRY(a, 3) \
    CASE_ENTRY(a, 4) CASE_ENTRY(a, 5) CASE_ENTRY(a, 6) CASE_ENTRY(a, 7)
static const struct {
    void (*expect)(const lt_case_env *, lt_expect *);
    void (*along)(const lt_case_env *, double, double *);
    void (*curve)(const lt_case_env *, double, double *, double *);
} case_trampolines[CASE_SLOTS] = {
    CASE_ENTRIES(0)
    CASE_ENTRIES(1)
    CASE_ENTRIES(2)
    CASE_ENTRIES(3)
    CASE_ENTRIES(4)
    CASE_ENTRIES(5)
    CASE_ENTRIES(6)
    CASE_ENTRIES(7)
    CASE_ENTRIES(8)
    CASE_ENTRIES(9)
    CASE_ENTRIES(10)
    CASE_ENTRIES(11)
    CASE_ENTRIES(12)
    CASE_ENTRIES(13)
    CASE_ENTRIES(14)
    CASE_ENTRIES(15)
};
/* clang-format on */

/* ---- inside law_call: the Lua side of a call ------------------------------------------------- */

/* The quantities `expect` may return, by the names of verify's rows (spaces as '_'). */
static const struct {
    const char *name;
    int q;
} quantity_names[] = {
    {"e", LT_Q_RESTITUTION},
    {"t_contact", LT_Q_CONTACT_TIME},
    {"t_force", LT_Q_FORCE_TIME},
    {"max_overlap", LT_Q_MAX_OVERLAP},
    {"max_force", LT_Q_MAX_FORCE},
    {"vt_after", LT_Q_TANGENT_OUT},
    {"spin_A_after", LT_Q_SPIN_A},
    {"spin_B_after", LT_Q_SPIN_B},
    {"cycle_energy", LT_Q_CYCLE_ENERGY},
    {"kt", LT_Q_KT},
    {"slip_force", LT_Q_SLIP_FORCE},
    {"balance", LT_Q_BALANCE},
};
#define N_QUANTITIES (int)(sizeof quantity_names / sizeof quantity_names[0])
static const char quantity_list[] =
    "e, t_contact, t_force, max_overlap, max_force, vt_after, spin_A_after, spin_B_after, "
    "cycle_energy, kt, slip_force, balance";
static const char *const along_names[LT_ALONG_COUNT] = {"Fn", "kn", "kt", "elast"};

static void set_num(lua_State *T, const char *k, double v)
{
    lua_pushnumber(T, v);
    lua_setfield(T, -2, k);
}

static void push_pair(lua_State *T, const double v[2])
{
    lua_createtable(T, 2, 0);
    for (int i = 0; i < 2; i++) {
        lua_pushnumber(T, v[i]);
        lua_rawseti(T, -2, i + 1);
    }
}

/* The names of the load values of each kind (law.h, lt_case_kind), in load[] order. */
static const char *const *load_names(lt_case_kind kind, int *n)
{
    static const char *const normal[] = {"overlap", "speed", NULL},
                             *const cycle[] = {"overlap", "amplitude", "speed", NULL},
                             *const impact[] = {"vn", "vt", "spin", "gap", NULL},
                             *const loop[] = {"overlap", "amplitude", NULL};
    const char *const *l = kind == LT_CASE_NORMAL        ? normal
                           : kind == LT_CASE_SHEAR_CYCLE ? cycle
                           : kind == LT_CASE_IMPACT      ? impact
                                                         : loop;
    for (*n = 0; l[*n]; (*n)++) {}
    return l;
}

/* env (law.h, lt_case_env) as a fresh table: { p, c, load, mass, inertia }. */
static void push_env(lua_State *T, const lt_case_env *env, const lt_case *cs)
{
    const lt_contact *c = &env->c;
    lua_createtable(T, 0, 5);
    lua_pushvalue(T, lua_upvalueindex(U_PP));
    lua_setfield(T, -2, "p");
    lua_createtable(T, 0, 12);
    set_num(T, "uN", c->uN);
    lua_createtable(T, LT_DOF, 0);
    for (int i = 0; i < LT_DOF; i++) {
        lua_pushnumber(T, c->v[i]);
        lua_rawseti(T, -2, i + 1);
    }
    lua_setfield(T, -2, "v");
    set_num(T, "dt", c->dt);
    lua_pushboolean(T, c->fresh != 0);
    lua_setfield(T, -2, "fresh");
    push_pair(T, c->lens);
    lua_setfield(T, -2, "lens");
    set_num(T, "contA", c->contA);
    set_num(T, "kn", c->kn);
    set_num(T, "kt", c->kt);
    set_num(T, "tanPhi", c->tanPhi);
    push_pair(T, c->rcurv);
    lua_setfield(T, -2, "rcurv");
    set_num(T, "mstar", c->mstar);
    lua_createtable(T, 2, 0);
    for (int i = 0; i < 2; i++) {
        const lt_material *m = c->mat[i];
        if (!m) continue;
        lua_createtable(T, 0, 5);
        set_num(T, "young", m->young);
        set_num(T, "poisson", m->poisson);
        set_num(T, "density", m->density);
        set_num(T, "ktDivKn", m->ktDivKn);
        set_num(T, "tanPhi", m->tanPhi);
        lua_rawseti(T, -2, i + 1);
    }
    lua_setfield(T, -2, "mat");
    lua_setfield(T, -2, "c");
    int n;
    const char *const *names = load_names(cs->kind, &n);
    lua_createtable(T, 4, n);
    for (int i = 0; i < 4; i++) {
        lua_pushnumber(T, env->load[i]);
        lua_rawseti(T, -2, i + 1);
    }
    for (int i = 0; i < n; i++) set_num(T, names[i], env->load[i]);
    lua_setfield(T, -2, "load");
    push_pair(T, env->mass);
    lua_setfield(T, -2, "mass");
    push_pair(T, env->inertia);
    lua_setfield(T, -2, "inertia");
}

static _Noreturn void bad_result(lua_State *T, const char *fmt, const char *a, const char *b)
{
    luaL_error(T, fmt, a, b);
    abort(); /* not reached */
}

/* A number field k of the table at index t (NaN when nil and optional). */
static double field_number(lua_State *T, int t, const char *k, const char *q, int optional)
{
    int ty = lua_getfield(T, t, k);
    if (ty == LUA_TNIL && optional) {
        lua_pop(T, 1);
        return NAN;
    }
    if (ty != LUA_TNUMBER) {
        char label[120];
        snprintf(label, sizeof label, "%s%s%s", q ? q : "", q ? "." : "", k);
        bad_result(T, "returned %s = %s, not a number", label, luaL_typename(T, -1));
    }
    double v = lua_tonumber(T, -1);
    lua_pop(T, 1);
    return v;
}

/* What `expect` returned (at the top of T): { NAME = { value, tol, why [, order] }, ... }. */
static void read_expect(lua_State *T, lua_law_extra *x, lt_expect *ex)
{
    int t = lua_gettop(T);
    if (!lua_istable(T, t))
        luaL_error(T,
                   "returned %s, not a table { QUANTITY = { value = ..., tol = ..., why = ... } }",
                   luaL_typename(T, t));
    lua_pushnil(T);
    while (lua_next(T, t)) {
        int q = -1;
        const char *name = lua_type(T, -2) == LUA_TSTRING ? lua_tostring(T, -2) : NULL;
        for (int i = 0; name && i < N_QUANTITIES && q < 0; i++)
            if (strcmp(quantity_names[i].name, name) == 0) q = quantity_names[i].q;
        if (q < 0)
            luaL_error(T, "returned the key %s%s%s, which is not a quantity (%s)",
                       name ? "'" : "a ", name ? name : luaL_typename(T, -2), name ? "'" : "",
                       quantity_list);
        int e = lua_gettop(T);
        if (!lua_istable(T, e))
            bad_result(T, "returned %s = %s, not a table { value = ..., tol = ..., why = ... }",
                       name, luaL_typename(T, e));
        lua_pushnil(T);
        while (lua_next(T, e)) {
            const char *k = lua_type(T, -2) == LUA_TSTRING ? lua_tostring(T, -2) : "";
            if (strcmp(k, "value") && strcmp(k, "tol") && strcmp(k, "why") && strcmp(k, "order"))
                bad_result(T,
                           "returned %s with an unknown key '%s' (allowed: value, tol, why, order)",
                           name, k);
            lua_pop(T, 1);
        }
        ex->value[q] = field_number(T, e, "value", name, 0);
        ex->tol[q] = field_number(T, e, "tol", name, 0);
        if (!(ex->tol[q] >= 0))
            bad_result(T, "returned %s.tol %s: a tolerance is a number >= 0", name,
                       ex->tol[q] < 0 ? "< 0" : "NaN");
        ex->order[q] = field_number(T, e, "order", name, 1);
        if (lua_getfield(T, e, "why") != LUA_TSTRING || !*lua_tostring(T, -1))
            bad_result(
                T, "returned %s without `why` (%s): one line saying why the tolerance is that size",
                name, "a string");
        const char *why = intern(x, lua_tostring(T, -1));
        if (!why) luaL_error(T, "out of memory");
        ex->why[q] = why;
        lua_pop(T, 2); /* why, the entry */
    }
}

/* What `along` returned (at the top of T): { Fn = , kn = , kt = , elast = } (a nil is not checked).
 * */
static void read_along(lua_State *T, double out[LT_ALONG_COUNT])
{
    int t = lua_gettop(T);
    if (!lua_istable(T, t))
        luaL_error(T, "returned %s, not a table { Fn = ..., kn = ..., kt = ..., elast = ... }",
                   luaL_typename(T, t));
    lua_pushnil(T);
    while (lua_next(T, t)) {
        const char *k = lua_type(T, -2) == LUA_TSTRING ? lua_tostring(T, -2) : "";
        int ok = 0;
        for (int i = 0; i < LT_ALONG_COUNT; i++) ok |= strcmp(k, along_names[i]) == 0;
        if (!ok)
            bad_result(T, "returned the key '%s'%s, which is not a column (Fn, kn, kt, elast)", k,
                       *k ? "" : " (not a string)");
        lua_pop(T, 1);
    }
    for (int i = 0; i < LT_ALONG_COUNT; i++) out[i] = field_number(T, t, along_names[i], NULL, 1);
}

void lt_lua_law_call_extra(lua_State *T, lua_law *b)
{
    lua_law_extra *x = b->extra;
    lua_rawgeti(T, LUA_REGISTRYINDEX, x->ref);
    int X = lua_gettop(T);
    if (x->what <= X_EXCESS) {
        lua_getfield(T, X, yield_fn_names[x->what]);
        lua_pushvalue(T, lua_upvalueindex(U_PP));
        lua_getfield(T, X, "s");
        int nargs = 2;
        if (x->what == X_FT_MAX) {
            lua_pushnumber(T, x->fn);
            nargs = 3;
        } else if (x->what == X_EXCESS) {
            lua_createtable(T, LT_DOF, 0);
            for (int i = 0; i < LT_DOF; i++) {
                lua_pushnumber(T, x->f[i]);
                lua_rawseti(T, -2, i + 1);
            }
            nargs = 3;
        }
        lua_call(T, nargs, 1);
        if (x->what == X_YIELDING) {
            if (!lua_isboolean(T, -1))
                luaL_error(
                    T, "returned %s: it must return true (the last step was inelastic) or false",
                    luaL_typename(T, -1));
            x->result = lua_toboolean(T, -1);
        } else {
            if (lua_type(T, -1) != LUA_TNUMBER)
                luaL_error(T, "returned %s, not a number", luaL_typename(T, -1));
            x->result = lua_tonumber(T, -1);
        }
    } else {
        const lt_case *cs = &x->cases[x->kase];
        lua_getfield(T, X, "cases");
        lua_rawgeti(T, -1, x->kase + 1);
        lua_getfield(T, -1, case_fn_names[x->what - X_EXPECT]);
        push_env(T, x->env, cs);
        if (x->what == X_EXPECT) {
            lua_call(T, 1, 1);
            read_expect(T, x, x->ex);
        } else if (x->what == X_ALONG) {
            lua_pushnumber(T, x->uN);
            lua_call(T, 2, 1);
            read_along(T, x->out);
        } else {
            lua_pushnumber(T, x->s);
            lua_call(T, 2, 2);
            if (lua_type(T, -2) != LUA_TNUMBER || lua_type(T, -1) != LUA_TNUMBER)
                luaL_error(T, "returned %s, %s: it must return two numbers, uN (m) and Fn (N)",
                           luaL_typename(T, -2), luaL_typename(T, -1));
            x->curve[0] = lua_tonumber(T, -2), x->curve[1] = lua_tonumber(T, -1);
        }
    }
    lua_settop(T, X - 1);
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
        snprintf(x->yield_what[i], sizeof x->yield_what[i], "yield.%s", yield_fn_names[i]);
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
            lt_lua_law_read_function(cv, t, yield_fn_names[i], i != X_EXCESS, sigs[i]);
        lua_setfield(L, X, yield_fn_names[i]);
    }
    x->yield.ft_max = yield_trampolines[slot].ft_max;
    x->yield.fn_max = yield_trampolines[slot].fn_max;
    x->yield.yielding = yield_trampolines[slot].yielding;
    if (x->yield_line[X_EXCESS]) x->yield.excess = yield_trampolines[slot].excess;
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
                    v = lt_to_number(cv, -1, p->min, p->max);
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
    const char *const *names = load_names(cs->kind, &n);
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
                lt_script_read_material(cv, lua_gettop(L), &cs->mat[k]);
                lua_pop(L, 1);
                lt_path_pop(cv);
            }
        } else {
            lua_pop(L, 1);
            lt_script_read_material(cv, lua_gettop(L), &cs->mat[0]);
            cs->mat[1] = cs->mat[0];
        }
        lt_script_check_rigid_pair(cv, &cs->mat[0], &cs->mat[1]);
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
        int line = lt_lua_law_read_function(
            cv, t, case_fn_names[k], (k == 0 && needs_expect) || (k == 1 && needs_along), sigs[k]);
        if (line && k == 1 && !needs_along) {
            lt_path_push_key(cv, "along");
            lt_field_error(cv, "is for a case of kind normal");
        }
        lua_setfield(L, fns, case_fn_names[k]);
        x->case_line[i][k] = line;
        char what[LT_NAME_MAX + 32];
        snprintf(what, sizeof what, "case '%s' %s", cs->name, case_fn_names[k]);
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

/* Case i takes a free case slot: its trampolines call its functions. */
static void bind_case_slot(conv *cv, lua_law *b, lua_law_extra *x, int i)
{
    lt_case *cs = &x->cases[i];
    int slot = -1;
    for (int k = 0; k < CASE_SLOTS && slot < 0; k++)
        if (!case_slots[k].b) slot = k;
    if (slot < 0) lt_field_error(cv, "more than %d cases of Lua laws at once", CASE_SLOTS);
    case_slots[slot].b = b, case_slots[slot].kase = i;
    x->slot[i] = slot;
    if (x->case_line[i][0]) cs->expect = case_trampolines[slot].expect;
    if (x->case_line[i][1]) cs->along = case_trampolines[slot].along;
    if (x->case_line[i][2]) cs->curve = case_trampolines[slot].curve;
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
    bind_case_slot(cv, b, x, i);
}

void lt_lua_law_read_extras(conv *cv, lua_law *b, int t, int slot)
{
    lua_State *L = cv->L;
    int top = lua_gettop(L);
    int has_yield = lua_getfield(L, t, "yield") != LUA_TNIL,
        has_cases = lua_getfield(L, t, "cases") != LUA_TNIL;
    lua_settop(L, top);
    if (!has_yield && !has_cases) return;
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
