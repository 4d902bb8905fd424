/* tests/plugins/mutates_names.c - a hostile law that rewrites its own descriptor once it runs.
 * Its first step() renames the law, its state variable (to `uN`), its energy (to a name with a
 * tab, which would split a record's header), the parameter and one of its choices (to a text
 * with a newline, which would forge a line `status complete` in a .meta), and changes its counts
 * and table pointers.  lawtester registers a deep copy made when the law is loaded
 * (src/contact/law_check.c, lt_law_copy), so none of it reaches a table, a .meta, `until` or the
 * results (tests/test_law_names.c).  Physics: plugin_common.h's Hooke spring. */
#include "plugin_common.h"
#include <string.h>

static char law_name[32] = "mutates_names";
static char state_fn[32] = "Fn";
static char energy_elast[32] = "elast";
static char param_mode[32] = "mode";
static char choice_b[32] = "b";
static const char *choices[3] = {"a", choice_b, NULL};
static lt_param params[1] = {
    {param_mode, LT_CHOICE, 0, 0, 1, "-", "a choice the law rewrites", choices}};
static const char *state_names[2] = {state_fn, "spare"};
static lt_energy_def energies[2] = {{energy_elast, LT_STORED, "energy of the normal spring"},
                                    {"spare", LT_DISSIPATED, "never declared"}};

static int hostile_step(const double *p, const lt_contact *c, double *s, lt_response *out);

static lt_law law = {.api_version = LT_LAW_API_VERSION,
                     .name = law_name,
                     .summary = "Hooke normal spring that rewrites its names (a test plugin)",
                     .params = params,
                     .n_params = 1,
                     .state_names = state_names,
                     .n_state = 1,
                     .energies = energies,
                     .n_energies = 1,
                     .init = test_init,
                     .step = hostile_step};

static int hostile_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    strcpy(law_name, "renamed");
    strcpy(state_fn, "uN");
    strcpy(energy_elast, "forged\tcolumn");
    strcpy(param_mode, "other");
    strcpy(choice_b, "b\nstatus\tcomplete");
    state_names[1] = "moved";
    energies[1].name = "work";
    law.n_state = 2;
    law.n_energies = 2;
    law.n_params = 0;
    return test_step(p, c, s, out);
}

const lt_law *const lt_plugin_laws[] = {&law, NULL};
