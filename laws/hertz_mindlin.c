/* laws/hertz_mindlin.c - Hertz normal force with Tsuji damping, incremental Mindlin tangential
 * stiffness with Coulomb limit.
 *
 * Theory (SI; frame and signs of src/law.h: delta = -uN > 0 is the overlap, v = velocity of B
 * relative to A, force on particle A, compression negative):
 *   effective properties (pair 1, 2):
 *     1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2                                  (Pa)
 *     1/G* = (2 - nu1)/G1 + (2 - nu2)/G2,  Gi = Ei/(2 (1 + nui))               (Pa)
 *     1/R* = 1/r1 + 1/r2, r = curvature radii (lt_contact.rcurv; a flat face adds 0)  (m)
 *     m*   = m1 m2/(m1 + m2) (lt_contact.mstar)                                (kg)
 *   normal  K = (4/3) E* sqrt(R*)  (N/m^1.5),  Fe = -K delta^{3/2}
 *           Fd = alpha sqrt(m* K) delta^{1/4} vn*   (Tsuji et al. 1992)
 *           Fn = Fe + Fd;  clip: Fn = min(Fn, 0) (no attraction; the dashpot carries Fn - Fe)
 *           tangent stiffness reported: kn = dFe/ddelta = (3/2) K sqrt(delta) = 2 E* a,
 *           a = sqrt(R* delta) (contact radius, m)
 *   damping from restitution: alpha = sqrt(5) (-ln en)/sqrt(pi^2 + ln^2 en).  Exact, and e does
 *           not depend on the impact velocity: with delta0 = (m* v^2/K)^{2/5}, x = delta/delta0,
 *           X = (2/sqrt5) x^{5/4} and d(sigma) = (sqrt5/2) x^{1/4} d(v t/delta0), the impact
 *           becomes the linear oscillator X'' + 2 zeta X' + X = 0 with zeta = alpha/sqrt5 and
 *           the same zero crossings; hence e = exp(-pi zeta/sqrt(1 - zeta^2)) for the contact
 *           ending at zero overlap, the clipped contact ends when X + 2 zeta X' = 0 with
 *           e = exp(-zeta s_f), s_f = (2/w) atan(w/zeta), w = sqrt(1 - zeta^2) (Schwager &
 *           Poeschel's linear result), and x_max = ((sqrt5/2) X_max)^{4/5} with
 *           X_max = exp(-zeta atan(w/zeta)/w).  (Derived for lawtester; checked against a
 *           direct integration of the Hertz ODE in tests/test_hertz_mindlin.c.)
 *   tangential (Mindlin 1949, incremental, force history kept as local components):
 *           kt = 8 G* a  (N/m);  Fs = Ft(n-1), scaled by kt(n)/kt(n-1) when the overlap
 *           decreased (Thornton, Cummins & Cleary: on unloading the tangential force shrinks
 *           with the contact, so no energy is created); trial Ft = Fs + kt vt dt;
 *           Coulomb: if |Ft| > tanPhi |Fn| (and not noSlip) Ft = tanPhi |Fn| Ft/|Ft|.
 *           No tangential dashpot.  No torque.
 *   yield surface (declared for plots and probes): the Coulomb limit as applied,
 *           |Ft| <= tanPhi |Fn| with Fn the whole normal force (Hertz + Tsuji dashpot, after
 *           clipping); tension tip Fn = 0 when nothing can pull (en = 1, or clip), else
 *           unlimited (the unclipped dashpot pulls while the overlap closes; the limit is then
 *           tanPhi |Fn| in tension too).  State `slip` is 1 after a step whose force was
 *           returned to the surface (Coulomb slip, or clipping onto Fn = 0), else 0.
 *   dashpot velocity vn*: as laws/spring_dashpot.c (`dashpotVel`: extrapolated from the last two
 *           half-step velocities, second order, default; or the half-step velocity itself).
 * Energies (J), consistent with the driver's trapezoid work (src/driver.h); the normal
 * displacement of a step is duN = uN(n) - uN(n-1) from the positions (vn dt on the first step),
 * not vn dt: while the pair shears on an arc, vn dt carries a centripetal part of order
 * (v dt)^2/d that the bodies never do as work:
 *   elast  = (2/5) K delta^{5/2} + |Ft|^2/(2 kt)                      (stored, exact potentials)
 *   visc  += (Fd(n-1) + Fd(n))/2 duN, Fd = Fn - Fe (the dashpot's actual share)
 *   plast += (Fs + Ft) . (trial - Ft)/(2 kt)                        (Coulomb slip, as linear.c)
 *   kvar  += (Ft(n-1) + Ft(n))/2 . vt dt - d(|Ft|^2/(2 kt)) - plast increment: what the
 *            tangential spring does not return because its stiffness changed under load,
 *            |Ft(n-1)|^2/(2 kt(n-1)) - |Fs|^2/(2 kt(n)) >= 0 plus a trapezoid term
 *            (Ft(n-1) - Fs)/2 . vt dt of second order; zero at constant overlap
 *   quad  += (Fe(n-1) + Fe(n))/2 duN - d((2/5) K delta^{5/2}): the trapezoid rule's error on
 *            the nonlinear spring, O(dt^2) over an impact; it may be negative.  Booking it
 *            keeps the run's balance at round-off, so that a wrong visc or plast shows.  On a
 *            contact's first step the previous state is at uN - duN: no spring when that is
 *            apart (a contact formed inside the step), the spring there when it overlaps (a
 *            contact created in overlap: duN = 0, nothing booked).
 *   so work = d(elast) + visc + plast + kvar + quad holds step by step to round-off.
 * References: H. Hertz (1882), J. reine angew. Math. 92:156; R. D. Mindlin (1949), J. Appl.
 *   Mech. 16:259; Y. Tsuji, T. Tanaka, T. Ishida (1992), Powder Technol. 71:239; C. Thornton,
 *   S. J. Cummins, P. W. Cleary, Powder Technol. 210 (2011) and 233 (2013); [Woo]
 *   cundall-strack-vs-hertz-mindlin (Table 1).
 */
