/* laws/hertz_adhesion.c - `hertz_adhesion`: adhesive elastic spheres, JKR or DMT (normal only).
 *
 * Theory (SI; frame and signs of include/lawtester/law.h: delta = -uN > 0 is the overlap, the force
 * acts on particle A, compression negative, so an attraction (tension) is positive; below P = -Fn
 * is the classical "load", positive when it pushes the surfaces apart):
 *   effective properties: 1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2 (Pa; laws/kit/effective.h, a rigid
 *     body of E = inf adds 0),
 *     1/R* = 1/r1 + 1/r2 from the curvature radii (lt_contact.rcurv; a wall's is infinite, so
 *     R* = r on a wall) (m); either may be given as a parameter instead.
 *   w = `gamma` (J/m^2) is the work of adhesion Delta-gamma = gamma1 + gamma2 - gamma12, the
 *     energy per unit area needed to separate the surfaces (2 gamma_s for two identical surfaces
 *     of surface energy gamma_s).  With it the pull-off forces are (3/2) pi w R* (JKR) and
 *     2 pi w R* (DMT), the convention of Johnson, Kendall & Roberts (1971) and Derjaguin,
 *     Muller & Toporov (1975).
 *   JKR (Johnson, Kendall & Roberts 1971; Maugis 2000, ch. 5), parametric in the contact radius a:
 *     delta = a^2/R* - sqrt(2 pi w a/E*),  P = 4 E* a^3/(3 R*) - sqrt(8 pi w E* a^3),  Fn = -P.
 *     With s = sqrt(a), c = sqrt(2 pi w/E*): g(s) = s^4/R* - c s - delta = 0, convex in s; its
 *     minimum is at the neck s_c^3 = c R* /4, i.e. a_c = (pi w R*^2/(8 E*))^(1/3), where
 *     d delta/da = 0 and dP/d delta is infinite: delta_c = -3 a_c^2/R*
 *     = -(3/4) (pi^2 w^2 R* /E*^2)^(1/3), P_c = -(5/6) pi w R*.  The stable branch (displacement
 *     control) is s > s_c.  Largest attraction on it (force control's pull-off, where dP/da = 0,
 *     a^(3/2) = 3 c R* /4): P = -(3/2) pi w R*.
 *     Stiffness kn = dP/d delta = 2 E* a (4 s^3 - 3 c R*)/(4 s^3 - c R*): negative between the
 *     pull-off and the neck, infinite at the neck.
 *     Solving a(delta): Newton on g from s0 = max((2 R* max(delta, 0))^(1/4), (2 c R*)^(1/3)),
 *     which is >= the root (if R* delta >= R* c s the root has s^4 <= 2 R* delta, otherwise
 *     s^3 < 2 c R*) and > s_c: on [s_c, inf) g is increasing and convex, so the iterates fall
 *     monotonically onto the root, quadratically (linearly only at the double root delta =
 *     delta_c).  Stop when |ds| <= 1e-14 s (|da| <= 2e-14 a), at most 200 iterations (next to
 *     the neck the root is conditioned by 1/g'(s) and round-off may keep |ds| above the bound:
 *     the last iterate is then within that round-off).
 *     Potential (the elastic energy of the Hertz load to a^2/R* followed by the flat-punch
 *     unloading at fixed a, stiffness 2 E* a, by sqrt(2 pi w a/E*); plus the surface term; as in
 *     Maugis 2000, ch. 5; derived here):
 *       U_E = 8 E* a^5/(15 R*^2) - (4/3) E* c a^(7/2)/R* + 2 pi w a^2   (elastic, >= 0)
 *       U_S = -pi w a^2                                                  (surface)
 *       dU/d delta = P with U = U_E + U_S (d/da of both sides: P d delta/da).
 *     At touch (delta = 0): a_t = (2 pi w R*^2/E*)^(1/3), P = -(4/3) pi w R*, U = -(3/5) pi w
 *     a_t^2; at the neck U = (2/5) pi w a_c^2.
 *   DMT (Derjaguin, Muller & Toporov 1975): Hertz plus a constant attraction while in contact,
 *     P = (4/3) E* sqrt(R*) delta^(3/2) - 2 pi w R* for delta >= 0; a = sqrt(R* delta);
 *     kn = 2 E* a; U_E = (8/15) E* sqrt(R*) delta^(5/2), U_S = -2 pi w R* delta.
 *   Hysteresis (displacement control, the standard rule): the contact forms at touch (the driver
 *     creates it at uN < 0) and jumps there onto the branch (JKR: a = a_t, P = -(4/3) pi w R*;
 *     DMT: P = -2 pi w R*); it follows the branch on loading and unloading, into tension, and
 *     separates when delta falls below delta_sep (JKR: delta_c at the neck; DMT: 0).  On that step
 *     the law returns a zero force and no stored energy, and the next step ends the contact.
 *     Energy lost per approach-separation cycle = U(delta_sep) - U(0): JKR
 *     pi w (2/5 a_c^2 + 3/5 a_t^2) (a_t^3 = 16 a_c^3), DMT 0.
 *   No tangential response: the tangential force, the torques and kt are 0.
 * Energies (J), consistent with the driver's trapezoid work (docs/energy.md); duN = uN(n) -
 * uN(n-1) (v[0] dt on a contact's first step), the work absorbed by the contact is Fn duN:
 *   elast  = U_E                                                         (stored)
 *   surf   = U_S (negative)                                              (stored)
 *   adh   += -U(0) on the step the contact forms at touch (the jump onto the branch: for JKR
 *            the surface energy released, (3/5) pi w a_t^2), and U(delta_sep) on the step it
 *            separates (the elastic energy of the neck lost when it snaps, (2/5) pi w a_c^2);
 *            DMT: 0.  Over a cycle adh is the closed-form loss above.
 *   quad  += (Fn(n-1) + Fn(n))/2 duN - d(elast + surf) - d(adh): the trapezoid rule's error on
 *            the nonlinear force (and across the jumps inside a step), as laws/hertz_mindlin.c.
 *   A contact created already in overlap (no formation step) starts on the branch: no jump.
 * References: K. L. Johnson, K. Kendall, A. D. Roberts (1971), Proc. R. Soc. Lond. A 324:301;
 *   B. V. Derjaguin, V. M. Muller, Yu. P. Toporov (1975), J. Colloid Interface Sci. 53:314;
 *   D. Maugis (2000), Contact, Adhesion and Rupture of Elastic Solids, Springer, ch. 5
 *   (docs/references.md).
 */
