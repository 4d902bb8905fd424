/* laws/cohesive.c - bonded (cohesive-frictional) contact: Hooke normal and incremental tangential
 * springs, a bond with normal tensile strength and shear cohesion (Mohr-Coulomb with a tension
 * cut-off, or a smooth elliptic tension cap), which breaks when the surface is reached (or, with
 * `plastic`, flows on it); once broken the contact is purely frictional, like `linear`.  The bond
 * may also carry bending and twisting moments (rotational springs), which load its normal and
 * shear strengths as in the parallel bond of Potyondy & Cundall (2004).
 *
 * Theory (SI; signs and frame as in include/lawtester/law.h: uN < 0 in overlap, Fn < 0 in
 * compression, forces act on particle A; mu = tanPhi, Rt = `tensile` (N), c = `cohesion` (N)):
 *   trial  Fn* = kn (uN - uNp)                  (N; uNp = plastic normal opening, m, 0 unless
 *                                               plastic)
 *          Ft* = Ft + kt v_t dt                 (2-vector in y,z, N)
 *   bonded surface, |Ft| <= g(Fn), Fn <= rt:
 *     rt = min(Rt, c/mu)                        (tension tip; the cone's apex if that comes first)
 *     mohr-coulomb (default)  g(Fn) = c - mu Fn
 *     elliptic   g(Fn) = c - mu Fn                       for Fn <= xt = mu rt^2/c
 *                g(Fn) = B sqrt(1 - (Fn/rt)^2)           for xt < Fn <= rt,  B = sqrt(c^2 - mu^2
 *                                                        rt^2):
 *                the ellipse centred at Fn = 0 through the tip (rt, 0) with a vertical tangent
 *                there, tangent to the Coulomb line at xt (same value and slope -mu: C1), below it
 *                between; it needs c > mu rt (else the Mohr-Coulomb surface is used).
 *   bonded, elastic when Fn* <= rt and |Ft*| <= g(Fn*): Fn = Fn*, Ft = Ft*.
 *   bonded, outside:
 *     default   the bond breaks on this step; the step's force is that of the unbonded contact
 *               at the trial state (below); the energy the step releases is booked as `bond`.
 *     plastic   the bond flows: Fn = min(Fn*, rt) (uNp += (Fn* - Fn)/kn), then Ft = Ft* g(Fn)/|Ft*|
 *               if |Ft*| > g(Fn) (radial return, non-associated: no dilatancy); it never breaks.
 *   unbonded (after breakage): Coulomb, g(Fn) = mu |Fn| for Fn <= 0; the contact is lost when
 *     uN > 0 (on the step after the breakage, which returns a zero force at uN > 0).
 * Energies (J), with the trapezoid rule of docs/energy.md (force F before, F' after the step,
 *   trial F*, per component of stiffness k): a step dissipates (F + F') . (F* - F')/(2 k), the
 *   trapezoid-rule work minus the change of elastic energy, so the balance closes to round-off:
 *   elast = Fn^2/(2 kn) + |Ft|^2/(2 kt)                  (stored)
 *   plast = sum of that over slip and plastic-flow steps  (dissipated)
 *   bond  = that on the step where the bond breaks, normal and tangential: the elastic energy the
 *           bond held that the broken contact does not (dissipated, "released at breakage").
 * State `yield` is 1 after an inelastic step (breakage, plastic flow, slip), the probes' "first
 * yield". Moments (parallel bond; the bond a disc of radius R_b = `bondRadius`, area A = pi R_b^2,
 * second
 *   moment I = pi R_b^4/4, polar J = pi R_b^4/2; Mb = (M4, M5) bending, Mt = M3 twisting, N m, the
 *   torques on A: a spring resisting the rotation theta of B relative to A returns +k theta on A,
 *   as in laws/linear_rolling.c):
 *     trial  Mb* = Mb + kr (v4, v5) dt,  Mt* = Mt + ktw v3 dt     (kr, ktw N m/rad; P&C's
 *            kr = kn I/A = kn R_b^2/4 and ktw = kt J/A = kt R_b^2/2 for a bond of stiffnesses kn,
 *            kt)
 *     the strengths are checked on the equivalent forces of the bond's extreme fibre (P&C's
 *     sigma_max A and tau_max A, the stresses times the area):
 *            Fn_eq = Fn + |Mb| A R_b/I = Fn + 4 |Mb|/R_b          (N, tension positive)
 *            Ft_eq = |Ft| + |Mt| A R_b/J = |Ft| + 2 |Mt|/R_b      (N)
 *     bonded elastic domain: Fn_eq <= rt and Ft_eq <= g(Fn_eq) (the surface above, either shape);
 *     without moments it is the surface above.  Defaults kr = ktw = 0 (no moment) and
 *     R_b = INFINITY (moments do not load the bond): the law without moments.
 *     breakage (default): outside, the bond breaks as above and the moments drop to zero (their
 *       stored energy is booked as `bond`); the broken contact carries no moment.
 *     plastic: the bending moment flows first, |Mb| = min(|Mb*|, max(0, (rt - Fn*) R_b/4))
 *       (radial return in the y-z plane), then the normal force as above; then, if
 *       Ft_eq* = |Ft*| + 2|Mt*|/R_b > g(Fn_eq), Ft and Mt are scaled together by
 *       g(Fn_eq)/Ft_eq* (a radial return in (Ft, 2 Mt/R_b)), which puts Ft_eq on g.
 *   Energies: elast adds |Mb|^2/(2 kr) + Mt^2/(2 ktw); plast and bond add the same per-step
 *   formula (M + M').(M* - M')/(2k) of each rotational spring, so the balance closes to round-off.
 * Yield function (lt_yield.excess, all six forces): bonded, Ft_eq/g(Fn_eq) - 1 (+INFINITY beyond
 *   the tip, g < 0); broken, the Coulomb cone |Ft|/(mu |Fn|) - 1, Fn <= 0, with no moment (any
 *   moment is outside).  At zero moments its (Fn, |Ft|) section is ft_max/fn_max.
 * References: bond strengths and breakage: D. O. Potyondy, P. A. Cundall (2004), A bonded-particle
 *   model for rock, Int. J. Rock Mech. Min. Sci. 41:1329-1364; break or flow ("fragile"): YADE's
 *   Law2_ScGeom6D_CohFrictPhys_CohesionMoment; Mohr-Coulomb with tension cut-off: e.g. W. F. Chen,
 *   Plasticity in Reinforced Concrete (1982), ch. 5.
 */
