/* src/lualaw/slots.c - how a C caller reaches a contact law written in Lua (docs/lua-laws.md): the
 * slots, the C trampolines an lt_law descriptor of a Lua law points to, and the errors a failed
 * call left in the binding (call.c makes the call itself; lualaw_int.h holds the binding they
 * share).
 *
 * How a trampoline finds its Lua function.  lt_law's init/step take no user pointer, and the
 * descriptor lt_register_law keeps is a copy, so the law cannot be found from its arguments.  Every
 * binding takes one of LUA_LAW_SLOTS slots (lt_lua_law_slots), and slot k has its own pair of C
 * functions (init_k, step_k, made by a macro below) that read lt_lua_law_slots[k].  So any caller
 * of the descriptor (the driver, verify's hand-made contacts, probes, a copied tester) reaches the
 * right Lua law without a "current law" set beforehand, and two Lua laws of one script coexist.
 * The same for the law's yield surface and cases (yield_cases.c reads them): the yield functions of
 * law slot k are the C functions of slot k (ft_max_k, ...), and each case takes one of CASE_SLOTS
 * case slots, whose functions (expect_j, along_j, curve_j) read case_slots[j] = (binding, case
 * index).  The slots are process-wide and not locked: lawtester runs a script on one thread.
 *
 * Errors.  lt_law's step cannot report one, so the trampoline keeps the message in the binding and
 * returns a NaN force: the driver ends the run on the non-finite output as for any law, and the
 * script layer, seeing the binding's message (lt_script_law_error), reports it instead, with the
 * script's file and line.  A yield function or a closed form that failed returns NaN (not checked,
 * or a NaN the probe stops on), and the law's later calls do nothing, as after a failed step.
 */
#include "lualaw/lualaw_int.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

lua_law *lt_lua_law_slots[LUA_LAW_SLOTS];

/* The output of a failed call: a NaN force the driver's output check stops the run on. */
static void poison(lt_response *out)
{
    for (int i = 0; i < LT_DOF; i++) out->f[i] = NAN;
}

static void law_init(lua_law *b, const double *p, const lt_contact *c, double *s)
{
    if (!b || b->failed || !b->has_init) return;
    b->mode = LT_LUA_MODE_INIT;
    b->call_what = "init", b->call_line = b->init_line;
    b->param = p, b->c = c, b->state = s;
    lt_lua_law_enter(b);
}

static int law_step(lua_law *b, const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (!b || b->failed) {
        poison(out);
        return 1;
    }
    b->mode = LT_LUA_MODE_STEP;
    b->call_what = "step", b->call_line = b->step_line;
    b->param = p, b->c = c, b->state = s, b->out = out;
    if (!lt_lua_law_enter(b)) {
        poison(out);
        return 1;
    }
    return b->alive;
}

/* The lists of slots: M(a, b) for slot 8 a + b, of the law slots and of the case slots (laid out
 * by hand). */
/* clang-format off */
#define EIGHT(M, a) M(a, 0) M(a, 1) M(a, 2) M(a, 3) M(a, 4) M(a, 5) M(a, 6) M(a, 7)
#define EACH_LAW_SLOT(M) EIGHT(M, 0) EIGHT(M, 1) EIGHT(M, 2) EIGHT(M, 3)
#define EACH_CASE_SLOT(M) \
    EIGHT(M, 0) EIGHT(M, 1) EIGHT(M, 2) EIGHT(M, 3) EIGHT(M, 4) EIGHT(M, 5) EIGHT(M, 6) \
    EIGHT(M, 7) EIGHT(M, 8) EIGHT(M, 9) EIGHT(M, 10) EIGHT(M, 11) EIGHT(M, 12) EIGHT(M, 13) \
    EIGHT(M, 14) EIGHT(M, 15)
/* clang-format on */

