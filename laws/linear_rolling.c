/* laws/linear_rolling.c - `linear_rolling`: the `linear` law (laws/linear.c) plus elastic-plastic
 * rolling resistance of the EPSD type (Ai, Chen, Rotter & Ooi 2011, model C) and elastic-plastic
 * twisting resistance.  The springs are laws/kit/rolling.h's, which the Hertz laws'
 * option `rolling` shares (here at constant stiffness: no rescaling, nothing like their kvar).
 *
 * Theory (SI; frame and signs of include/lawtester/law.h: x = normal from A to B, v = velocity of B
 * relative to A, so v[3] = twist rate and v[4], v[5] = bending (rolling) rates about local y, z,
 * rad/s, of B relative to A; the force and torque returned act on particle A, so a spring resisting
 * a relative rotation theta of B returns +k theta on A and -k theta on B):
 *   normal and tangential: exactly `linear` (lt_linear_step: Fn = kn uN, incremental tangential
 *     spring, Coulomb radial return, the same `dissipation` formula); no change.
 *   rolling radius  R* = 1/(1/r1 + 1/r2), r the curvature radii (lt_contact.rcurv; a flat face
 *     adds 0), Ai et al.'s R_r; the branch lengths when no curvature is given (m).
 *   rolling (bending, DoFs 4 and 5, the moment a 2-vector Mr in the y-z plane, N m):
 *     k_r   = kr if given, else 2.25 kn mu_r^2 R*^2                         (N m/rad; Ai et al.
 *           2011)
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
 * Closed forms (laws/linear_rolling_cases.c; constant overlap delta, |Fn| = kn delta): on a cycle
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
 *   the largest of the three utilisations minus one (laws/kit/coulomb.h).  Its (Fn, |Ft|)
 *   section, at zero torques, is linear's cone.  First yield (state `slip`, `rolling` or
 *   `twisting` = 1): a step that returned any of the three to its limit.
 * References: J. Ai, J.-F. Chen, J. M. Rotter, J. Y. Ooi (2011), Powder Technol. 206:269-282
 *   (model C, the elastic-plastic spring-dashpot rolling resistance); K. Iwashita, M. Oda (1998),
 *   J. Eng. Mech. 124(3):285-292; M. J. Jiang, Z. F. Shen, J. F. Wang (2015), Comput. Geotech.
 *   65:147-163; P. A. Cundall, O. D. L. Strack (1979), Geotechnique 29(1):47-65
 *   (docs/references.md).
 */
#include "linear_rolling.h"
#include "kit/coulomb.h"
#include "kit/rolling.h"
#include <math.h>

static const lt_param rolling_params[LR_P_COUNT] = {
    LT_LINEAR_PARAMS,
    [LR_P_MUR] = LT_KIT_REAL("muR", 0.1, 0, INFINITY, "-",
                             "rolling friction coefficient mu_r: M_max = mu_r R* |Fn|"),
    [LR_P_KR] = LT_KIT_REAL("kr", NAN, 0, INFINITY, "N m/rad",
                            "rolling stiffness (default: 2.25 kn mu_r^2 R*^2, Ai et al. 2011)"),
    [LR_P_ETAR] = LT_KIT_REAL(
        "etaR", 0, 0, 10, "-",
        "rolling damping ratio eta_r: C_r = eta_r 2 sqrt(I_r k_r), while rolling is elastic"),
    [LR_P_MUTW] = LT_KIT_REAL("muTw", 0.1, 0, INFINITY, "-",
                              "twisting friction coefficient mu_tw: M_tw = mu_tw R* |Fn|"),
    [LR_P_KTW] = LT_KIT_REAL("ktw", NAN, 0, INFINITY, "N m/rad",
                             "twisting stiffness (default: 4.5 kt mu_tw^2 R*^2)"),
};
static const unsigned rolling_param_flags[LR_P_COUNT] = {
    LT_LINEAR_PARAM_FLAGS}; /* kr, ktw: the law's own defaults */
static const char *const rolling_state[LR_S_COUNT] = {
    LT_LINEAR_STATE,         [LR_S_KR] = "kr",          [LR_S_KTW] = "ktw", [LR_S_RSTAR] = "Rstar",
    [LR_S_CR] = "Cr",        [LR_S_MRY] = "Mry",        [LR_S_MRZ] = "Mrz", [LR_S_MTW] = "Mtw",
    [LR_S_MDY] = "Mdy",      [LR_S_MDZ] = "Mdz",        [LR_S_WY] = "wy",   [LR_S_WZ] = "wz",
    [LR_S_ROLL] = "rolling", [LR_S_TWIST] = "twisting",
};
static const lt_energy_def rolling_energies[LR_E_COUNT] = {
    {.name = "elast",
     .kind = LT_STORED,
     .doc = "elastic energy of the normal, tangential, rolling and twisting springs"},
    {.name = "plast",
     .kind = LT_DISSIPATED,
     .doc = "energy dissipated by Coulomb slip, plastic rolling and plastic twisting"},
    {.name = "visc",
     .kind = LT_DISSIPATED,
     .doc = "energy dissipated by the viscous rolling damping (etaR)"},
};

static void rolling_init(const double *p, const lt_contact *c, double *s)
{
    lt_linear_init(p, c, s);
    double R = lt_rr_radius(c);
    s[LR_S_RSTAR] = R;
    s[LR_S_KR] =
        isnan(p[LR_P_KR]) ? 2.25 * s[LR_S_KN] * p[LR_P_MUR] * p[LR_P_MUR] * R * R : p[LR_P_KR];
    s[LR_S_KTW] =
        isnan(p[LR_P_KTW]) ? 4.5 * s[LR_S_KT] * p[LR_P_MUTW] * p[LR_P_MUTW] * R * R : p[LR_P_KTW];
    s[LR_S_CR] = p[LR_P_ETAR] > 0 ? p[LR_P_ETAR] * 2 * sqrt(lt_rr_inertia(c) * s[LR_S_KR]) : 0;
}

