/* laws/linel6.c - purely elastic contact in all six DoFs (Woo's Law2_L6Geom_FrictPhys_LinEl6),
 * a law for testing: no friction, no damping, no plasticity.
 *
 * Theory (SI; frame and signs of include/lawtester/law.h; force and torque on particle A; u, phi
 * the relative displacements and rotations of B with respect to A accumulated from v dt):
 *   Fn = kn uN                      (N; uN < 0 in overlap, so compression is negative)
 *   Ft += kt vt dt   (y, z)         (N)       -> Ft = kt ut
 *   Tw += kw wx dt   (twist)        (N m)     -> Tw = kw phi_x
 *   Tb += kb w dt    (bend y, z)    (N m)     -> Tb = kb phi_b
 *   the contact breaks when uN > 0 unless noBreak (then Fn may be tensile).
 * Rotational stiffnesses by dimensional analysis: a torque stiffness is N m/rad, a force
 *   stiffness N/m, so a length l must enter squared:
 *     kw = kn l^2,  kb = kt l^2        (N m/rad)
 *   l = charLen (m), by default the connector radius sqrt(contA/pi) = min(r1, r2) for spheres.
 *   Woo's documented kw = l kn, kb = l kt (N, not N m/rad) and Woo's code kn/l (N/m^2) are both
 *   dimensionally wrong; YADE multiplies by l as Woo's documentation does.  The pairing
 *   twist-normal and bending-tangential is Woo's documented (so kb/kw = kt/kn); a beam of radius l
 *   between the centres would instead give kb = kn l^2/4 and kw = kt l^2/2 (E I/L and G J/L), so
 *   the law is a testing device, not a model of a bond.
 * Energy (J): elast = (Fn^2/kn + |Ft|^2/kt + Tw^2/kw + |Tb|^2/kb)/2, a zero stiffness adding
 *   nothing (stored; Woo's documented formula lacks the square of Tw).  Elastic and
 *   path-independent in the local DoFs: the trapezoid work of a step equals the change of elast
 *   exactly.
 * Stiffness: kn, kt given, or from the materials by the harness's stiffness rule (a kt left to
 *   the materials keeps their kt/kn ratio applied to the kn in force); tanPhi is ignored.
 * Reference: [Woo] "Linear (Cundall) contact model" ("Purely elastic model 6-DoF model");
 *   [Woo] (docs/references.md).
 */
#include "linel6.h"
#include "kit/params.h"
#include <math.h>
#include <stddef.h>

static const lt_param l6_params[L6_P_COUNT] = {
    [L6_P_KN] = LT_PARAM_KN,
    [L6_P_KT] = LT_PARAM_KT,
    [L6_P_CHARLEN] = LT_KIT_REAL(
        "charLen", NAN, 0, INFINITY, "m",
        "length l of kw = kn l^2, kb = kt l^2 (default: connector radius sqrt(contA/pi))"),
    [L6_P_NOBREAK] = LT_PARAM_NOBREAK,
};
static const unsigned l6_param_flags[L6_P_COUNT] = {
    [L6_P_KN] = LT_PARAM_MATERIALS, [L6_P_KT] = LT_PARAM_MATERIALS};
static const char *const l6_state[L6_S_COUNT] = {"kn",  "kt", "kw", "kb", "Fty",
                                                 "Ftz", "Tx", "Ty", "Tz"};
static const lt_energy_def l6_energies[L6_E_COUNT] = {
    {.name = "elast", .kind = LT_STORED, .doc = "elastic energy of the six springs"},
};

static void l6_init(const double *p, const lt_contact *c, double *s)
{
    s[L6_S_KN] = lt_given_kn(p[L6_P_KN], c);
    s[L6_S_KT] = lt_given_kt(p[L6_P_KT], s[L6_S_KN], c);
    double l = isnan(p[L6_P_CHARLEN]) ? sqrt(c->contA / LT_PI) : p[L6_P_CHARLEN];
    s[L6_S_KW] = s[L6_S_KN] * l * l;
    s[L6_S_KB] = s[L6_S_KT] * l * l;
}

/* x^2/(2k), zero for a zero stiffness */
static double spring_energy(double x2, double k) { return k > 0 ? 0.5 * x2 / k : 0; }

static int l6_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (c->uN > 0 && !p[L6_P_NOBREAK]) return 0;
    double dt = c->dt;
    double fn = s[L6_S_KN] * c->uN;
    s[L6_S_FTY] += s[L6_S_KT] * c->v[1] * dt;
    s[L6_S_FTZ] += s[L6_S_KT] * c->v[2] * dt;
    s[L6_S_TX] += s[L6_S_KW] * c->v[3] * dt;
    s[L6_S_TY] += s[L6_S_KB] * c->v[4] * dt;
    s[L6_S_TZ] += s[L6_S_KB] * c->v[5] * dt;
    out->f[0] = fn;
    out->f[1] = s[L6_S_FTY];
    out->f[2] = s[L6_S_FTZ];
    out->f[3] = s[L6_S_TX];
    out->f[4] = s[L6_S_TY];
    out->f[5] = s[L6_S_TZ];
    out->k[0] = s[L6_S_KN];
    out->k[1] = s[L6_S_KT];
    out->energy[L6_E_ELAST] =
        spring_energy(fn * fn, s[L6_S_KN]) +
        spring_energy(s[L6_S_FTY] * s[L6_S_FTY] + s[L6_S_FTZ] * s[L6_S_FTZ], s[L6_S_KT]) +
        spring_energy(s[L6_S_TX] * s[L6_S_TX], s[L6_S_KW]) +
        spring_energy(s[L6_S_TY] * s[L6_S_TY] + s[L6_S_TZ] * s[L6_S_TZ], s[L6_S_KB]);
    return 1;
}

const lt_law lt_law_linel6 = {
    .api_version = LT_LAW_API_VERSION,
    .name = "linel6",
    .summary =
        "purely elastic in all six DoFs, kw = kn l^2 and kb = kt l^2 (Woo LinEl6, for testing)",
    .params = l6_params,
    .n_params = L6_P_COUNT,
    .state_names = l6_state,
    .n_state = L6_S_COUNT,
    .energies = l6_energies,
    .n_energies = L6_E_COUNT,
    .init = l6_init,
    .step = l6_step,
    .cases = lt_linel6_cases,
    .n_cases = L6_N_CASES,
    .param_flags = l6_param_flags, /* no friction: the law has no Coulomb limit */
};