#include "../src/law.h"
#include <math.h>
#include <stddef.h>


enum { P_ESTAR, P_GSTAR, P_RSTAR, P_TANPHI, P_EN, P_CLIP, P_NOSLIP, P_DASHPOT, P_COUNT };
enum {
    S_K, S_GSTAR, S_RSTAR, S_TANPHI, S_CD, S_FN, S_FE, S_ELN, S_FDN, S_FTY, S_FTZ, S_KT, S_DELTA, S_ELT, S_VN0, S_UN0,
    S_SLIP, S_COUNT
};
enum { E_ELAST, E_PLAST, E_VISC, E_KVAR, E_QUAD, E_COUNT };
enum { V_EXTRAPOLATED, V_HALFSTEP };

static const char *const dashpot_choices[] = {"extrapolated", "halfstep", 0};

static const lt_param hm_params[P_COUNT] = {
    [P_ESTAR] = {"Estar", LT_REAL, NAN, 0, INFINITY, "Pa", "effective modulus E* (default: from the materials)", 0},
    [P_GSTAR] = {"Gstar", LT_REAL, NAN, 0, INFINITY, "Pa", "effective shear modulus G* (default: from the materials)", 0},
    [P_RSTAR] = {"Rstar", LT_REAL, NAN, 0, INFINITY, "m", "effective radius R* (default: from the curvature radii)", 0},
    [P_TANPHI] = {"tanPhi", LT_REAL, NAN, 0, INFINITY, "-", "friction coefficient (default: from materials)", 0},
    [P_EN] = {"en", LT_REAL, 1, 1e-9, 1, "-", "normal restitution, sets the Tsuji alpha (1: no damping)", 0},
    [P_CLIP] = {"clip", LT_BOOL, 0, 0, 1, "-", "clip the normal force at zero (no attraction; raises e)", 0},
    [P_NOSLIP] = {"noSlip", LT_BOOL, 0, 0, 1, "-", "no Coulomb limit", 0},
    [P_DASHPOT] = {"dashpotVel", LT_CHOICE, V_EXTRAPOLATED, 0, 1, "-",
                   "dashpot velocity: extrapolated (2nd order) | halfstep (v_{n-1/2}, 1st order)", dashpot_choices},
};
static const char *const hm_state[S_COUNT] = {"K",  "Gstar", "Rstar", "tanPhi", "cd",    "Fn",    "Fe",  "elastN",
                                              "Fdn", "Fty",   "Ftz",   "kt",     "delta", "elastT", "vn0",
                                              "uN0", "slip"};