/* linear's step, then the rolling and twisting springs of laws/kit/rolling.h at constant
 * stiffness (no rescaling, no kvar). */
static int rolling_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    double fn_prev = s[LR_S_FN];
    if (!lt_linear_step(p, c, s, out)) return 0;
    double fn = out->f[0], R = s[LR_S_RSTAR];
    if (c->fresh) fn_prev = fn;
    lt_rr_in in = {.kr = s[LR_S_KR],
                   .ktw = s[LR_S_KTW],
                   .kr0 = s[LR_S_KR],
                   .ktw0 = s[LR_S_KTW],
                   .cr = s[LR_S_CR],
                   .lim_r = p[LR_P_MUR] * R * fabs(fn),
                   .lim_r0 = p[LR_P_MUR] * R * fabs(fn_prev),
                   .lim_tw = p[LR_P_MUTW] * R * fabs(fn),
                   .lim_tw0 = p[LR_P_MUTW] * R * fabs(fn_prev),
                   .formula = (int)p[LR_P_DISSIPATION]};
    lt_rr_history h = {.mr = {s[LR_S_MRY], s[LR_S_MRZ]},
                       .mt = s[LR_S_MTW],
                       .md = {s[LR_S_MDY], s[LR_S_MDZ]},
                       .w = {s[LR_S_WY], s[LR_S_WZ]}};
    lt_rr_out o = lt_rr_step(&in, c, &h);
    s[LR_S_MRY] = h.mr[0], s[LR_S_MRZ] = h.mr[1], s[LR_S_MTW] = h.mt;
    s[LR_S_MDY] = h.md[0], s[LR_S_MDZ] = h.md[1], s[LR_S_WY] = h.w[0], s[LR_S_WZ] = h.w[1];
    s[LR_S_ROLL] = o.rolled, s[LR_S_TWIST] = o.twisted;
    out->f[3] = o.twist;
    out->f[4] = o.bend[0];
    out->f[5] = o.bend[1];
    out->energy[LR_E_ELAST] += o.elast;
    out->energy[LR_E_PLAST] += o.plast;
    out->energy[LR_E_VISC] = o.visc;
    return 1;
}

static double rolling_fn_max(const double *p, const double *s)
{
    (void)s;
    return lt_cone_fn_max(p[LR_P_NOBREAK] != 0);
}

/* The Coulomb cone on |Fn| (laws/kit/coulomb.h). */
static double rolling_ft_max(const double *p, const double *s, double fn)
{
    return lt_cone_ft_max(s[LR_S_TANPHI], fabs(fn), fn, rolling_fn_max(p, s), p[LR_P_NOSLIP] != 0);
}

static int rolling_yielding(const double *p, const double *s)
{
    (void)p;
    return s[LR_S_SLIP] != 0 || s[LR_S_ROLL] != 0 || s[LR_S_TWIST] != 0;
}

/* The cone, the rolling cap and the twisting cap: the largest utilisation minus one. */
static double rolling_excess(const double *p, const double *s, const double f[LT_DOF])
{
    double fn_max = rolling_fn_max(p, s);
    if (f[0] > fn_max) return INFINITY;
    double e = lt_cone_excess(f, fn_max, rolling_ft_max(p, s, f[0]));
    return lt_rr_excess(e, p[LR_P_MUR], p[LR_P_MUTW], s[LR_S_RSTAR], f);
}

static const lt_yield rolling_yield = {
    .ft_max = rolling_ft_max,
    .fn_max = rolling_fn_max,
    .yielding = rolling_yielding,
    .formula = "Coulomb |Ft| = tanPhi |Fn|, rolling |Mr| = muR R* |Fn|, twisting |Mt| = muTw R* "
               "|Fn|, Fn <= 0",
    .excess = rolling_excess,
    .dofs = 0x3f,
};

/* linear's known defect (laws/linear.c) on generic-path, where the contact slips (slip allowed:
 * the path always slips then); where only the rolling or twisting spring slips (noSlip, muR or
 * muTw > 0), the `doc` formula's, first order where the limit changes with |Fn| (measured:
 * 3e-6 to 1.3e-5 of the work; `code`, `potential`, `path` close there). */
static int doc_formula_rolling_slips(const double *p)
{
    return p[LR_P_NOSLIP] != 0 && p[LR_P_DISSIPATION] == LT_SLIP_DOC &&
           (p[LR_P_MUR] > 0 || p[LR_P_MUTW] > 0);
}

static const lt_known rolling_known[2] = {
    {.row = "generic-path balance",
     .why = LT_LINEAR_KNOWN_WHY,
     .when = lt_linear_slip_formula_not_discrete},
    {.row = "generic-path balance", .why = LT_LINEAR_KNOWN_WHY, .when = doc_formula_rolling_slips},
};

const lt_law lt_law_linear_rolling = {
    .api_version = LT_LAW_API_VERSION,
    .name = "linear_rolling",
    .summary = "linear contact plus elastic-plastic rolling (EPSD, Ai et al. 2011 model C) and "
               "twisting resistance",
    .params = rolling_params,
    .n_params = LR_P_COUNT,
    .state_names = rolling_state,
    .n_state = LR_S_COUNT,
    .energies = rolling_energies,
    .n_energies = LR_E_COUNT,
    .init = rolling_init,
    .step = rolling_step,
    .cases = lt_linear_rolling_cases,
    .n_cases = LR_N_CASES,
    .yield = &rolling_yield,
    .friction = "tanPhi",
    .param_flags = rolling_param_flags,
    .known = rolling_known,
    .n_known = 2,
};
