/* tests/plugins/energy_work.c - a law with an energy called "work", the name of the driver's
 * energy column: its record would have two `work` columns and E.work would be ambiguous, so it
 * is refused when it is loaded (docs/laws.md, "Names"). */
#include "plugin_common.h"

static const lt_energy_def work_energies[1] = {{"work", LT_STORED, "energy of the normal spring"}};
static const lt_law law = {.api_version = LT_LAW_API_VERSION,
                           .name = "energy_work",
                           .summary = "Hooke normal spring (a test plugin)",
                           .state_names = test_state,
                           .n_state = 1,
                           .energies = work_energies,
                           .n_energies = 1,
                           .init = test_init,
                           .step = test_step};
const lt_law *const lt_plugin_laws[] = {&law, NULL};