#include "hertz_adhesion.h"
#include "kit/effective.h"
#include "kit/params.h"
#include <math.h>
#include <stddef.h>

#define NEWTON_TOL 1e-14 /* |ds| <= NEWTON_TOL s: quadratic convergence leaves round-off */
#define NEWTON_MAX 200   /* the double root at the neck converges linearly: ~50 halvings */

static const char *const model_choices[] = {"jkr", "dmt", 0};

static const lt_param adh_params[HA_P_COUNT] = {
    [HA_P_MODEL] = LT_KIT_CHOICE("model", HA_MODEL_JKR, 2, model_choices,
                                 "jkr (Johnson-Kendall-Roberts) | dmt (Derjaguin-Muller-Toporov)"),
    [HA_P_GAMMA] = LT_KIT_REAL("gamma", 0.05, 0, INFINITY, "J/m^2",
                               "work of adhesion Delta-gamma (2 gamma_s for identical surfaces); "
                               "pull-off 1.5 (JKR), 2 (DMT) pi gamma R*"),
    [HA_P_ESTAR] = LT_PARAM_ESTAR,
    [HA_P_RSTAR] = LT_PARAM_RSTAR,
};
static const unsigned adh_param_flags[HA_P_COUNT] = {
    [HA_P_ESTAR] = LT_PARAM_MATERIALS}; /* Rstar: the bodies' radii */