#define TRAMPOLINE(a, b)                                                                    \
    static void init_##a##b(const double *p, const lt_contact *c, double *s)                \
    {                                                                                       \
        law_init(lt_lua_law_slots[8 * a + b], p, c, s);                                     \
    }                                                                                       \
    static int step_##a##b(const double *p, const lt_contact *c, double *s, lt_response *o) \
    {                                                                                       \
        return law_step(lt_lua_law_slots[8 * a + b], p, c, s, o);                           \
    }
EACH_LAW_SLOT(TRAMPOLINE)
#define ENTRY(a, b) {init_##a##b, step_##a##b},
/* slot k = 8 a + b calls init_ab, step_ab */
static const struct {
    void (*init)(const double *, const lt_contact *, double *);
    int (*step)(const double *, const lt_contact *, double *, lt_response *);
} trampolines[LUA_LAW_SLOTS] = {EACH_LAW_SLOT(ENTRY)};

void lt_lua_law_bind_slot(lt_law *d, int slot)
{
    d->init = trampolines[slot].init;
    d->step = trampolines[slot].step;
}

int lt_lua_law_is(const lt_law *d)
{
    for (int k = 0; k < LUA_LAW_SLOTS; k++)
        if (d->step == trampolines[k].step) return 1;
    return 0;
}

/* ---- the yield functions and the cases' closed forms ------------------------------------- */

static struct {
    lua_law *b;
    int kase;
} case_slots[CASE_SLOTS];

/* Enter the law's function `what` (of case kase) once; 1 if it returned well. */
static int enter_extra(lua_law *b, int what, int kase, const double *param, const double *state)
{
    if (!b || !b->extra || b->failed) return 0;
    lua_law_extra *x = b->extra;
    x->what = what, x->kase = kase;
    b->mode = LT_LUA_MODE_EXTRA;
    b->param = param;
    b->state = (double *)(uintptr_t)state; /* read only: nothing is read back in this mode */
    if (what <= X_EXCESS)
        b->call_what = x->yield_what[what], b->call_line = x->yield_line[what];
    else if (what == X_COMMANDS)
        b->call_what = "commands", b->call_line = x->commands_line;
    else if (what == X_KNOWN)
        b->call_what = "known.when", b->call_line = x->known[kase].when_line;
    else
        b->call_what = x->case_what[kase][what - X_EXPECT],
        b->call_line = x->case_line[kase][what - X_EXPECT];
    return lt_lua_law_enter(b);
}

int lt_lua_law_commands(lua_law *b, const double *param)
{
    return enter_extra(b, X_COMMANDS, 0, param, NULL);
}

int lt_lua_law_known_when(lua_law *b, int i, const double *param)
{
    return enter_extra(b, X_KNOWN, i, param, NULL);
}

static double yield_number(lua_law *b, int what, const double *p, const double *s, double fn,
                           const double *f)
{
    if (!b || !b->extra) return NAN;
    b->extra->fn = fn, b->extra->f = f;
    return enter_extra(b, what, 0, p, s) ? b->extra->result : NAN;
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
    enter_extra(b, X_EXPECT, case_slots[slot].kase, env->param, NULL);
}

static void do_along(int slot, const lt_case_env *env, double uN, double out[LT_ALONG_COUNT])
{
    lua_law *b = case_slots[slot].b;
    for (int i = 0; i < LT_ALONG_COUNT; i++) out[i] = NAN;
    if (!b || !b->extra) return;
    b->extra->env = env, b->extra->uN = uN;
    if (enter_extra(b, X_ALONG, case_slots[slot].kase, env->param, NULL))
        memcpy(out, b->extra->out, sizeof b->extra->out);
}

static void do_curve(int slot, const lt_case_env *env, double s, double *uN, double *Fn)
{
    lua_law *b = case_slots[slot].b;
    *uN = *Fn = NAN;
    if (!b || !b->extra) return;
    b->extra->env = env, b->extra->s = s;
    if (enter_extra(b, X_CURVE, case_slots[slot].kase, env->param, NULL))
        *uN = b->extra->curve[0], *Fn = b->extra->curve[1];
}

