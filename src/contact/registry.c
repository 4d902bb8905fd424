/* src/contact/registry.c - the table of contact laws: the built-in ones, listed once in
 * laws/laws.def, then those added at run time (lt_register_law).  Nothing else in the harness
 * names a law. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "contact/registry.h"
#include "base/quote.h"
#include "contact/builtin_laws.h"
#include "contact/host.h"
#include "contact/law_check.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The built-in laws of laws/laws.def (each line's descriptor: contact/builtin_laws.h): declared,
 * counted, then the table. */
#define LT_BUILTIN_EACH(descriptor, name) extern const lt_law descriptor;
#include "laws/laws.def"
#undef LT_BUILTIN_EACH

#define LT_BUILTIN_EACH(descriptor, name) +1
enum {
    N_BUILTIN = 0
#include "laws/laws.def"
};
#undef LT_BUILTIN_EACH

#define LT_BUILTIN_EACH(descriptor, name) &descriptor,
const lt_law *lt_laws[LT_MAX_LAWS + 1] = {
#include "laws/laws.def"
    NULL};
#undef LT_BUILTIN_EACH

/* For the added laws (index i >= N_BUILTIN): where they come from and their declared version. */
static char *origins[LT_MAX_LAWS];
static int declared_api[LT_MAX_LAWS];
static const lt_host *hosts[LT_MAX_LAWS]; /* a hosted law's host (contact/host.h), else NULL */
static char *libraries[LT_MAX_LAWS];      /* the --law-lib FILE that loads it, else NULL */
static struct {
    lt_known_fn fn;
    void *ctx;
} known[LT_MAX_LAWS]; /* its known defects (a Lua law's), else fn NULL */

static int count_laws(void)
{
    int n = 0;
    while (lt_laws[n]) n++;
    return n;
}

static int index_of(const lt_law *law)
{
    for (int i = 0; lt_laws[i]; i++)
        if (lt_laws[i] == law) return i;
    return -1;
}

const lt_law *lt_find_law(const char *name)
{
    for (int i = 0; lt_laws[i]; i++)
        if (strcmp(lt_laws[i]->name, name) == 0) return lt_laws[i];
    return NULL;
}

const lt_law *lt_register_law(const lt_law *law, const char *origin, char *err, size_t errlen)
{
    int n = count_laws();
    if (n >= LT_MAX_LAWS) {
        snprintf(err, errlen, "more than %d laws", LT_MAX_LAWS);
        return NULL;
    }
    int version = law ? law->api_version : 0;
    lt_law *copy = lt_law_copy(law, err, errlen); /* nothing of the original is read after this */
    if (!copy) return NULL;
    const lt_law *taken = lt_find_law(copy->name);
    if (taken) {
        /* quoted by whoever registered it (plugin.c, the script's path) */
        const char *where = lt_law_origin(taken);
        snprintf(err, errlen, "law '%s': the name is taken by %s%s", copy->name,
                 where ? "the law from " : "a built-in law", where ? where : "");
        free(copy);
        return NULL;
    }
    char *o = strdup(origin ? origin : "?");
    if (!o) {
        snprintf(err, errlen, "law '%s': out of memory", copy->name);
        free(copy);
        return NULL;
    }
    origins[n] = o;
    declared_api[n] = version;
    hosts[n] = NULL;
    libraries[n] = NULL;
    known[n].fn = NULL;
    lt_laws[n] = copy;
    lt_laws[n + 1] = NULL;
    return copy;
}

void lt_unregister_law(const lt_law *law)
{
    int i = index_of(law);
    if (i < N_BUILTIN) return;
    int n = count_laws();
    free(origins[i]);
    free(libraries[i]);
    free((void *)law); /* lt_register_law's copy, one block with its tables and strings */
    for (int j = i; j < n - 1; j++) {
        lt_laws[j] = lt_laws[j + 1];
        origins[j] = origins[j + 1];
        declared_api[j] = declared_api[j + 1];
        hosts[j] = hosts[j + 1];
        libraries[j] = libraries[j + 1];
        known[j] = known[j + 1];
    }
    lt_laws[n - 1] = NULL;
    origins[n - 1] = NULL;
    hosts[n - 1] = NULL;
    libraries[n - 1] = NULL;
    known[n - 1].fn = NULL;
}

