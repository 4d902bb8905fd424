/* src/cond.h - Woo-style `until` strings compiled to a C predicate.
 *
 * A stage's `until` string is a Lua expression the driver evaluates after every step; calling
 * Lua for it costs more than the step itself.  lt_cond_compile() accepts the common grammar of
 * such conditions and evaluates it in C with Lua 5.4's semantics:
 *
 *   exp     = exp "or" exp | exp "and" exp | "not" exp | "-" exp
 *           | exp ("<" | "<=" | ">" | ">=" | "==" | "~=") exp
 *           | exp ("+" | "-" | "*" | "/" | "//" | "%" | "^") exp
 *           | "(" exp ")" | NUMBER (decimal) | "nil" | "true" | "false"
 *           | "math.abs(" exp ")" | "math.sqrt(" exp ")" | name
 *   name    = "C" | "C." cfield | "C." ("u" | "v" | "f") "[" exp "]"
 *           | "stage" ["." ("step" | "time" | "hadC" | "hasC" | "broken" | "rebound" | "cTime"
 *                          | "timeC0" | "bounces" | "index")]
 *           | "E" ["." NAME] | "S" ["." ("step" | "time" | "dt")]
 *           | "tester" ["." ("stage" | "step" | "time" | "dt" | "abWeight")]
 *   cfield  = "uN" | "kn" | "kt" | "contA" | a state name of the law
 *
 * with Lua's precedences and associativity, integer and float numbers (stage.step is an
 * integer, 1000 an integer literal, 1e3 a float; integer + - * wrap, / and ^ give floats,
 * comparisons of integers with floats are exact), `and`/`or` returning an operand, nil and false
 * the only false values.  The values are those the Lua proxies of script.c give (`C` is nil
 * without contact; `E.x` is nil for an energy the law does not have).
 *
 * Anything outside the grammar (other globals, strings, `..`, `#`, method calls, comments, hex
 * numbers, fields Lua would reject) makes lt_cond_compile return NULL: the caller keeps Lua.
 * At run time lt_cond_eval returns -1 wherever Lua would raise an error (indexing a nil C,
 * comparing or adding a nil or a boolean, an integer division by zero, an index that is not an
 * integer in 1..6, ...) or where an exact answer would need more care than it is worth (an
 * integer beyond 2^53 met with a float, two objects compared): the caller then evaluates the
 * same condition in Lua, which gives the value or the error it always gave.  The evaluation has
 * no side effects, so evaluating again in Lua is safe.
 */
#ifndef LT_COND_H
#define LT_COND_H
#include "driver.h"
#include <stddef.h>

typedef struct lt_cond lt_cond;

/* Names a compiled condition reads (script.c checks they still mean what they meant). */
enum { LT_COND_C = 1, LT_COND_STAGE = 2, LT_COND_E = 4, LT_COND_S = 8, LT_COND_TESTER = 16, LT_COND_MATH = 32 };

/* Compile the expression for a test of this law; NULL if it is outside the grammar (or out of
 * memory). */
lt_cond *lt_cond_compile(const char *expr, const lt_law *law);

/* 1 if the condition holds at the tester's current state, 0 if not, -1 if Lua must decide. */
int lt_cond_eval(const lt_cond *c, const lt_tester *t);

/* 1 if the condition has one of the shapes evaluated without walking its tree ("not C", a
 * quantity of the contact compared with a number, alone or behind "C and"). */
int lt_cond_is_fast(const lt_cond *c);

/* The fast form "[C and] C.q OP NUMBER" (q a contact quantity): 1 with *off the quantity's
 * offset in an lt_view (as offsetof(lt_view, u) + k sizeof(double) for C.u[k + 1], C.uN
 * being u[0]) and *k the number; 0 for other conditions. */
int lt_cond_bound(const lt_cond *c, size_t *off, double *k);

/* LT_COND_* bits of the names the condition reads. */
unsigned lt_cond_names(const lt_cond *c);

void lt_cond_free(lt_cond *c);

#endif