#include "cohesive.h"
#include "kit/coulomb.h"
#include "kit/params.h"
#include "kit/slip_work.h"
#include <math.h>

static const char *const surface_choices[] = {"mohr-coulomb", "elliptic", 0};

static const lt_param cohesive_params[COH_P_COUNT] = {
    [COH_P_KN] = LT_PARAM_KN,
    [COH_P_KT] = LT_PARAM_KT,
    [COH_P_TANPHI] = LT_PARAM_TANPHI,
    [COH_P_TENSILE] =
        LT_KIT_REAL("tensile", 0, 0, INFINITY, "N", "normal tensile strength Rt of the bond"),
    [COH_P_COHESION] = LT_KIT_REAL("cohesion", 0, 0, INFINITY, "N",
                                   "shear cohesion c of the bond (|Ft| at Fn = 0)"),
    [COH_P_SURFACE] = LT_KIT_CHOICE(
        "surface", COH_SURF_MOHR_COULOMB, 2, surface_choices,
        "bond surface: mohr-coulomb (tension cut-off) | elliptic (smooth tension cap)"),
    [COH_P_PLASTIC] =
        LT_KIT_BOOL("plastic", "the bond flows plastically on its surface instead of breaking"),
    [COH_P_KR] = LT_KIT_REAL("kr", 0, 0, INFINITY, "N m/rad",
                             "bending stiffness of the bond (0: no bending moment)"),
    [COH_P_KTW] = LT_KIT_REAL("ktw", 0, 0, INFINITY, "N m/rad",
                              "twisting stiffness of the bond (0: no twisting moment)"),
    [COH_P_RBOND] =
        LT_KIT_REAL("bondRadius", INFINITY, 0, INFINITY, "m",
                    "bond radius R_b: the moments load the strengths as Fn + 4|Mb|/R_b, "
                    "|Ft| + 2|Mt|/R_b (inf: they do not)"),
};
static const unsigned cohesive_param_flags[COH_P_COUNT] = {[COH_P_KN] = LT_PARAM_MATERIALS,
                                                           [COH_P_KT] = LT_PARAM_MATERIALS,
                                                           [COH_P_TANPHI] = LT_PARAM_MATERIALS};
