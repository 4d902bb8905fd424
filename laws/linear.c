/* laws/linear.c - linear (Cundall) contact: Hooke normal spring, incremental tangential spring,
 * Coulomb friction by radial return.  Woo's Law2_L6Geom_FrictPhys_IdealElPl.
 *
 * Theory (SI; signs and frame as in include/lawtester/law.h; uN < 0 in overlap, force on particle
 * A):
 *   Fn = kn uN                                  (N; negative = compression)
 *   Ftr = Ft + kt v_t dt                        (trial tangential force, 2-vector in y,z, N)
 *   fy = |Fn| tan(phi)                          (Coulomb limit, N)
 *   Ft' = Ftr                if |Ftr| <= fy     (elastic)
 *   Ft' = fy Ftr/|Ftr|       otherwise          (radial return: slip)
 *   the contact breaks when uN > 0 unless noBreak (then Fn may be tensile and fy uses |Fn|).
 *   No torque.
 * Yield surface (declared for plots and probes): the Coulomb cone |Ft| = tan(phi) |Fn| for
 *   Fn <= 0, tip at Fn = 0 (with noBreak: |Ft| = tan(phi) |Fn| for every Fn; with noSlip: none in
 *   shear).  State `slip` is 1 after a step that slipped (or 0), the probes' "first yield".
 * Stiffness: kn, kt, tanPhi from the parameters when given, otherwise the values the harness's
 *   stiffness rule put in lt_contact (by default the connector model kn = A/(l1/E1 + l2/E2),
 *   A = pi min(r1,r2)^2, kt = mean(ktDivKn) kn, tanPhi = min(tanPhi1, tanPhi2);
 *   src/contact/stiffness.h); a kt left to the rule keeps its kt/kn ratio applied to the kn in
 *   force (given or not).
 * Energies (J):
 *   elast = (Fn^2/kn + |Ft|^2/kt)/2             (stored)
 *   plast, per step, by the `dissipation` option (F stored force, Ftr trial, F' returned;
 *   f_t = |Ftr|, f_y = |F'|); docs/energy.md derives and measures them:
 *     trapezoid (default)  (F + F') . (Ftr - F') / (2 kt): the slip (Ftr - F')/kt times the mean
 *                tangential force before and after the step = the trapezoid-rule work minus the
 *                change of elastic energy, i.e. the dissipation of the time-discrete contact;
 *                exact on every step that starts on the yield surface (steady sliding, normal
 *                unloading, both together), error <= kt du^2/8 per onset of slip (2nd order);
 *                with it the run's energy balance closes to round-off;
 *     doc        f_y (f_t - f_y)/kt             (Woo's documentation; Woo's and YADE's code):
 *                exact for sliding, first order on normal unloading
 *     code       ((f_t-f_y)/2 + f_y)(f_t-f_y)/kt (quoted by Woo's doc; identical to potential)
 *     potential  (f_t^2 - f_y^2)/(2 kt): exact on normal unloading, first order when sliding
 *     path       slip times the mean yield force over the slipping part of the step (exact for
 *                the continuous collinear problem, not consistent with the discrete work)
 * Reference: P. A. Cundall, O. D. L. Strack (1979), Geotechnique 29(1):47-65.
 */
#include "linear.h"
#include "kit/coulomb.h"
#include "kit/slip_work.h"
#include "kit/tangential.h"

static const lt_param linear_params[LIN_P_COUNT] = {LT_LINEAR_PARAMS};
static const unsigned linear_param_flags[LIN_P_COUNT] = {LT_LINEAR_PARAM_FLAGS};
static const char *const linear_state[LIN_S_COUNT] = {LT_LINEAR_STATE};
static const lt_energy_def linear_energies[LIN_E_COUNT] = {
    {.name = "elast",
     .kind = LT_STORED,
     .doc = "elastic energy of the normal and tangential springs"},
    {.name = "plast", .kind = LT_DISSIPATED, .doc = "energy dissipated by Coulomb slip"},
};

void lt_linear_init(const double *p, const lt_contact *c, double *s)
{
    s[LIN_S_KN] = lt_given_kn(p[LIN_P_KN], c);
    s[LIN_S_KT] = lt_given_kt(p[LIN_P_KT], s[LIN_S_KN], c);
    s[LIN_S_TANPHI] = lt_given_tanphi(p[LIN_P_TANPHI], c);
}

