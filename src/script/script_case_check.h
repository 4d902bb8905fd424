/* src/script/script_case_check.h - a case file (docs/case-scripts.md) checked before anything
 * runs, and the readers its runs (script_cases.c) share with the check (script_case_check.c). */
#ifndef LT_SCRIPT_CASE_CHECK_H
#define LT_SCRIPT_CASE_CHECK_H
#include "script/script_int.h"

/* Default margin of an observed order below the expected one: the margin of the built-in cases
 * (verify_cases.c), where a kink of the force at a phase within the step that changes with dt
 * (contact switching) moves the observed order by < 0.3 over dt -> dt/4. */
#define ORDER_TOL_DEFAULT 0.3
#define RUNS_FOR_ORDER 3

/* The case file's table at idx checked whole before anything runs (its keys, doc, every case,
 * --set's parameters, --case's name: an error is one line, cr->no_match set when no case has
 * that name); its list of cases pushed, at stack index *cases.  Their number. */
int lt_check_case_file(script_ctx *sc, conv *cv, int idx, int *cases);

/* Push the test of the case at stack index c at its time step divided by div: the test table
 * itself (div 1), a copy with only dt divided, or - when `test` is a function(dt) - a copy of the
 * table test(case.dt/div) returns, with dt set to that time step.  Returns LUA_OK, or another
 * status with a message pushed instead.  Memory errors are not caught. */
int lt_case_test_at(lua_State *L, int c, double div);
/* The text of a string measure as a chunk returning its value; pushes the loaded function or the
 * message (the status of luaL_loadbufferx). */
int lt_load_measure(lua_State *L, const char *expr);
/* A message of a string measure without its chunk's location "measure:LINE: ". */
const char *lt_measure_message(const char *msg);
/* The name P of a --set text "P=V" into buf. */
const char *lt_set_name(const char *text, char *buf, size_t n);

#endif
