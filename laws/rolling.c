/* laws/rolling.c - `linear_rolling`: the `linear` law (laws/linear.c) plus elastic-plastic
 * rolling resistance of the EPSD type (Ai, Chen, Rotter & Ooi 2011, model C) and elastic-plastic
 * twisting resistance.
 *
 * Theory (SI; frame and signs of src/law.h: x = normal from A to B, v = velocity of B relative
 * to A, so v[3] = twist rate and v[4], v[5] = bending (rolling) rates about local y, z, rad/s, of
 * B relative to A; the force and torque returned act on particle A, so a spring resisting a
 * relative rotation theta of B returns +k theta on A and -k theta on B):
 *   normal and tangential: exactly `linear` (lt_linear_step: Fn = kn uN, incremental tangential
 *     spring, Coulomb radial return, the same `dissipation` formula); no change.
 *   rolling radius  R* = 1/(1/r1 + 1/r2), r the curvature radii (lt_contact.rcurv; a flat face
 *     adds 0), Ai et al.'s R_r; the branch lengths when no curvature is given (m).
 *   rolling (bending, DoFs 4 and 5, the moment a 2-vector Mr in the y-z plane, N m):
 *     k_r   = kr if given, else 2.25 kn mu_r^2 R*^2                         (N m/rad; Ai et al. 2011)
 *     M_max = mu_r R* |Fn|                                                  (N m)
 *     trial Mr_tr = Mr + k_r (v4, v5) dt;  Mr' = Mr_tr if |Mr_tr| <= M_max, else
 *           M_max Mr_tr/|Mr_tr| (radial return: perfectly plastic rolling, "full mobilisation")
 *     viscous rolling damping (Ai's M_r^d): Md = C_r w* while the spring is elastic, 0 on a step
 *     that returned it to the limit (none at full mobilisation; Ai's model allows a fraction),
 *     C_r = eta_r 2 sqrt(I_r k_r) (N m s/rad),
 *     I_r = [1/(I1 + m1 r1^2) + 1/(I2 + m2 r2^2)]^-1 (kg m^2), the moment of inertia for rolling
 *     about the contact point; for spheres of density rho I + m r^2 = (7/5) m r^2, m = (4/3) pi
 *     rho r^3, and a flat face (r = INFINITY) adds 0.  w* is the relative rolling rate at the
 *     state, (3 w(n-1/2) - w(n-3/2))/2 (second order; as spring_dashpot's default dashpotVel).
 *     Torque on A about y, z: Mr' + Md.
 *   twisting (DoF 3, scalar, N m):
 *     k_tw  = ktw if given, else 4.5 kt mu_tw^2 R*^2                        (N m/rad)
 *             i.e. the torsional stiffness kt a^2/2 of a disc of radius a carrying the
 *             tangential stiffness uniformly (Jiang, Shen & Wang 2015), with the disc radius
 *             a = 3 mu_tw R* for which the bending stiffness of the same disc, kn a^2/4, is Ai's
 *             k_r (a = 3 mu_r R* gives 2.25 kn mu_r^2 R*^2): our choice, stated as such
 *     M_tw  = mu_tw R* |Fn|                                                 (N m)
 *     trial Mt_tr = Mt + k_tw v3 dt;  Mt' = clamp(Mt_tr, -M_tw, M_tw)  (perfectly plastic)
 *   Both moments are kept as local components (the frame co-rotates with the pair) and start at
 *   zero when the contact forms; the contact breaks as `linear` does.
 * Energies (J), consistent with the driver's trapezoid rule for the work (docs/energy.md):
 *   elast = linear's (Fn^2/kn + |Ft|^2/kt)/2 + |Mr|^2/(2 k_r) + Mt^2/(2 k_tw)       (stored)
 *   plast = linear's Coulomb slip + rolling + twisting plastic work, each by the `dissipation`
 *           formula (default trapezoid: (M + M').(M_tr - M')/(2k) per step, the exact
 *           dissipation of the time-discrete contact; <= k dtheta^2/8 from the continuous one
 *           per onset of plastic rolling or twisting)
 *   visc += (Md(n-1) + Md(n))/2 . (v4, v5) dt     (only with eta_r > 0)
 *   so work = d(elast) + plast + visc to round-off, step by step.
 * Closed forms (laws/rolling_cases.c; constant overlap delta, |Fn| = kn delta): on a cycle
 *   0 -> +theta_a -> -theta_a -> +theta_a of one rotational DoF the moment is elastic-perfectly
 *   plastic with slope k and cap M = mu R* kn delta; one full cycle encloses the parallelogram
 *   of height 2M and plastic width 2 (theta_a - M/k): E = 4 M (theta_a - M/k) for theta_a > M/k.
 *   A free sphere rolling on a wall under a constant applied moment T > M_max about a tangential
 *   axis (rolling held without slip at the contact point) turns with dw/dt = (T - M_max)/I:
 *   I = (2/5) m r^2 when the no-slip condition acts through the centre (as the driver holds it:
 *   no moment about the centre), (7/5) m r^2 when a friction force at the contact point holds
 *   it; T < M_max: it comes to rest (with eta_r > 0) where k_r theta = T.
 * Yield surface (declared for plots and probes, over all six forces, dofs 0x3f): the
 *   intersection of the Coulomb cone |Ft| <= tanPhi |Fn|, the rolling cap |Mr| <= mu_r R* |Fn|
 *   (Mr = (M4, M5), the whole bending moment: spring and damping) and the twisting cap
 *   |Mt| <= mu_tw R* |Fn|, with Fn <= 0 (noBreak: any Fn; noSlip: no shear limit).  excess =
 *   the largest of the three utilisations minus one (laws/utilisation.h).  Its (Fn, |Ft|)
 *   section, at zero torques, is linear's cone.  First yield (state `slip`, `rolling` or
 *   `twisting` = 1): a step that returned any of the three to its limit.
 * References: J. Ai, J.-F. Chen, J. M. Rotter, J. Y. Ooi (2011), Powder Technol. 206:269-282
 *   (model C, the elastic-plastic spring-dashpot rolling resistance); K. Iwashita, M. Oda (1998),
 *   J. Eng. Mech. 124(3):285-292; M. J. Jiang, Z. F. Shen, J. F. Wang (2015), Comput. Geotech.
 *   65:147-163; P. A. Cundall, O. D. L. Strack (1979), Geotechnique 29(1):47-65 (docs/references.md).
 */