/* The yield functions of law slot 8 a + c. */
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
EACH_LAW_SLOT(YIELD_TRAMPOLINE)
#define YIELD_ENTRY(a, c) {ft_max_##a##c, fn_max_##a##c, yielding_##a##c, excess_##a##c},
static const struct {
    double (*ft_max)(const double *, const double *, double);
    double (*fn_max)(const double *, const double *);
    int (*yielding)(const double *, const double *);
    double (*excess)(const double *, const double *, const double *);
} yield_trampolines[LUA_LAW_SLOTS] = {EACH_LAW_SLOT(YIELD_ENTRY)};

/* The closed forms of case slot 8 a + c. */
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
EACH_CASE_SLOT(CASE_TRAMPOLINE)
#define CASE_ENTRY(a, c) {expect_##a##c, along_##a##c, curve_##a##c},
static const struct {
    void (*expect)(const lt_case_env *, lt_expect *);
    void (*along)(const lt_case_env *, double, double *);
    void (*curve)(const lt_case_env *, double, double *, double *);
} case_trampolines[CASE_SLOTS] = {EACH_CASE_SLOT(CASE_ENTRY)};

void lt_lua_law_bind_yield(lt_yield *y, int slot, int with_excess)
{
    y->ft_max = yield_trampolines[slot].ft_max;
    y->fn_max = yield_trampolines[slot].fn_max;
    y->yielding = yield_trampolines[slot].yielding;
    if (with_excess) y->excess = yield_trampolines[slot].excess;
}

int lt_lua_law_bind_case(lua_law *b, int kase)
{
    lua_law_extra *x = b->extra;
    lt_case *cs = &x->cases[kase];
    int slot = -1;
    for (int k = 0; k < CASE_SLOTS && slot < 0; k++)
        if (!case_slots[k].b) slot = k;
    if (slot < 0) return -1;
    case_slots[slot].b = b, case_slots[slot].kase = kase;
    x->slot[kase] = slot;
    if (x->case_line[kase][0]) cs->expect = case_trampolines[slot].expect;
    if (x->case_line[kase][1]) cs->along = case_trampolines[slot].along;
    if (x->case_line[kase][2]) cs->curve = case_trampolines[slot].curve;
    return slot;
}

void lt_lua_law_unbind_cases(lua_law *b)
{
    lua_law_extra *x = b->extra;
    if (!x) return;
    for (int i = 0; i < LUA_LAW_MAX_CASES; i++)
        if (x->slot[i] >= 0 && case_slots[x->slot[i]].b == b) case_slots[x->slot[i]].b = NULL;
}

/* ---- the errors the calls left ---------------------------------------------------------- */

int lt_script_law_error(const lua_law_script *script, const lt_tester *tester, char *buf, size_t n)
{
    const lt_view *t = lt_tester_view(tester);
    for (int k = 0; k < LUA_LAW_SLOTS; k++) {
        lua_law *b = lt_lua_law_slots[k];
        if (!b || (b->script != script && !b->script->library) || !b->failed) continue;
        if (t)
            snprintf(buf, n, "%s:%d: law '%s': %s (stage %d, step %ld): %s", b->file, b->err_line,
                     b->desc.name, b->err_what, t->stage + 1, t->step, b->err);
        else
            snprintf(buf, n, "%s:%d: law '%s': %s: %s", b->file, b->err_line, b->desc.name,
                     b->err_what, b->err);
        b->failed = 0;
        return 1;
    }
    return 0;
}

void lt_script_law_reset(const lua_law_script *script)
{
    for (int k = 0; k < LUA_LAW_SLOTS; k++) {
        lua_law *b = lt_lua_law_slots[k];
        if (!b || (b->script != script && !b->script->library)) continue;
        b->failed = 0;
        b->p_valid = b->c_valid = b->s_valid = 0; /* a run starts with every table written afresh */
    }
}
