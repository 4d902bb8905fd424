/* src/law_check.h - the check of a law descriptor (src/law.h) against the interface's rules. */
#ifndef LT_LAW_CHECK_H
#define LT_LAW_CHECK_H
#include "law.h"
#include <stddef.h>

/* Check a descriptor of the current layout (a built-in, or one lt_law_normalize made): the API
 * version is one lawtester reads; names are present, unique and usable as identifiers
 * ([A-Za-z_][A-Za-z0-9_]*, at most LT_NAME_MAX characters; a choice may also hold '-', a case
 * name anything on one line), and no state variable or energy takes a name lawtester uses in
 * the same place (lt_name_clash; docs/laws.md, "Names"); counts within LT_MAX_PARAMS,
 * LT_MAX_STATE, LT_MAX_ENERGIES; init and step present; every parameter's kind, range, default,
 * unit, doc and choices well-formed; each case named once, of a known kind, with the DoF and
 * the closed forms its kind requires; a declared yield surface complete.  What a case means
 * (its overrides, bodies, loads) is checked when verify sets it up, as a failed row.  Returns 0, or -1
 * with one line in err: "law 'NAME': WHAT" (the law's name as far as it can be read). */
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
 * results.E next to the driver's energies (work kin damp brk balance_err form unbooked), and a field of
 * results.rows next to `n`.  Returns NULL if name is free for the role, else buf holding what
 * it clashes with ("the contact quantity C.uN that until and done read"). */
typedef enum lt_name_role { LT_NAME_STATE, LT_NAME_ENERGY } lt_name_role;
const char *lt_name_clash(lt_name_role role, const char *name, char *buf, size_t n);

/* A descriptor of any API version 1..LT_LAW_API_VERSION copied into the current layout (fields
 * the version lacks are zero: no check, no cases, no yield surface, dof 0), with api_version set
 * to the current one; the law's own tables (parameters, names, functions) are shared, not
 * copied.  One allocation holds the law and its cases: free() it.  NULL (err: one line) when the
 * version is not one lawtester reads.  Only api_version is read before the version is known. */
lt_law *lt_law_normalize(const lt_law *law, char *err, size_t errlen);

/* What the registry keeps of a descriptor of any API version: normalized (lt_law_normalize),
 * checked (lt_law_validate), then copied deep into one allocation (free() it): the lt_law, its
 * parameters with their names, units, docs and choice lists, its state names, its energies with
 * their names and docs, its cases with every string they point to, its yield surface and its
 * formula.  Only the functions stay the law's own, so nothing the law does to its descriptor
 * after this call reaches lawtester.  NULL with one line in err when the descriptor is refused. */
lt_law *lt_law_copy(const lt_law *law, char *err, size_t errlen);

#endif