#include "linear_core.h"
#include "rolling.h"
#include "utilisation.h"
#include <math.h>

#define RL_PI 3.14159265358979323846

enum { P_MUR = P_COUNT, P_KR, P_ETAR, P_MUTW, P_KTW, P_ROLL_COUNT };
enum {
    S_KR = S_COUNT, S_KTW, S_RSTAR, S_CR, S_MRY, S_MRZ, S_MTW, S_MDY, S_MDZ, S_WY, S_WZ, S_ROLL, S_TWIST,
    S_ROLL_COUNT
};
enum { E_VISC = E_COUNT, E_ROLL_COUNT };

static const lt_param rolling_params[P_ROLL_COUNT] = {
    LT_LINEAR_PARAMS,
    [P_MUR] = {"muR", LT_REAL, 0.1, 0, INFINITY, "-", "rolling friction coefficient mu_r: M_max = mu_r R* |Fn|", 0},
    [P_KR] = {"kr", LT_REAL, NAN, 0, INFINITY, "N m/rad",
              "rolling stiffness (default: 2.25 kn mu_r^2 R*^2, Ai et al. 2011)", 0},
    [P_ETAR] = {"etaR", LT_REAL, 0, 0, 10, "-",
                "rolling damping ratio eta_r: C_r = eta_r 2 sqrt(I_r k_r), while rolling is elastic", 0},
    [P_MUTW] = {"muTw", LT_REAL, 0.1, 0, INFINITY, "-", "twisting friction coefficient mu_tw: M_tw = mu_tw R* |Fn|",
                0},
    [P_KTW] = {"ktw", LT_REAL, NAN, 0, INFINITY, "N m/rad", "twisting stiffness (default: 4.5 kt mu_tw^2 R*^2)", 0},
};
static const unsigned rolling_param_flags[P_ROLL_COUNT] = {LT_LINEAR_PARAM_FLAGS}; /* kr, ktw: the law's own defaults */
static const char *const rolling_state[S_ROLL_COUNT] = {
    LT_LINEAR_STATE, [S_KR] = "kr",   [S_KTW] = "ktw", [S_RSTAR] = "Rstar", [S_CR] = "Cr", [S_MRY] = "Mry",
    [S_MRZ] = "Mrz", [S_MTW] = "Mtw", [S_MDY] = "Mdy", [S_MDZ] = "Mdz",     [S_WY] = "wy", [S_WZ] = "wz",
    [S_ROLL] = "rolling", [S_TWIST] = "twisting",
};
static const lt_energy_def rolling_energies[E_ROLL_COUNT] = {
    {"elast", LT_STORED, "elastic energy of the normal, tangential, rolling and twisting springs"},
    {"plast", LT_DISSIPATED, "energy dissipated by Coulomb slip, plastic rolling and plastic twisting"},
    {"visc", LT_DISSIPATED, "energy dissipated by the viscous rolling damping (etaR)"},
};

