/* tests/plugins/plugin_common.h - a minimal well-formed law for the bad shared objects of
 * tests/test_plugin.c, each of which breaks one rule (docs/plugins.md).  Physics: a Hooke
 * normal spring, Fn = kn uN (N; kn = 1e6 N/m; uN < 0 in overlap, m), no tangential force, no
 * torque; stored energy kn uN^2/2 (J); the contact ends at uN > 0.  Signs of law.h. */
#ifndef LT_TEST_PLUGIN_COMMON_H
#define LT_TEST_PLUGIN_COMMON_H
#include "../../include/lawtester/law.h"
#include <stddef.h>

#define TEST_KN 1e6 /* N/m */

static const char *const test_state[1] = {"Fn"};
static const lt_energy_def test_energies[1] = {{"elast", LT_STORED, "energy of the normal spring"}};

static void test_init(const double *p, const lt_contact *c, double *s)
{
    (void)p, (void)c, (void)s;
}

static int test_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    (void)p;
    if (c->uN > 0) return 0;
    s[0] = TEST_KN * c->uN;
    lt_respond_force(out, s[0], 0, 0, TEST_KN, 0);
    out->energy[0] = 0.5 * TEST_KN * c->uN * c->uN;
    return 1;
}

/* The fields after api_version of a well-formed law called NAME. */
#define TEST_LAW(NAME)                                                                         \
    .name = NAME, .summary = "Hooke normal spring (a test plugin)", .state_names = test_state, \
    .n_state = 1, .energies = test_energies, .n_energies = 1, .init = test_init, .step = test_step

#endif