static const char *const adh_state[HA_S_COUNT] = {"Estar", "Rstar", "c", "Fn",
                                                  "U",     "uN0",   "a", "detached"};
static const lt_energy_def adh_energies[HA_E_COUNT] = {
    {.name = "elast",
     .kind = LT_STORED,
     .doc = "elastic energy: JKR 8E*a^5/(15R*^2) - (4/3)E*c a^3.5/R* + 2 pi w a^2, DMT Hertz"},
    {.name = "surf",
     .kind = LT_STORED,
     .doc = "surface energy (negative): JKR -pi w a^2, DMT -2 pi w R* delta"},
    {.name = "adh",
     .kind = LT_DISSIPATED,
     .doc = "energy lost by the jumps at touch and at separation (the adhesion hysteresis)"},
    {.name = "quad",
     .kind = LT_DISSIPATED,
     .doc =
         "trapezoid-rule error of the work on the nonlinear force, O(dt^2) plus the jumps' steps"},
};

/* E* and R* divide: a given one must be positive and finite, and so must the work of adhesion. */
static const char *adh_check(const double *p)
{
    if (!isfinite(p[HA_P_GAMMA])) return "gamma (the work of adhesion) must be finite";
    if (!isnan(p[HA_P_ESTAR]) && !(p[HA_P_ESTAR] > 0 && isfinite(p[HA_P_ESTAR])))
        return "Estar must be positive and finite";
    if (!isnan(p[HA_P_RSTAR]) && !(p[HA_P_RSTAR] > 0 && isfinite(p[HA_P_RSTAR])))
        return "Rstar must be positive and finite";
    return NULL;
}

static void adh_init(const double *p, const lt_contact *c, double *s)
{
    double E = isnan(p[HA_P_ESTAR]) ? lt_effective_modulus(c->mat[0], c->mat[1]) : p[HA_P_ESTAR];
    s[HA_S_ESTAR] = E;
    s[HA_S_RSTAR] =
        isnan(p[HA_P_RSTAR]) ? 1.0 / (1.0 / c->rcurv[0] + 1.0 / c->rcurv[1]) : p[HA_P_RSTAR];
    s[HA_S_C] = sqrt(2 * LT_PI * p[HA_P_GAMMA] / E);
}

/* JKR: sqrt of the contact radius on the stable branch at overlap delta >= delta_c (Newton, see
 * the theory block), m^(1/2). */
static double jkr_sqrt_radius(double delta, double c, double R)
{
    double s = fmax(pow(2 * R * fmax(delta, 0), 0.25), cbrt(2 * c * R));
    if (!(s > 0)) return 0;
    for (int i = 0; i < NEWTON_MAX; i++) {
        double s3 = s * s * s, g = s3 * s / R - c * s - delta, dg = 4 * s3 / R - c;
        if (!(dg > 0)) break; /* at the neck itself (round-off): s is the double root */
        double ds = g / dg;
        s -= ds;
        if (fabs(ds) <= NEWTON_TOL * s) break;
    }
    return s;
}

typedef struct branch {
    double a, P, kn, ue, us;
} branch;

