/* src/script/cond.h - the shapes of `until` strings compiled to a C predicate.
 *
 * A stage's `until` string is a Lua expression the driver evaluates after every step; calling
 * Lua for it costs more than the step itself.  lt_cond_compile() accepts the shapes the shipped
 * conditions have and evaluates them in C, giving exactly Lua's answer:
 *
 *   cond    = cond "or" cond | cond "and" cond | "not" cond | "(" cond ")"
 *           | "C" | FLAG | QTY CMP NUM | NUM CMP QTY | "true" | "false" | "nil"
 *   CMP     = "<" | "<=" | ">" | ">=" | "==" | "~="
 *   NUM     = ["-"] a decimal numeral
 *
 * with Lua's precedences (`not` binds tighter than a comparison, which binds tighter than
 * `and`, tighter than `or`).  QTY is a number or integer of the quantities table
 * (quantities.h): `C.uN`, `C.u[k]` (k a literal 1..6), `C.kn`, a state variable `C.NAME`,
 * `stage.step`, `stage.time`, `E.NAME` (an energy the law has), `S.time`, `tester.stage`, ...;
 * FLAG a boolean of it (`stage.rebound`, `stage.broken`, `stage.hasC`, `stage.hadC`).  So:
 * `not C`, `C.u[2] >= 3e-3`, `C and C.uN <= -1e-3`, `stage.rebound`, `stage.step >= 1000`
 * and their combinations with and/or.  Integers compare with integers as integers, with floats
 * exactly (an integer beyond 2^53 met with a float makes the evaluation defer).
 *
 * Anything else (arithmetic, math.*, other globals, A and B, strings, a number or quantity used
 * as a truth value, an energy the law does not have, a field Lua would reject, comments, hex
 * numbers) makes lt_cond_compile return NULL: the caller keeps Lua.  At run time lt_cond_eval
 * returns -1 where Lua would raise an error (a field of a nil C) or where the exact answer needs
 * more care than it is worth: the caller then evaluates the same condition in Lua, which gives
 * the value or the error it always gave.  The evaluation has no side effects.
 */
#ifndef LT_COND_H
#define LT_COND_H
#include "script/quantities.h"

typedef struct lt_cond lt_cond;

/* Names a compiled condition reads (script_scope.c checks they still mean what they meant):
 * bit LT_PX_* of each proxy. */
enum {
    LT_COND_C = 1 << LT_PX_C,
    LT_COND_STAGE = 1 << LT_PX_STAGE,
    LT_COND_E = 1 << LT_PX_E,
    LT_COND_S = 1 << LT_PX_S,
    LT_COND_TESTER = 1 << LT_PX_TESTER
};

/* Compile the expression for a test of this law; NULL if it has none of the shapes (or out of
 * memory). */
lt_cond *lt_cond_compile(const char *expr, const lt_law *law);

/* 1 if the condition holds at the tester's current state, 0 if not, -1 if Lua must decide. */
int lt_cond_eval(const lt_cond *c, const lt_tester *t);

/* 1 if the condition is evaluated without walking its tree: "not C", a float quantity compared
 * with a number, alone or behind "C and", an integer quantity compared with an integer, or a flag
 * that needs no contact alone (`stage.rebound`). */
int lt_cond_is_fast(const lt_cond *c);

/* The fast form "[C and] QTY OP NUMBER" (QTY a float quantity): 1 with *q, *index its row and
 * index and *k the number; 0 for other conditions. */
int lt_cond_bound(const lt_cond *c, const lt_qrow **q, int *index, double *k);

/* A step counter (stage.step, S.step, tester.step: one more after every step of a stage) compared
 * with an integer by >=, > or ==: the form whose next true state is known in advance
 * (lt_cond_quiet_steps).  1 if the condition has it, else 0. */
int lt_cond_has_quiet_form(const lt_cond *c);

/* For a condition that has just evaluated false at the tester's state: how many steps from this
 * state the first one at which it can hold is (the counter reaching the first value that
 * satisfies it), >= 1; 1 (the next step may) for other conditions, and where the counter already
 * passed `==`'s value.  At most LT_COND_QUIET_MAX (2^62: beyond any stage's max_steps).  Exact
 * for the names the condition was compiled with: the caller makes sure no Lua can rebind them
 * over those steps. */
#define LT_COND_QUIET_MAX (1L << 62)
long lt_cond_quiet_steps(const lt_cond *c, const lt_tester *t);

/* LT_COND_* bits of the names the condition reads. */
unsigned lt_cond_names(const lt_cond *c);

void lt_cond_free(lt_cond *c);

#endif