static const lt_energy_def hm_energies[E_COUNT] = {
    {"elast", LT_STORED, "Hertz potential (2/5) K delta^2.5 plus |Ft|^2/(2 kt)"},
    {"plast", LT_DISSIPATED, "energy dissipated by Coulomb slip"},
    {"visc", LT_DISSIPATED, "energy dissipated by the Tsuji dashpot"},
    {"kvar", LT_DISSIPATED, "tangential energy not returned because kt changed under load"},
    {"quad", LT_DISSIPATED, "trapezoid-rule error of the work on the nonlinear spring, O(dt^2)"},
};

static double effective_modulus(const lt_material *a, const lt_material *b)
{
    return 1.0 / ((1 - a->poisson * a->poisson) / a->young + (1 - b->poisson * b->poisson) / b->young);
}

static double effective_shear_modulus(const lt_material *a, const lt_material *b)
{
    double ga = a->young / (2 * (1 + a->poisson)), gb = b->young / (2 * (1 + b->poisson));
    return 1.0 / ((2 - a->poisson) / ga + (2 - b->poisson) / gb);
}

/* Tsuji coefficient giving restitution e when the contact ends at zero overlap (exact). */
static double tsuji_alpha(double e)
{
    double l = log(e);
    return sqrt(5.0) * -l / sqrt(LT_PI * LT_PI + l * l);
}

static void hm_init(const double *p, const lt_contact *c, double *s)
{
    double estar = isnan(p[P_ESTAR]) ? effective_modulus(c->mat[0], c->mat[1]) : p[P_ESTAR];
    double rstar = isnan(p[P_RSTAR]) ? 1.0 / (1.0 / c->rcurv[0] + 1.0 / c->rcurv[1]) : p[P_RSTAR];
    s[S_K] = 4.0 / 3.0 * estar * sqrt(rstar);
    s[S_GSTAR] = isnan(p[P_GSTAR]) ? effective_shear_modulus(c->mat[0], c->mat[1]) : p[P_GSTAR];
    s[S_RSTAR] = rstar;
    s[S_TANPHI] = isnan(p[P_TANPHI]) ? c->tanPhi : p[P_TANPHI];
    s[S_CD] = tsuji_alpha(p[P_EN]) * sqrt(c->mstar * s[S_K]);
}

static double dashpot_velocity(int mode, int fresh, double v_half, double v_prev)
{
    if (mode == V_HALFSTEP || fresh) return v_half;
    return 1.5 * v_half - 0.5 * v_prev;
}