/* The sweep scales of the bond (API 6): its defaults of 0 (no bond strength, no bond moments)
 * give `verify --sweep` no magnitude.  In verify's pair (spheres of 0.1 and 0.05 m, the default
 * materials: kn ~ 5e5 N/m, R* = 1/30 m) the generic paths load the contact to ~260 N, so
 * strengths of 100 N (swept 1 N ... 1e4 N: never reached to far beyond) and moment stiffnesses of
 * kn R*^2 ~ 500 N m/rad (5 ... 5e4). */
static const double cohesive_param_scales[COH_P_COUNT] = {
    [COH_P_TENSILE] = 100, [COH_P_COHESION] = 100, [COH_P_KR] = 500, [COH_P_KTW] = 500};
static const char *const cohesive_state[COH_S_COUNT] = {
    "kn", "kt", "tanPhi", "bonded", "Fn", "Fty", "Ftz", "uNp", "yield", "Mtw", "Mby", "Mbz"};
static const lt_energy_def cohesive_energies[COH_E_COUNT] = {
    {.name = "elast",
     .kind = LT_STORED,
     .doc = "elastic energy of the normal, tangential, bending and twisting springs"},
    {.name = "plast",
     .kind = LT_DISSIPATED,
     .doc =
         "energy dissipated by frictional slip and by plastic flow of the bond (moments included)"},
    {.name = "bond", .kind = LT_DISSIPATED, .doc = "energy released when the bond breaks"},
};

static void cohesive_init(const double *p, const lt_contact *c, double *s)
{
    s[COH_S_KN] = lt_given_kn(p[COH_P_KN], c);
    s[COH_S_KT] = lt_given_kt(p[COH_P_KT], s[COH_S_KN], c);
    s[COH_S_TANPHI] = lt_given_tanphi(p[COH_P_TANPHI], c);
    s[COH_S_BONDED] = 1;
}

/* Tension tip of the current surface, N. */
static double tip(const double *p, const double *s)
{
    if (!s[COH_S_BONDED]) return 0;
    double mu = s[COH_S_TANPHI], c = p[COH_P_COHESION], rt = p[COH_P_TENSILE];
    if (mu > 0 && c / mu < rt) rt = c / mu;
    return rt;
}

/* Largest |Ft| at normal force fn on the current surface, N; -1 beyond the tip. */
static double surface_ft(const double *p, const double *s, double fn)
{
    double mu = s[COH_S_TANPHI];
    if (!s[COH_S_BONDED]) return fn > 0 ? -1 : -mu * fn;
    double c = p[COH_P_COHESION], rt = tip(p, s);
    if (fn > rt) return -1;
    if (p[COH_P_SURFACE] == COH_SURF_ELLIPTIC && c > mu * rt && rt > 0) {
        double xt = mu * rt * rt / c;
        if (fn > xt)
            return sqrt((c - mu * rt) * (c + mu * rt)) * sqrt((1 - fn / rt) * (1 + fn / rt));
    }
    return c - mu * fn;
}

/* Dissipation of a step on one component pair: (F + F') . (F* - F') / (2 k). */
static double step_dissipation(double k, double f0y, double f0z, double f1y, double f1z,
                               double try_, double trz)
{
    return k > 0 ? lt_slip_trapezoid(k, f0y, f0z, try_, trz, f1y, f1z) : 0;
}