const lt_host *lt_law_host(const lt_law *law)
{
    int i = index_of(law);
    return i >= N_BUILTIN ? hosts[i] : NULL;
}

int lt_law_set_host(const lt_law *law, const lt_host *host)
{
    int i = index_of(law);
    if (i < N_BUILTIN) return -1;
    hosts[i] = host;
    return 0;
}

int lt_law_set_library(const lt_law *law, const char *file)
{
    int i = index_of(law);
    char *copy = i >= N_BUILTIN ? strdup(file) : NULL;
    if (!copy) return -1;
    free(libraries[i]);
    libraries[i] = copy;
    return 0;
}

const char *lt_law_library(const lt_law *law)
{
    int i = index_of(law);
    return i >= N_BUILTIN ? libraries[i] : NULL;
}

int lt_law_set_known(const lt_law *law, lt_known_fn fn, void *ctx)
{
    int i = index_of(law);
    if (i < N_BUILTIN) return -1;
    known[i].fn = fn, known[i].ctx = ctx;
    return 0;
}

const char *lt_law_known(const lt_law *law, const double *param, const char *kase,
                         const char *quantity, int *may)
{
    if (may) *may = 0;
    for (int j = 0; j < law->n_known; j++) { /* the descriptor's own (API 6) */
        const lt_known *k = &law->known[j];
        size_t len = (size_t)(strchr(k->row, ' ') - k->row);
        if (strcspn(kase, "@") == len && strncmp(kase, k->row, len) == 0 &&
            strncmp(quantity, k->row + len + 1, strlen(k->row + len + 1)) == 0) {
            int shows = k->when ? k->when(param) : 1;
            if (!shows) continue;
            if (may) *may = shows == LT_KNOWN_MAY;
            return k->why;
        }
    }
    int i = index_of(law);
    return i >= N_BUILTIN && known[i].fn ? known[i].fn(known[i].ctx, param, kase, quantity) : NULL;
}

const char *lt_law_origin(const lt_law *law)
{
    int i = index_of(law);
    return i >= N_BUILTIN ? origins[i] : NULL;
}

int lt_law_declared_api(const lt_law *law)
{
    int i = index_of(law);
    return i >= N_BUILTIN ? declared_api[i] : law->api_version;
}

int lt_law_param_index(const lt_law *law, const char *name)
{
    for (int i = 0; i < law->n_params; i++)
        if (strcmp(law->params[i].name, name) == 0) return i;
    return -1;
}

int lt_law_energy_index(const lt_law *law, const char *name)
{
    for (int i = 0; i < law->n_energies; i++)
        if (strcmp(law->energies[i].name, name) == 0) return i;
    return -1;
}

int lt_law_friction_param(const lt_law *law)
{
    return law->friction ? lt_law_param_index(law, law->friction) : -1;
}

double lt_law_friction(const lt_law *law, const double *params, const double *state,
                       double rule_tanphi)
{
    if (!law->friction) return NAN;
    for (int i = 0; i < law->n_state; i++)
        if (strcmp(law->state_names[i], law->friction) == 0) return state[i];
    int p = lt_law_friction_param(law);
    if (p < 0) return NAN;
    if (!isnan(params[p])) return params[p];
    return law->param_flags && (law->param_flags[p] & LT_PARAM_MATERIALS) ? rule_tanphi : NAN;
}

const lt_yield *lt_law_yield(const lt_law *law)
{
    if (!law || law->api_version < 2 || !law->yield) return NULL;
    const lt_yield *y = law->yield;
    return y->ft_max && y->fn_max && y->yielding ? y : NULL;
}
