/* src/law_check.h - the check of a law descriptor (src/law.h) against the interface's rules. */
#ifndef LT_LAW_CHECK_H
#define LT_LAW_CHECK_H
#include "law.h"
#include <stddef.h>

/* Check a descriptor of the current layout (a built-in, or one lt_law_normalize made): the API
 * version is one lawtester reads; names are present, unique and usable as identifiers
 * ([A-Za-z_][A-Za-z0-9_]*, at most LT_NAME_MAX characters); counts within LT_MAX_PARAMS,
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

/* A descriptor of any API version 1..LT_LAW_API_VERSION copied into the current layout (fields
 * the version lacks are zero: no check, no cases, no yield surface, dof 0), with api_version set
 * to the current one; the law's own tables (parameters, names, functions) are shared, not
 * copied.  One allocation holds the law and its cases: free() it.  NULL (err: one line) when the
 * version is not one lawtester reads.  Only api_version is read before the version is known. */
lt_law *lt_law_normalize(const lt_law *law, char *err, size_t errlen);

#endif
