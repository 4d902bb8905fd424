/* src/registry.h - the one table of contact laws known to lawtester. */
#ifndef LT_REGISTRY_H
#define LT_REGISTRY_H
#include "law.h"

/* NULL-terminated list of every registered law, in the order `lawtester laws` prints them. */
extern const lt_law *const lt_laws[];

/* The law called name, or NULL. */
const lt_law *lt_find_law(const char *name);

/* Index of the parameter called name in law, or -1; index of the energy called name, or -1. */
int lt_law_param_index(const lt_law *law, const char *name);
int lt_law_energy_index(const lt_law *law, const char *name);

/* The law's yield surface, or NULL when it declares none (also for a descriptor of law API 1,
 * which has no such field). */
const lt_yield *lt_law_yield(const lt_law *law);

#endif
