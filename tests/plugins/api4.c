/* tests/plugins/api4.c - a descriptor as a law compiled against law API 4 has it: lt_law up to
 * `yield`, nothing of API 5 after it.  It must load and run unchanged (docs/plugins.md,
 * "Versions"), read as lawtester read it before API 5: `tanPhi` is its friction coefficient
 * (by its name), its `gain` whose range was left at [0, 0] has no bounds, and no parameter is
 * taken from the materials (its optional `kn` and `kt` are `unset` in .meta, and `kt`, a
 * twisting stiffness here, is never labelled with the stiffness rule's kt).  Physics: the Hooke
 * spring of plugin_common.h (the parameters are declared, not used). */
#include "../../src/contact/law_compat.h"
#include "plugin_common.h"
#include <math.h>

typedef struct lt_law_api4 {
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
    const char *(*check)(const double *param);
    const lt_case *cases;
    int n_cases;
    const lt_yield *yield;
} lt_law_api4;
_Static_assert(sizeof(lt_law_api4) == LT_LAW_V2_SIZE, "API 2 to 4 end after yield");

static const lt_param api4_params[4] = {
    {"kn", LT_REAL, NAN, 0, INFINITY, "N/m", "normal stiffness (unused)", NULL},
    {"kt", LT_REAL, NAN, 0, INFINITY, "N m/rad", "a twisting stiffness, not the rule's kt (unused)",
     NULL},
    {"tanPhi", LT_REAL, 0.5, 0, INFINITY, "-", "friction coefficient (unused)", NULL},
    {"gain", LT_REAL, 0, 0, 0, "-", "a gain whose range the author forgot (unused)", NULL},
};

static const lt_law_api4 law = {
    .api_version = 4, TEST_LAW("hooke_api4"), .params = api4_params, .n_params = 4};
const lt_law *const lt_plugin_laws[] = {(const lt_law *)(const void *)&law, NULL};
