/* src/lua/conv.h - reading Lua tables into C values with field paths and one-line errors.
 *
 * A `conv` walks a script's tables keeping the path of the field being read
 * (`particles[2].radius`); lt_field_error() raises `FILE:LINE: field PATH: message` as a Lua
 * error, LINE found by srcloc from the script text (or the line of the lawtester.run call).
 * The readers take the table at a stack index and a key; opt_* keep *out when the key is
 * absent.  Values are SI numbers; no units are implied here.
 */
#ifndef LT_CONV_H
#define LT_CONV_H
#include "base/vec.h"
#include "lua/srcloc.h"
#include <lawtester/law.h>
#include <lua.h>

#define MAX_PATH_DEPTH 8

typedef struct conv {
    const char *file;  /* script path, for messages */
    const srcloc *loc; /* its source locator */
    lua_State *L;
    srcloc_key path[MAX_PATH_DEPTH];
    int depth;
    int call_line;       /* > 0: tables came from lawtester.run at this line */
    int stages_optional; /* a probe's test: its stages only lead to the initial state */
    int root_line;    /* > 0: the table is the argument of a call at this line (lawtester.law{...})
                      and path[0] names it: lines are looked up in the constructor opened on
                      that line (lt_srcloc_line_at), else this line */
    int root_unnamed; /* with root_line: path[0] is already a key inside that table
                         (lawtester.probe_yield{...}: "field directions") */
} conv;

void lt_path_push_key(conv *cv, const char *name);
void lt_path_push_index(conv *cv, int index);
void lt_path_pop(conv *cv);
int lt_conv_line(const conv *cv);

/* Raise `FILE:LINE: field PATH: message` as a Lua error (does not return). */
_Noreturn void lt_field_error(conv *cv, const char *fmt, ...);

/* Error on any key of table t that is not in the NULL-terminated list (what, e.g. "for a
 * wall", is added to the message). */
void lt_check_keys(conv *cv, int t, const char *const *allowed);
void lt_check_keys_for(conv *cv, int t, const char *const *allowed, const char *what);
/* Error on any key of table t that is not an integer 1..n (what: "a list of 6 numbers"). */
void lt_check_list(conv *cv, int t, int n, const char *what);
/* Push field key of table t; returns its Lua type. */
int lt_get_field(conv *cv, int t, const char *key);
int lt_has_field(conv *cv, int t, const char *key);
double lt_to_number(conv *cv, int i, double min, double max);
/* The same in a range whose ends may be open (lo_open: min itself refused; hi_open: max), as a
 * law parameter flagged LT_PARAM_MIN_OPEN / _MAX_OPEN declares; the error names the range with
 * its brackets, "(0, 1]". */
double lt_to_number_in(conv *cv, int i, double min, double max, int lo_open, int hi_open);
void lt_opt_number(conv *cv, int t, const char *key, double *out, double min, double max);
/* A finite number > 0. */
void lt_opt_positive(conv *cv, int t, const char *key, double *out);
/* A Young's modulus (Pa): a number > 0, or +inf (math.huge): a rigid body
 * (laws/kit/effective.h). */
void lt_opt_modulus(conv *cv, int t, const char *key, double *out);
void lt_opt_integer(conv *cv, int t, const char *key, long *out, long min, long max);
void lt_opt_bool(conv *cv, int t, const char *key, int *out);
/* One of n names; *out = its index. */
void lt_opt_choice(conv *cv, int t, const char *key, const char *const *names, int n, int *out);
void lt_read_vec3(conv *cv, int i, vec3 *out);
void lt_opt_vec3(conv *cv, int t, const char *key, vec3 *out);
/* A finite, non-zero 3-vector. */
void lt_opt_nonzero_vec3(conv *cv, int t, const char *key, vec3 *out);
/* Read a material table (stack index t; keys young, poisson, density, ktDivKn, tanPhi) into m,
 * keeping what is absent.  young = math.huge (+inf) is a rigid body (docs/stage-scripts.md,
 * "Rigid bodies"). */
void lt_read_material(conv *cv, int t, lt_material *m);
/* Refuse (at cv's current path) a pair of materials that are both rigid: no finite E*. */
void lt_check_rigid_pair(conv *cv, const lt_material *a, const lt_material *b);
/* The function field key of the table at t, pushed (nil when absent and not required; absent and
 * required: a field error naming sig); its definition line, 0 if absent. */
int lt_function_field(conv *cv, int t, const char *key, int required, const char *sig);

#endif
