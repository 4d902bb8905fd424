/* src/contact/registry.h - the table of contact laws known to lawtester: the built-in ones (laws/),
 * then those added at run time (shared objects given with --law-lib, laws defined by a script).
 * Adding a built-in law: laws/NAME.c defining `const lt_law lt_law_NAME` and one line LT_LAW(NAME)
 * in laws/laws.def (docs/laws.md, "Writing a law in the tree"). */
#ifndef LT_REGISTRY_H
#define LT_REGISTRY_H
#include <lawtester/law.h>
#include <stddef.h>

/* At most this many laws in all (built-in and added). */
#define LT_MAX_LAWS 256

/* NULL-terminated list of every known law, built-ins first, in the order `lawtester laws`
 * prints them.  Change it only through the functions below. */
extern const lt_law *lt_laws[];

/* The law called name, or NULL. */
const lt_law *lt_find_law(const char *name);

/* Add a law at run time: the descriptor (of any API version 1..LT_LAW_API_VERSION) is copied
 * into the current layout (lt_law_normalize), checked (lt_law_validate), copied deep
 * (lt_law_copy: its tables and strings, not its functions), and registered under its name,
 * which must not be taken.  origin says where it comes from (e.g. the shared object's path;
 * copied) for `lawtester laws` and messages.  Returns the registered descriptor (the copy:
 * compare and use it, not the original, which lawtester never reads again; a law that rewrites
 * its own names later changes nothing), or NULL with one line in err.  Built-in laws are not
 * copied: they are const objects of lawtester itself, and lt_laws[] and lt_find_law give them
 * as laws/ defines them. */
const lt_law *lt_register_law(const lt_law *law, const char *origin, char *err, size_t errlen);

/* Remove a law added by lt_register_law (the pointer it returned) and free its copy; built-in
 * laws stay.  The next registered law takes its place at the end of the list. */
void lt_unregister_law(const lt_law *law);

/* Where a law comes from: NULL for a built-in one, else the origin given when it was added. */
const char *lt_law_origin(const lt_law *law);

/* The file that `--law-lib FILE` loads the law from (a shared object, or a law file FILE.lua),
 * for the commands lawtester prints to repeat a check; NULL for a built-in law or one a stage
 * script defines.  lt_law_set_library keeps a copy: 0, or -1 (not an added law, or out of
 * memory). */
int lt_law_set_library(const lt_law *law, const char *file);
const char *lt_law_library(const lt_law *law);

/* A law's known defects (a C law's lt_law.known, API 6; a Lua law's `known`, docs/lua-laws.md):
 * why the row of verify's case kase (a sweep point's "@k" ignored) and quantity fails at the
 * parameters param, or NULL when it is not known to; *may (may be NULL) is set to 1 where the
 * defect may show but can be masked (LT_KNOWN_MAY), else 0.  lt_law_set_known gives an added law
 * its function (ctx kept): 0, or -1 (not an added law).  lt_law_known: NULL for a law without
 * one. */
typedef const char *(*lt_known_fn)(void *ctx, const double *param, const char *kase,
                                   const char *quantity);
int lt_law_set_known(const lt_law *law, lt_known_fn fn, void *ctx);
const char *lt_law_known(const lt_law *law, const double *param, const char *kase,
                         const char *quantity, int *may);

/* The API version the law's descriptor was written for (an added law's may be older than the
 * layout lawtester keeps it in). */
int lt_law_declared_api(const lt_law *law);

/* Index of the parameter called name in law, or -1; index of the energy called name, or -1. */
int lt_law_param_index(const lt_law *law, const char *name);
int lt_law_energy_index(const lt_law *law, const char *name);

/* The parameter the law names as its friction coefficient (lt_law.friction), or -1 (none, or it
 * names a state variable): the plausibility warnings check its value. */
int lt_law_friction_param(const lt_law *law);

/* The law's friction coefficient mu = tan(phi) (-) as a run ended, for the Coulomb cone of the
 * plots: the state variable lt_law.friction names (its value in state), else the parameter
 * (params), else, for a parameter not given that the law takes from the materials
 * (LT_PARAM_MATERIALS), rule_tanphi (the stiffness rule's); NaN when the law names none. */
double lt_law_friction(const lt_law *law, const double *params, const double *state,
                       double rule_tanphi);

/* The law's yield surface, or NULL when it declares none (also for a descriptor of law API 1,
 * which has no such field). */
const lt_yield *lt_law_yield(const lt_law *law);

#endif
