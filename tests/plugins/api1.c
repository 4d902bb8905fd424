/* tests/plugins/api1.c - a descriptor as a law compiled against law API 1 has it: the layout of
 * lt_law up to `step`, nothing after (the fields of API 2 and 3 would lie beyond the object).
 * It must still load and run (docs/plugins.md, "Versions").  Physics: the Hooke spring of
 * plugin_common.h. */
#include "plugin_common.h"

typedef struct lt_law_api1 {
    int api_version;
    const char *name;
    const char *summary;
    const lt_param *params;
    int n_params;
    const char *const *state_names;
    int n_state;
    const lt_energy_def *energies;
    int n_energies;
    void (*init)(const double *param, const lt_contact *c, double *state);
    int (*step)(const double *param, const lt_contact *c, double *state, lt_response *out);
} lt_law_api1;

static const lt_law_api1 law = {.api_version = 1, TEST_LAW("hooke_api1")};
const lt_law *const lt_plugin_laws[] = {(const lt_law *)(const void *)&law, NULL};