/* R* = 1/(1/r1 + 1/r2) from the curvature radii (a flat face adds 0), m; from the branch
 * lengths when the contact gives no curvature. */
static double rolling_radius(const lt_contact *c)
{
    const double *r = c->rcurv[0] > 0 && c->rcurv[1] > 0 ? c->rcurv : c->lens;
    return 1.0 / (1.0 / r[0] + 1.0 / r[1]);
}

/* I_r = [sum 1/(I_i + m_i r_i^2)]^-1 for spheres of the materials' densities, kg m^2 (0 when a
 * density or curvature is missing: no damping then). */
static double rolling_inertia(const lt_contact *c)
{
    double inv = 0;
    for (int i = 0; i < 2; i++) {
        double r = c->rcurv[i];
        if (isinf(r)) continue; /* a flat face: infinitely heavy */
        if (!(r > 0) || !c->mat[i] || !(c->mat[i]->density > 0)) return 0;
        double m = c->mat[i]->density * 4.0 / 3.0 * RL_PI * r * r * r;
        inv += 1.0 / (1.4 * m * r * r);
    }
    return inv > 0 ? 1.0 / inv : 0;
}

static void rolling_init(const double *p, const lt_contact *c, double *s)
{
    lt_linear_init(p, c, s);
    double R = rolling_radius(c);
    s[S_RSTAR] = R;
    s[S_KR] = isnan(p[P_KR]) ? 2.25 * s[S_KN] * p[P_MUR] * p[P_MUR] * R * R : p[P_KR];
    s[S_KTW] = isnan(p[P_KTW]) ? 4.5 * s[S_KT] * p[P_MUTW] * p[P_MUTW] * R * R : p[P_KTW];
    s[S_CR] = p[P_ETAR] > 0 ? p[P_ETAR] * 2 * sqrt(rolling_inertia(c) * s[S_KR]) : 0;
}

/* Elastic-perfectly-plastic spring on a 2-vector moment m (N m, updated) of stiffness k with the
 * increment (dy, dz) (rad) and the limit lim (previous state's: lim0), dissipation formula f.
 * Returns the plastic work of the step (J); *yielded = 1 if returned to the limit. */
static double epp_moment(double k, double lim, double lim0, int f, double m[2], double dy, double dz, int *yielded)
{
    double ty = m[0] + k * dy, tz = m[1] + k * dz, norm = hypot(ty, tz);
    *yielded = norm > lim;
    if (!*yielded) {
        m[0] = ty, m[1] = tz;
        return 0;
    }
    double scale = norm > 0 ? lim / norm : 0, y0 = m[0], z0 = m[1];
    m[0] = ty * scale, m[1] = tz * scale;
    return k > 0 ? lt_linear_plastic_work(f, k, lim0, y0, z0, ty, tz, m[0], m[1]) : 0;
}

