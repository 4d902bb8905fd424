/* tests/plugins/corner_fail.c - a law that is wrong in one corner of its parameter space only,
 * for `lawtester verify --sweep` (tests/test_sweep.c; docs/verify.md, "The parameter space").
 * Physics: a Hooke normal spring, Fn = kn uN (N; uN < 0 in overlap, m), no tangential force, no
 * torque, stored energy kn uN^2/2 (J).  Parameters: kn in [1e4, 1e8] N/m (default 1e6; four
 * decades: swept log-uniformly) and `stiffen` in [0, 1] (default 0).  The defect: where
 * stiffen > 0.9 and kn > 3e7 N/m, the force gains the factor (1 + stiffen) but the energy is still
 * booked as kn uN^2/2, so the energy balance of the generic path fails there (by about half the
 * work); everywhere else the law is exact.  Of the four corners, only (1e8, 1) is in that
 * region, and no point of the first Halton points (stiffen = 1/3, 2/3, 1/9, 4/9, ...) is. */
#include "../../include/lawtester/law.h"
#include <stddef.h>

enum { P_KN, P_STIFFEN };
#define WRONG_ABOVE_STIFFEN 0.9
#define WRONG_ABOVE_KN 3e7 /* N/m */

static const lt_param params[2] = {
    [P_KN] = {"kn", LT_REAL, 1e6, 1e4, 1e8, "N/m", "normal stiffness", NULL},
    [P_STIFFEN] = {"stiffen", LT_REAL, 0, 0, 1, "-",
                   "extra stiffness factor (wrongly booked above 0.9 at kn > 3e7)", NULL},
};
static const char *const state[1] = {"Fn"};
static const lt_energy_def energies[1] = {{"elast", LT_STORED, "energy of the normal spring"}};

static void cf_init(const double *p, const lt_contact *c, double *s) { (void)p, (void)c, (void)s; }

static int cf_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (c->uN > 0) return 0;
    double kn = p[P_KN];
    double gain = p[P_STIFFEN] > WRONG_ABOVE_STIFFEN && kn > WRONG_ABOVE_KN ? 1 + p[P_STIFFEN] : 1;
    s[0] = gain * kn * c->uN;
    lt_respond_force(out, s[0], 0, 0, gain * kn, 0);
    out->energy[0] = 0.5 * kn * c->uN * c->uN;
    return 1;
}

static const lt_law law = {
    .api_version = LT_LAW_API_VERSION,
    .name = "corner_fail",
    .summary = "Hooke normal spring, its energy wrong in one corner (a test plugin)",
    .params = params,
    .n_params = 2,
    .state_names = state,
    .n_state = 1,
    .energies = energies,
    .n_energies = 1,
    .init = cf_init,
    .step = cf_step};
const lt_law *const lt_plugin_laws[] = {&law, NULL};