/* The Coulomb return of the trial (ty, tz) onto |Ft| <= limit (laws/kit/coulomb.h); returns 1
 * if it was outside. */
static int radial_return(double limit, double ty, double tz, double *fy, double *fz)
{
    double q;
    *fy = ty, *fz = tz;
    if (!lt_coulomb_return(ty, tz, limit, &q)) return 0;
    *fy = ty * q, *fz = tz * q;
    return 1;
}

/* The moments' coupling factors A R_b/I = 4/R_b and A R_b/J = 2/R_b (1/m; 0 for R_b = INFINITY). */
static double bend_factor(const double *p) { return 4 / p[COH_P_RBOND]; }
static double twist_factor(const double *p) { return 2 / p[COH_P_RBOND]; }

static int cohesive_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    int bonded = s[COH_S_BONDED] != 0;
    if (!bonded && c->uN > 0) return 0; /* unbonded: breaks in tension like linear */
    double kn = s[COH_S_KN], kt = s[COH_S_KT], mu = s[COH_S_TANPHI], kr = p[COH_P_KR],
           ktw = p[COH_P_KTW];
    double fn0 = s[COH_S_FN], fty0 = s[COH_S_FTY], ftz0 = s[COH_S_FTZ];
    double fn_tr = kn * (c->uN - s[COH_S_UNP]);
    double ty = fty0 + kt * c->v[1] * c->dt, tz = ftz0 + kt * c->v[2] * c->dt;
    double fn = fn_tr, fty = ty, ftz = tz, plast = 0, bond = 0;
    /* the moments: springs of the bond only (the broken contact carries none) */
    double mt0 = s[COH_S_MTW], mby0 = s[COH_S_MBY], mbz0 = s[COH_S_MBZ];
    double mt_tr = bonded ? mt0 + ktw * c->v[3] * c->dt : 0;
    double mby_tr = bonded ? mby0 + kr * c->v[4] * c->dt : 0,
           mbz_tr = bonded ? mbz0 + kr * c->v[5] * c->dt : 0;
    double mt = mt_tr, mby = mby_tr, mbz = mbz_tr, cb = bend_factor(p), ct = twist_factor(p);
    int inelastic = 0;
    if (bonded && p[COH_P_PLASTIC]) {
        double rt = tip(p, s);
        if (fn_tr + cb * hypot(mby_tr, mbz_tr) > rt) {
            if (cb > 0 && radial_return(fmax(0, (rt - fn_tr) / cb), mby_tr, mbz_tr, &mby, &mbz))
                plast += step_dissipation(kr, mby0, mbz0, mby, mbz, mby_tr, mbz_tr);
            if (fn_tr > rt) {
                fn = rt;
                s[COH_S_UNP] += kn > 0 ? (fn_tr - fn) / kn : 0;
                plast += step_dissipation(kn, fn0, 0, fn, 0, fn_tr, 0);
            }
            inelastic = 1;
        }
        double g = surface_ft(p, s, fmin(fn + cb * hypot(mby, mbz), rt)),
               ft_eq = hypot(ty, tz) + ct * fabs(mt_tr);
        if (ft_eq > g) {
            double q = lt_coulomb_factor(ft_eq, g);
            fty = ty * q, ftz = tz * q, mt = mt_tr * q;
            plast += step_dissipation(kt, fty0, ftz0, fty, ftz, ty, tz) +
                     step_dissipation(ktw, mt0, 0, mt, 0, mt_tr, 0);
            inelastic = 1;
        }
    } else if (bonded) {
        double g = surface_ft(p, s, fn_tr + cb * hypot(mby_tr, mbz_tr));
        if (g < 0 || hypot(ty, tz) + ct * fabs(mt_tr) > g) {
            /* the bond breaks: this step's force is the unbonded contact's at the trial state */
            s[COH_S_BONDED] = 0;
            inelastic = 1;
            if (c->uN > 0)
                fn = fty = ftz = 0;
            else
                radial_return(-mu * fn_tr, ty, tz, &fty, &ftz);
            mt = mby = mbz = 0;
            bond = step_dissipation(kn, fn0, 0, fn, 0, fn_tr, 0) +
                   step_dissipation(kt, fty0, ftz0, fty, ftz, ty, tz) +
                   step_dissipation(kr, mby0, mbz0, 0, 0, mby_tr, mbz_tr) +
                   step_dissipation(ktw, mt0, 0, 0, 0, mt_tr, 0);
        }
    } else if (radial_return(-mu * fn_tr, ty, tz, &fty, &ftz)) {
        plast = step_dissipation(kt, fty0, ftz0, fty, ftz, ty, tz);
        inelastic = 1;
    }
    s[COH_S_FN] = fn;
    s[COH_S_FTY] = fty;
    s[COH_S_FTZ] = ftz;
    s[COH_S_MTW] = mt, s[COH_S_MBY] = mby, s[COH_S_MBZ] = mbz;
    s[COH_S_YIELD] = inelastic;
    lt_respond_force(out, fn, fty, ftz, kn, kt);
    out->f[3] = mt, out->f[4] = mby, out->f[5] = mbz;
    out->energy[COH_E_ELAST] =
        lt_spring_energy(kn, kt, fn, fty, ftz) + lt_spring_energy(kr, ktw, hypot(mby, mbz), mt, 0);
    out->energy[COH_E_PLAST] = plast;
    out->energy[COH_E_BOND] = bond;
    return 1;
}