static int rolling_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    double fn_prev = s[S_FN];
    if (!lt_linear_step(p, c, s, out)) return 0;
    double fn = out->f[0], dt = c->dt, R = s[S_RSTAR], kr = s[S_KR], ktw = s[S_KTW];
    int formula = (int)p[P_DISSIPATION];
    if (c->fresh) fn_prev = fn;
    /* rolling */
    double mr[2] = {s[S_MRY], s[S_MRZ]}, lim = p[P_MUR] * R * fabs(fn), lim0 = p[P_MUR] * R * fabs(fn_prev);
    int rolled, twisted;
    double plast = epp_moment(kr, lim, lim0, formula, mr, c->v[4] * dt, c->v[5] * dt, &rolled);
    /* viscous rolling damping at the extrapolated rate, off while rolling plastically */
    double wy0 = c->fresh ? c->v[4] : s[S_WY], wz0 = c->fresh ? c->v[5] : s[S_WZ];
    double mdy = 0, mdz = 0;
    if (!rolled && s[S_CR] > 0) {
        mdy = s[S_CR] * (1.5 * c->v[4] - 0.5 * wy0);
        mdz = s[S_CR] * (1.5 * c->v[5] - 0.5 * wz0);
    }
    double visc = 0.5 * ((s[S_MDY] + mdy) * c->v[4] + (s[S_MDZ] + mdz) * c->v[5]) * dt;
    /* twisting */
    double mt[2] = {s[S_MTW], 0}, tlim = p[P_MUTW] * R * fabs(fn), tlim0 = p[P_MUTW] * R * fabs(fn_prev);
    plast += epp_moment(ktw, tlim, tlim0, formula, mt, c->v[3] * dt, 0, &twisted);
    s[S_MRY] = mr[0], s[S_MRZ] = mr[1], s[S_MTW] = mt[0];
    s[S_MDY] = mdy, s[S_MDZ] = mdz, s[S_WY] = c->v[4], s[S_WZ] = c->v[5];
    s[S_ROLL] = rolled, s[S_TWIST] = twisted;
    out->f[3] = mt[0];
    out->f[4] = mr[0] + mdy;
    out->f[5] = mr[1] + mdz;
    out->energy[E_ELAST] += (kr > 0 ? 0.5 * (mr[0] * mr[0] + mr[1] * mr[1]) / kr : 0) +
                            (ktw > 0 ? 0.5 * mt[0] * mt[0] / ktw : 0);
    out->energy[E_PLAST] += plast;
    out->energy[E_VISC] = visc;
    return 1;
}

static double rolling_fn_max(const double *p, const double *s)
{
    (void)s;
    return p[P_NOBREAK] ? INFINITY : 0;
}

static double rolling_ft_max(const double *p, const double *s, double fn)
{
    if (fn > rolling_fn_max(p, s)) return -1;
    return p[P_NOSLIP] ? INFINITY : fabs(fn) * s[S_TANPHI];
}

static int rolling_yielding(const double *p, const double *s)
{
    (void)p;
    return s[S_SLIP] != 0 || s[S_ROLL] != 0 || s[S_TWIST] != 0;
}

/* The cone, the rolling cap and the twisting cap: the largest utilisation minus one. */
static double rolling_excess(const double *p, const double *s, const double f[LT_DOF])
{
    if (f[0] > rolling_fn_max(p, s)) return INFINITY;
    double an = fabs(f[0]), R = s[S_RSTAR];
    double e = lt_utilisation(hypot(f[1], f[2]), rolling_ft_max(p, s, f[0]));
    e = fmax(e, lt_utilisation(hypot(f[4], f[5]), p[P_MUR] * R * an));
    return fmax(e, lt_utilisation(fabs(f[3]), p[P_MUTW] * R * an));
}

static const lt_yield rolling_yield = {
    .ft_max = rolling_ft_max,
    .fn_max = rolling_fn_max,
    .yielding = rolling_yielding,
    .formula = "Coulomb |Ft| = tanPhi |Fn|, rolling |Mr| = muR R* |Fn|, twisting |Mt| = muTw R* |Fn|, Fn <= 0",
    .excess = rolling_excess,
    .dofs = 0x3f,
};

_Static_assert((int)P_MUR == (int)RP_MUR && (int)P_KTW == (int)RP_KTW && (int)P_DISSIPATION == (int)RP_DISSIPATION,
               "laws/rolling.h names the parameters in this order");

const lt_law law_linear_rolling = {
    .api_version = LT_LAW_API_VERSION,
    .name = "linear_rolling",
    .summary = "linear contact plus elastic-plastic rolling (EPSD, Ai et al. 2011 model C) and twisting resistance",
    .params = rolling_params,
    .n_params = P_ROLL_COUNT,
    .state_names = rolling_state,
    .n_state = S_ROLL_COUNT,
    .energies = rolling_energies,
    .n_energies = E_ROLL_COUNT,
    .init = rolling_init,
    .step = rolling_step,
    .cases = lt_rolling_cases,
    .n_cases = ROLLING_N_CASES,
    .yield = &rolling_yield,
    .friction = "tanPhi",
    .param_flags = rolling_param_flags,
};