static int hm_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (c->uN > 0) return 0;
    double dt = c->dt, delta = -c->uN, K = s[S_K];
    double sqd = sqrt(delta);
    /* normal: Hertz + Tsuji, clip */
    double vn = dashpot_velocity((int)p[P_DASHPOT], c->fresh, c->v[0], s[S_VN0]);
    double fe = -K * delta * sqd;
    double fn = fe + s[S_CD] * sqrt(sqd) * vn;
    int returned = p[P_CLIP] && fn > 0; /* clipped onto the tip Fn = 0 */
    if (returned) fn = 0;
    double fdn = fn - fe;
    double eln = 0.4 * K * delta * delta * sqd;
    double dun = c->fresh ? c->v[0] * dt : c->uN - s[S_UN0]; /* normal displacement of the step */
    if (c->fresh && c->uN - dun < 0) {
        /* the contact already overlapped before this step (created in overlap, e.g. at a test's
         * initial state, where dun = 0): the step starts from that spring, not from none, so
         * quad books no stored energy the step did not do work for */
        double d0 = -(c->uN - dun);
        s[S_FE] = -K * d0 * sqrt(d0);
        s[S_ELN] = 0.4 * K * d0 * d0 * sqrt(d0);
    }
    double visc = 0.5 * (s[S_FDN] + fdn) * dun;
    double quad = 0.5 * (s[S_FE] + fe) * dun - (eln - s[S_ELN]);
    /* tangential: Mindlin, Thornton's rescaling on unloading, Coulomb */
    double kt = 8 * s[S_GSTAR] * sqrt(s[S_RSTAR] * delta);
    double f0y = s[S_FTY], f0z = s[S_FTZ], fsy = f0y, fsz = f0z;
    if (!c->fresh && delta < s[S_DELTA] && s[S_KT] > 0) {
        fsy *= kt / s[S_KT];
        fsz *= kt / s[S_KT];
    }
    double ty = fsy + kt * c->v[1] * dt, tz = fsz + kt * c->v[2] * dt;
    double fty = ty, ftz = tz;
    double fy = s[S_TANPHI] * fabs(fn), ft = hypot(ty, tz);
    if (!p[P_NOSLIP] && ft > fy) {
        double scale = ft > 0 ? fy / ft : 0;
        fty *= scale;
        ftz *= scale;
        returned = 1;
    }
    double elt = kt > 0 ? (fty * fty + ftz * ftz) / (2 * kt) : 0;
    double plast = kt > 0 ? ((fsy + fty) * (ty - fty) + (fsz + ftz) * (tz - ftz)) / (2 * kt) : 0;
    double kvar = 0.5 * ((f0y + fty) * c->v[1] + (f0z + ftz) * c->v[2]) * dt - (elt - s[S_ELT]) - plast;
    /* state */
    s[S_FN] = fn;
    s[S_FE] = fe;
    s[S_ELN] = eln;
    s[S_FDN] = fdn;
    s[S_FTY] = fty;
    s[S_FTZ] = ftz;
    s[S_KT] = kt;
    s[S_DELTA] = delta;
    s[S_ELT] = elt;
    s[S_VN0] = c->v[0];
    s[S_UN0] = c->uN;
    s[S_SLIP] = returned;
    /* response */
    lt_respond_force(out, fn, fty, ftz, 1.5 * K * sqd, kt); /* kn: the Hertz spring's tangent stiffness */
    out->energy[E_ELAST] = eln + elt;
    out->energy[E_PLAST] = plast;
    out->energy[E_VISC] = visc;
    out->energy[E_KVAR] = kvar;
    out->energy[E_QUAD] = quad;
    return 1;
}

extern const lt_case hertz_mindlin_cases[33]; /* laws/hertz_mindlin_cases.c */

/* The tension tip: 0 unless an unclipped dashpot can pull (see the theory block). */
static double hm_fn_max(const double *p, const double *s)
{
    return !p[P_CLIP] && s[S_CD] > 0 ? INFINITY : 0;
}

static double hm_ft_max(const double *p, const double *s, double fn)
{
    if (fn > hm_fn_max(p, s)) return -1;
    return p[P_NOSLIP] ? INFINITY : s[S_TANPHI] * fabs(fn);
}

static int hm_yielding(const double *p, const double *s)
{
    (void)p;
    return s[S_SLIP] != 0;
}

/* The cone over the six forces (no torques): |Ft|/ft_max - 1, dimensionless (laws/utilisation.h). */
static double hm_excess(const double *p, const double *s, const double f[LT_DOF])
{
    double g = hm_ft_max(p, s, f[0]), ft = hypot(f[1], f[2]);
    if (f[0] > hm_fn_max(p, s) || g < 0) return INFINITY;
    return g > 0 ? ft / g - 1 : ft == 0 ? 0 : INFINITY;
}

static const lt_yield hm_yield = {
    .ft_max = hm_ft_max,
    .fn_max = hm_fn_max,
    .yielding = hm_yielding,
    .excess = hm_excess,
    .dofs = 0x07,
    .formula = "Coulomb of the whole force (Tsuji dashpot included): |Ft| = tanPhi |Fn|",
};

const lt_law law_hertz_mindlin = {
    .api_version = LT_LAW_API_VERSION,
    .name = "hertz_mindlin",
    .summary = "Hertz normal force with Tsuji damping (velocity-independent e), incremental Mindlin kt, Coulomb",
    .params = hm_params,
    .n_params = P_COUNT,
    .state_names = hm_state,
    .n_state = S_COUNT,
    .energies = hm_energies,
    .n_energies = E_COUNT,
    .init = hm_init,
    .step = hm_step,
    .cases = hertz_mindlin_cases,
    .n_cases = (int)(sizeof hertz_mindlin_cases / sizeof hertz_mindlin_cases[0]),
    .yield = &hm_yield,
};
