/* src/script/script_law_slots.c - how a C caller reaches a contact law written in Lua
 * (docs/lua-laws.md): the slots, the C trampolines an lt_law descriptor of a Lua law points to,
 * and the errors a failed call left in the binding (script_law_call.c makes the call itself;
 * script_law_int.h holds the binding they share).
 *
 * How a trampoline finds its Lua function.  lt_law's init/step take no user pointer, and the
 * descriptor lt_register_law keeps is a copy, so the law cannot be found from its arguments.
 * Every binding takes one of LUA_LAW_SLOTS slots (lt_lua_law_slots), and slot k has its own pair
 * of C functions (init_k, step_k, made by a macro below) that read lt_lua_law_slots[k].  So any
 * caller of the descriptor (the driver, verify's hand-made contacts, probes, a copied tester)
 * reaches the right Lua law without a "current law" set beforehand, and two Lua laws of one
 * script coexist.
 * The slots are process-wide and not locked: lawtester runs a script on one thread.
 *
 * Errors.  lt_law's step cannot report one, so the trampoline keeps the message in the binding
 * and returns a NaN force: the driver ends the run on the non-finite output as for any law, and
 * the script layer, seeing the binding's message (lt_script_law_error), reports it instead, with
 * the script's file and line.
 */
#include "script/script_law_int.h"
#include <math.h>
#include <stdio.h>

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

#define TRAMPOLINE(a, b)                                                                    \
    static void init_##a##b(const double *p, const lt_contact *c, double *s)                \
    {                                                                                       \
        law_init(lt_lua_law_slots[8 * a + b], p, c, s);                                     \
    }                                                                                       \
    static int step_##a##b(const double *p, const lt_contact *c, double *s, lt_response *o) \
    {                                                                                       \
        return law_step(lt_lua_law_slots[8 * a + b], p, c, s, o);                           \
    }
/* the lists of macro expansions, one group of eight a line (laid out by hand) */
/* clang-format off */
#define EIGHT(a) \
    TRAMPOLINE(a, 0) TRAMPOLINE(a, 1) TRAMPOLINE(a, 2) TRAMPOLINE(a, 3) \
    TRAMPOLINE(a, 4) TRAMPOLINE(a, 5) TRAMPOLINE(a, 6) TRAMPOLINE(a, 7)
EIGHT(0)
EIGHT(1)
EIGHT(2)
EIGHT(3)
#define ENTRY(a, b) {init_##a##b, step_##a##b},
#define EIGHT_ENTRIES(a) \
    ENTRY(a, 0) ENTRY(a, 1) ENTRY(a, 2) ENTRY(a, 3) ENTRY(a, 4) ENTRY(a, 5) ENTRY(a, 6) ENTRY(a, 7)
/* slot k = 8 a + b calls init_ab, step_ab */
static const struct {
    void (*init)(const double *, const lt_contact *, double *);
    int (*step)(const double *, const lt_contact *, double *, lt_response *);
} trampolines[LUA_LAW_SLOTS] = {
    EIGHT_ENTRIES(0)
    EIGHT_ENTRIES(1)
    EIGHT_ENTRIES(2)
    EIGHT_ENTRIES(3)
};
/* clang-format on */

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

int lt_script_law_error(script_ctx *sc, const lt_tester *tester, char *buf, size_t n)
{
    const lt_view *t = lt_tester_view(tester);
    for (int k = 0; k < LUA_LAW_SLOTS; k++) {
        lua_law *b = lt_lua_law_slots[k];
        if (!b || b->sc != sc || !b->failed) continue;
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

void lt_script_law_reset(script_ctx *sc)
{
    for (int k = 0; k < LUA_LAW_SLOTS; k++) {
        lua_law *b = lt_lua_law_slots[k];
        if (!b || b->sc != sc) continue;
        b->failed = 0;
        b->p_valid = b->c_valid = b->s_valid = 0; /* a run starts with every table written afresh */
    }
}