static double cohesive_ft_max(const double *p, const double *s, double fn)
{
    return surface_ft(p, s, fn);
}

static int cohesive_yielding(const double *p, const double *s)
{
    (void)p;
    return s[COH_S_YIELD] != 0;
}

/* The yield function over the six forces (theory block): the bonded surface on the equivalent
 * forces of the moments, the broken cone without moments. */
static double cohesive_excess(const double *p, const double *s, const double f[LT_DOF])
{
    double mb = hypot(f[4], f[5]), mt = fabs(f[3]), ft = hypot(f[1], f[2]);
    if (!s[COH_S_BONDED]) {
        if (f[0] > 0) return INFINITY;
        return fmax(lt_utilisation(ft, surface_ft(p, s, f[0])), lt_utilisation(mb + mt, 0));
    }
    double g = surface_ft(p, s, f[0] + bend_factor(p) * mb);
    return lt_utilisation(ft + twist_factor(p) * mt, g);
}

static const lt_yield cohesive_yield = {
    .ft_max = cohesive_ft_max,
    .fn_max = tip,
    .yielding = cohesive_yielding,
    .formula = "bonded: |Ft| + 2|Mt|/Rb = c - tanPhi (Fn + 4|Mb|/Rb) (or elliptic cap), Fn + "
               "4|Mb|/Rb <= min(Rt, c/tanPhi); broken: Coulomb",
    .excess = cohesive_excess,
    .dofs = 0x3f,
};

/* Designated initialisers: fields a later law API adds are optional and default to none. */
const lt_law lt_law_cohesive = {
    .api_version = LT_LAW_API_VERSION,
    .name = "cohesive",
    .summary = "bonded contact: tensile strength, cohesion and friction (Mohr-Coulomb + tension "
               "cut-off or elliptic cap), breaks or flows",
    .params = cohesive_params,
    .n_params = COH_P_COUNT,
    .state_names = cohesive_state,
    .n_state = COH_S_COUNT,
    .energies = cohesive_energies,
    .n_energies = COH_E_COUNT,
    .init = cohesive_init,
    .step = cohesive_step,
    .cases = lt_cohesive_cases,
    .n_cases = COH_N_CASES,
    .yield = &cohesive_yield,
    .friction = "tanPhi",
    .param_flags = cohesive_param_flags,
    .param_scales = cohesive_param_scales,
};
