/* src/registry.c - the one table of contact laws.  Adding a law: write laws/NAME.c defining
 * `const lt_law law_NAME`, add one `extern` line and one table row here, and list the file in
 * the Makefile's LAWS.  Nothing else in the harness names a law. */
#include "registry.h"
#include <string.h>

extern const lt_law law_linear;
extern const lt_law law_spring_dashpot;
extern const lt_law law_hertz_mindlin;
extern const lt_law law_linel6;
extern const lt_law law_cohesive;

const lt_law *const lt_laws[] = {
    &law_linear,
    &law_spring_dashpot,
    &law_hertz_mindlin,
    &law_linel6,
    &law_cohesive,
    NULL,
};

const lt_law *lt_find_law(const char *name)
{
    for (int i = 0; lt_laws[i]; i++)
        if (strcmp(lt_laws[i]->name, name) == 0) return lt_laws[i];
    return NULL;
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

const lt_yield *lt_law_yield(const lt_law *law)
{
    if (!law || law->api_version < 2 || !law->yield) return NULL;
    const lt_yield *y = law->yield;
    return y->ft_max && y->fn_max && y->yielding ? y : NULL;
}