int lt_linear_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (c->uN > 0 && !p[LIN_P_NOBREAK]) return 0;
    double kn = s[LIN_S_KN], kt = s[LIN_S_KT], tanPhi = s[LIN_S_TANPHI];
    double fn = kn * c->uN;
    /* the kit's incremental spring of constant kt, Coulomb on |Fn| (laws/kit/tangential.h), its
     * slip work by the option `dissipation` (the limit of the previous state for `path`) */
    double fy = fabs(fn) * tanPhi;
    const lt_spring_in in = {
        .fy0 = s[LIN_S_FTY],
        .fz0 = s[LIN_S_FTZ],
        .kt = kt,
        .vy = c->v[1],
        .vz = c->v[2],
        .dt = c->dt,
        .lim = fy,
        .slips = !p[LIN_P_NOSLIP],
        .formula = (int)p[LIN_P_DISSIPATION],
        .lim0 = c->fresh ? fy : fabs(s[LIN_S_FN]) * tanPhi,
    };
    double no_dashpot[2] = {0, 0};
    lt_tangential t = lt_tangential_spring(&in, no_dashpot);
    s[LIN_S_SLIP] = t.slip;
    s[LIN_S_FN] = fn;
    s[LIN_S_FTY] = t.fy;
    s[LIN_S_FTZ] = t.fz;
    lt_respond_force(out, fn, t.fy, t.fz, kn, kt);
    out->energy[LIN_E_ELAST] = lt_spring_energy(kn, kt, fn, t.fy, t.fz);
    out->energy[LIN_E_PLAST] = t.plast;
    return 1;
}

static double linear_fn_max(const double *p, const double *s)
{
    (void)s;
    return lt_cone_fn_max(p[LIN_P_NOBREAK] != 0);
}

/* The Coulomb cone on |Fn| (laws/kit/coulomb.h); noSlip: unlimited at every Fn, beyond the tip
 * too. */
static double linear_ft_max(const double *p, const double *s, double fn)
{
    if (p[LIN_P_NOSLIP]) return INFINITY;
    return lt_cone_ft_max(s[LIN_S_TANPHI], fabs(fn), fn, linear_fn_max(p, s), 0);
}

static int linear_yielding(const double *p, const double *s)
{
    (void)p;
    return s[LIN_S_SLIP] != 0;
}

/* The cone over the six forces: the torques are free (linear has none), dimensionless. */
static double linear_excess(const double *p, const double *s, const double f[LT_DOF])
{
    return lt_cone_excess(f, linear_fn_max(p, s), linear_ft_max(p, s, f[0]));
}

static const lt_yield linear_yield = {
    .ft_max = linear_ft_max,
    .fn_max = linear_fn_max,
    .yielding = linear_yielding,
    .formula = "Coulomb: |Ft| = tanPhi |Fn|, Fn <= 0",
    .excess = linear_excess,
    .dofs = 0x07,
};

/* The slip formulas other than `trapezoid` are kept to compare with Woo's and YADE's (docs/
 * energy.md, section 3): they are not the dissipation of the time-discrete contact, so the energy
 * balance of a path that slips while the normal force changes does not close (4.5e-5 of the work
 * for `doc` on generic-path); `path` is exact for the oblique impact's collinear slip. */
int lt_linear_slip_formula_not_discrete(const double *p)
{
    return p[LIN_P_NOSLIP] == 0 && p[LIN_P_DISSIPATION] != LT_SLIP_TRAPEZOID;
}

static int not_discrete_nor_path(const double *p)
{
    return lt_linear_slip_formula_not_discrete(p) && p[LIN_P_DISSIPATION] != LT_SLIP_PATH;
}

const lt_known lt_linear_known[LIN_N_KNOWN] = {
    {.row = "generic-path balance",
     .why = LT_LINEAR_KNOWN_WHY,
     .when = lt_linear_slip_formula_not_discrete},
    {.row = "generic-oblique balance", .why = LT_LINEAR_KNOWN_WHY, .when = not_discrete_nor_path},
};

/* Designated initialisers: fields a later law API adds are optional and default to none. */
const lt_law lt_law_linear = {
    .api_version = LT_LAW_API_VERSION,
    .name = "linear",
    .summary = "linear Cundall contact: Hooke normal, incremental tangential spring, Coulomb slip "
               "(Woo IdealElPl)",
    .params = linear_params,
    .n_params = LIN_P_COUNT,
    .state_names = linear_state,
    .n_state = LIN_S_COUNT,
    .energies = linear_energies,
    .n_energies = LIN_E_COUNT,
    .init = lt_linear_init,
    .step = lt_linear_step,
    .cases = lt_linear_cases,
    .n_cases = LIN_N_CASES,
    .yield = &linear_yield,
    .friction = "tanPhi", /* the state: the parameter, or the stiffness rule's when unset */
    .param_flags = linear_param_flags,
    .known = lt_linear_known,
    .n_known = LIN_N_KNOWN,
};
