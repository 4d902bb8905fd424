/* src/contact/law_check.h - the check of a law descriptor (include/lawtester/law.h) against the
 * interface's rules. */
#ifndef LT_LAW_CHECK_H
#define LT_LAW_CHECK_H
#include <lawtester/law.h>
#include <stddef.h>

/* Check a descriptor of the current layout (a built-in, or one lt_law_normalize made): the API
 * version is one lawtester reads; names are present, unique and usable as identifiers
 * ([A-Za-z_][A-Za-z0-9_]*, at most LT_NAME_MAX characters; a choice may also hold '-', a case
 * name anything on one line), and no state variable or energy takes a name lawtester uses in
 * the same place (lt_name_clash; docs/laws.md, "Names"); counts within LT_MAX_PARAMS,
 * LT_MAX_STATE, LT_MAX_ENERGIES; step present (init is optional); every parameter's kind,
 * range (more than one value unless LT_PARAM_FIXED: a range left at [0, 0] is refused with what
 * to set), default, unit, doc, choices and flags well-formed (an LT_INT's range and default
 * whole); the state arrays within the state, apart, and every state variable named (a value of
 * an array may be named by lt_state_name); the friction coefficient a real parameter or a state
 * variable; each case named once, of a known kind, with the DoF and
 * the closed forms its kind requires; a declared yield surface complete.  What a case means
 * (its overrides, bodies, loads) is checked when verify sets it up, as a failed row.  Returns 0, or
 * -1 with one line in err: "law 'NAME': WHAT" (the law's name as far as it can be read). */
int lt_law_validate(const lt_law *law, char *err, size_t errlen);

#define LT_NAME_MAX 63

/* NULL if s can name a law, a parameter, a state variable or an energy ([A-Za-z_][A-Za-z0-9_]*,
 * at most LT_NAME_MAX characters), else what is wrong with it ("is empty", ...). */
const char *lt_identifier_problem(const char *s);

/* The same for one of a choice parameter's names: letters, digits, '_' and '-' (not first), at
 * most LT_NAME_MAX characters (e.g. "mohr-coulomb"). */
const char *lt_choice_problem(const char *s);

/* Where a law's name would meet one of lawtester's own: a state variable is read as C.NAME by
 * `until` and `done` and set in a run's results.C, next to the contact quantities uN, u, v, f,
 * contA, l1, l2 (kn and kt are allowed: they name the stiffness the law returns in out->k); an
 * energy is a column of the record after its fixed columns (step ... kt), a field of E and
 * results.E next to the driver's energies (work kin damp brk balance_err form unbooked), and a
 * field of results.rows next to `n`.  Returns NULL if name is free for the role, else buf holding
 * what it clashes with ("the contact quantity C.uN that until and done read"). */
typedef enum lt_name_role { LT_NAME_STATE, LT_NAME_ENERGY } lt_name_role;
const char *lt_name_clash(lt_name_role role, const char *name, char *buf, size_t n);

/* A descriptor of any API version 1..LT_LAW_API_VERSION copied into the current layout (fields
 * the version lacks are zero: no check, no cases, no yield surface, dof 0), with api_version set
 * to the current one; what API 5 declares is read for older versions as lawtester read it
 * before (law_compat.h: friction "tanPhi" if a parameter or state variable has that name, a real
 * range left at [0, 0] unbounded and flagged LT_PARAM_RANGE_UNDECLARED); the law's own tables
 * (names, functions; the parameters of API 5) are shared, not copied.  One allocation holds the
 * law, its cases and the parameters it rewrote: free() it.  NULL (err: one line) when the
 * version is not one lawtester reads (0, not set: the message says what to set).  Only
 * api_version and the name are read before the version is known. */
lt_law *lt_law_normalize(const lt_law *law, char *err, size_t errlen);

/* What the registry keeps of a descriptor of any API version: normalized (lt_law_normalize),
 * checked (lt_law_validate), then copied deep into one allocation (free() it): the lt_law, its
 * parameters with their names, units, docs and choice lists, its state names, its energies with
 * their names and docs, its cases with every string they point to, its yield surface and its
 * formula.  Only the functions stay the law's own, so nothing the law does to its descriptor
 * after this call reaches lawtester.  NULL with one line in err when the descriptor is refused. */
lt_law *lt_law_copy(const lt_law *law, char *err, size_t errlen);

/* The name of state variable i (0 <= i < law->n_state) of a descriptor in the current layout:
 * state_names[i], or, when that is NULL (or state_names is) and a state array holds i, ARRAY_k
 * (k = i - first) written into buf; NULL if neither.  The registry's copy names every value, so
 * lawtester reads state_names[i] directly after registration. */
const char *lt_state_name(const lt_law *law, int i, char *buf, size_t n);

/* An LT_INT parameter is held as a double: the whole numbers it holds exactly are those of
 * magnitude <= 2^53.  A value beyond is refused wherever one is read (a script's params, a
 * case's, --set, a law's default), so the law, which may read it into a C integer
 * (a Lua law: a Lua integer), gets the value .meta records. */
#define LT_INT_PARAM_MAX 9007199254740992.0 /* 2^53 */

/* NULL if the parameter p takes the value x (its kind's values: a choice's index, 0 or 1, a
 * whole number of magnitude <= LT_INT_PARAM_MAX for LT_INT; within [min, max]; finite unless NaN
 * is its unset default), else what is wrong in buf, one line without the parameter's name first
 * (e.g. "expected a whole number (an integer parameter), got 80.5"): for readers of parameter
 * values other than a script's params table (case overrides, command-line values). */
const char *lt_param_value_problem(const lt_param *p, double x, char *buf, size_t n);
/* The same with the parameter's LT_PARAM_* flags: an open end (LT_PARAM_MIN_OPEN, _MAX_OPEN,
 * API 6) refuses its bound. */
const char *lt_param_value_problem_in(const lt_param *p, unsigned flags, double x, char *buf,
                                      size_t n);

/* Parameter i's LT_PARAM_* flags (0 when the law declares none) and its sweep scale (API 6's
 * param_scales; 0: none). */
unsigned lt_law_param_flags(const lt_law *law, int i);
double lt_law_param_scale(const lt_law *law, int i);
/* 1 if x lies in the range of p: [min, max], an end flagged open (flags) excluding its bound. */
int lt_param_in_range(const lt_param *p, unsigned flags, double x);
/* The range of p as text into buf: "[0, 1]", "(0, 1]", "[0, inf]" (an infinite end as the range
 * holds it), the bounds in shortest round-trip form (what strtod reads back as the same double),
 * so that a bound never prints rounded onto a value it refuses.  buf. */
const char *lt_param_range_text(const lt_param *p, unsigned flags, char *buf, size_t n);

#endif
