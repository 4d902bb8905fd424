/* tests/plugins/bad_nstate.c - a malformed descriptor: 600 state variables, more than the
 * driver's per-contact array holds (LT_MAX_STATE = 512), with a table of one name. */
#include "plugin_common.h"

static const lt_law law = {.api_version = LT_LAW_API_VERSION,
                           .name = "big_state",
                           .summary = "600 state variables",
                           .state_names = test_state,
                           .n_state = 600,
                           .energies = test_energies,
                           .n_energies = 1,
                           .init = test_init,
                           .step = test_step};
const lt_law *const lt_plugin_laws[] = {&law, NULL};