/* The state on the branch at overlap delta (>= the separation overlap). */
static branch on_branch(int model, double w, double E, double R, double c, double delta)
{
    branch b;
    if (model == HA_MODEL_DMT) {
        double d = fmax(delta, 0), sd = sqrt(d), K = 4.0 / 3.0 * E * sqrt(R);
        b.a = sqrt(R * d);
        b.P = K * d * sd - 2 * LT_PI * w * R;
        b.kn = 2 * E * b.a;
        b.ue = 0.4 * K * d * d * sd;
        b.us = -2 * LT_PI * w * R * d;
        return b;
    }
    double s = jkr_sqrt_radius(delta, c, R), a = s * s, s3 = a * s;
    b.a = a;
    b.P = 4 * E * a * a * a / (3 * R) - 2 * E * c * s3;
    b.kn = s3 > 0 ? 2 * E * a * (4 * s3 - 3 * c * R) / (4 * s3 - c * R) : 0;
    b.ue = 8 * E * a * a * a * a * a / (15 * R * R) - 4.0 / 3.0 * E * c * a * a * s3 / R +
           2 * LT_PI * w * a * a;
    b.us = -LT_PI * w * a * a;
    return b;
}

/* Overlap at which the contact separates, m (JKR: the neck; DMT: touch). */
static double separation(int model, double c, double R)
{
    if (model == HA_MODEL_DMT) return 0;
    double sc = cbrt(c * R / 4), ac = sc * sc; /* s_c^3 = c R/4, a_c = s_c^2 */
    return -3 * ac * ac / R;
}

static int adh_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (s[HA_S_DETACHED]) return 0;
    int model = (int)p[HA_P_MODEL];
    double w = p[HA_P_GAMMA], E = s[HA_S_ESTAR], R = s[HA_S_RSTAR], cc = s[HA_S_C];
    double delta = -c->uN;
    double dun = c->fresh ? c->v[0] * c->dt : c->uN - s[HA_S_UN0];
    double adh = 0;
    if (c->fresh) {
        double d0 = -(c->uN - dun); /* the overlap before this step */
        if (d0 > 0) {               /* created in overlap: the state before is on the branch */
            branch b0 = on_branch(model, w, E, R, cc, d0);
            s[HA_S_FN] = -b0.P;
            s[HA_S_U] = b0.ue + b0.us;
        } else { /* formed at touch inside this step: the jump onto the branch at delta = 0 */
            branch bt = on_branch(model, w, E, R, cc, 0);
            s[HA_S_FN] = s[HA_S_U] = 0;
            adh = -(bt.ue + bt.us);
        }
    }
    double fn = 0, kn = 0, ue = 0, us = 0, a = 0, dsep = separation(model, cc, R);
    if (delta < dsep) { /* separation: the neck snaps (JKR) or the surfaces part (DMT) */
        branch bs = on_branch(model, w, E, R, cc, dsep);
        adh += bs.ue + bs.us;
        s[HA_S_DETACHED] = 1;
    } else {
        branch b = on_branch(model, w, E, R, cc, delta);
        fn = -b.P, kn = b.kn, ue = b.ue, us = b.us, a = b.a;
    }
    double quad = 0.5 * (s[HA_S_FN] + fn) * dun - (ue + us - s[HA_S_U]) - adh;
    s[HA_S_FN] = fn;
    s[HA_S_U] = ue + us;
    s[HA_S_UN0] = c->uN;
    s[HA_S_A] = a;
    lt_respond_force(out, fn, 0, 0, kn, 0);
    out->energy[HA_E_ELAST] = ue;
    out->energy[HA_E_SURF] = us;
    out->energy[HA_E_ADH] = adh;
    out->energy[HA_E_QUAD] = quad;
    return 1;
}

const lt_law lt_law_hertz_adhesion = {
    .api_version = LT_LAW_API_VERSION,
    .name = "hertz_adhesion",
    .summary =
        "adhesive elastic spheres, normal only: JKR (hysteretic, separates at the neck) or DMT",
    .params = adh_params,
    .n_params = HA_P_COUNT,
    .state_names = adh_state,
    .n_state = HA_S_COUNT,
    .energies = adh_energies,
    .n_energies = HA_E_COUNT,
    .init = adh_init,
    .step = adh_step,
    .check = adh_check,
    .cases = lt_hertz_adhesion_cases,
    .n_cases = HA_N_CASES,
    .param_flags = adh_param_flags, /* no friction: normal only */
};
