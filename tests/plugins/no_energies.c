/* tests/plugins/no_energies.c - a law that books no energies (n_energies = 0), as a law ported
 * from a code that keeps none (LAMMPS's granular pair styles): a Hooke normal spring,
 * Fn = kn uN (kn = 1e6 N/m, uN < 0 in overlap, m), no tangential force.  verify gives it every
 * passivity row and n/a balance rows (docs/verify.md, "Checks that need no help from the law"). */
#include "plugin_common.h"

static int silent_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    (void)p;
    if (c->uN > 0) return 0;
    s[0] = TEST_KN * c->uN;
    lt_respond_force(out, s[0], 0, 0, TEST_KN, 0);
    return 1;
}

static const lt_law law = {.api_version = LT_LAW_API_VERSION,
                           .name = "no_energies",
                           .summary = "Hooke normal spring that books no energies (a test plugin)",
                           .state_names = test_state,
                           .n_state = 1,
                           .energies = NULL,
                           .n_energies = 0,
                           .init = test_init,
                           .step = silent_step};
const lt_law *const lt_plugin_laws[] = {&law, NULL};
