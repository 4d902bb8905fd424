/* laws/walton_braun.c - Walton & Braun's hysteretic linear normal spring (the "partially latching
 * spring"), with the Coulomb friction of the linear law: a normal impact rebounds with
 * restitution exactly en, whatever the speed.
 *
 * Theory (SI; frame and signs of include/lawtester/law.h: uN < 0 in overlap, force on particle A,
 * so a compressive normal force is Fn < 0; below, delta = -uN >= 0 is the overlap and P = -Fn >= 0
 * the compressive force):
 *   loading     P = kn delta                          while delta >= dmax (dmax follows delta)
 *   unloading   P = max(0, kun (delta - d0))          while delta < dmax
 *               kun = kn/en^2 (N/m), d0 = (1 - kn/kun) dmax = (1 - en^2) dmax (m)
 *   state       dmax, the largest overlap reached, and d0, the residual overlap where the
 *               unloading line reaches zero force.  The two lines meet at (dmax, kn dmax): an
 *               unloading from dmax follows the stiffer line down to P = 0 at delta = d0 (the
 *               contact then carries no force until uN > 0 ends it, or until it is reloaded);
 *               a reloading from anywhere below dmax climbs the same line back to (dmax, kn dmax)
 *               and continues on the loading line, raising dmax and d0.  The hysteresis loop of
 *               one load to dmax and unload is the triangle (0, 0), (dmax, kn dmax), (d0, 0).
 *   tangential  as the linear law (laws/linear.c): trial Ft = Ft + kt vt dt (2-vector in y, z),
 *               returned radially onto |Ft| = tanPhi |Fn| when beyond it (not with noSlip); no
 *               torque.  In the force-free gap (d0 > delta > 0) the limit is 0: no shear force.
 *   en = 1      kun = kn, d0 = 0: the linear law's Hooke spring.
 * Energies (J):
 *   elast = P^2/(2 kun) + |Ft|^2/(2 kt): the energy the contact gives back when it is unloaded
 *           along the unloading line (on the loading line too: of kn delta^2/2 spent, the
 *           recoverable part is en^2 kn delta^2/2);
 *   plast: the loop.  Loading to dmax costs kn dmax^2/2, unloading returns
 *           kun (dmax - d0)^2/2 = en^2 kn dmax^2/2: the area of the loop, dissipated, is
 *           (1 - en^2) kn dmax^2/2, booked as the loading line is followed,
 *           d(plast) = (1 - en^2) kn delta d(delta), nothing on the unloading line or the gap.
 *           Per step it is booked as the driver's work minus the change of elast, the work by
 *           the trapezoid rule of the driver (src/driver/driver.h), (Fn(n-1) + Fn(n))/2 (uN(n) -
 *           uN(n-1)): on a step that stays on one line that is the analytic increment above to
 *           round-off; on a step across a kink (the unloading line reaching zero force, a
 *           reloading passing dmax) it is the discrete contact's own dissipation, within
 *           kun du^2/8 of the continuous one; tangentially, linear's trapezoid slip work
 *           (F + F').(Ftr - F')/(2 kt).  So work = d(elast) + plast closes to round-off.  On the
 *           first step of a contact (touch at uN = 0, on the loading line) the analytic
 *           (1 - en^2) kn delta^2/2.
 * Impact closed forms (m* the pair's effective mass, v the approach speed, w0 = sqrt(kn/m*)):
 *   dmax = v/w0, Pmax = kn v/w0; rebound energy en^2 m* v^2/2, so e = en exactly;
 *   the force lasts a quarter period at kn and a quarter period at kun:
 *   t_f = (pi/2)(1/w0 + en/w0) = (pi/2)(1 + en)/w0; the bodies then cross the residual overlap
 *   d0 = (1 - en^2) v/w0 at en v, so the overlap lasts t_c = t_f + (1 - en^2)/(en w0).
 * Reported stiffness k[0]: the slope of the line in use, kn loading, kun unloading, 0 in the gap.
 *   The stiffer kun sets leapfrog's stable step: dt < 2/sqrt(kun/m*) = 2 en/w0.
 * Yield surface (plots, probes): the Coulomb cone |Ft| = tanPhi |Fn| for Fn <= 0, tip Fn = 0.
 * Stiffness: kn, kt, tanPhi given, or from the materials by the stiffness rule (a kt left to the
 *   materials keeps their kt/kn ratio applied to the kn in force), as the linear law.
 * Reference: O. R. Walton, R. L. Braun (1986), J. Rheol. 30(5):949-980 (docs/references.md,
 *   [Walton & Braun 1986]); the friction: P. A. Cundall, O. D. L. Strack (1979).
 */
#include "walton_braun.h"
#include "kit/coulomb.h"
#include "kit/params.h"
#include "kit/slip_work.h"
#include "kit/tangential.h"
#include <math.h>
#include <stddef.h>

static const lt_param wb_params[WB_P_COUNT] = {
    [WB_P_KN] = LT_PARAM_KN_DOC("loading stiffness (default: from materials)"),
    [WB_P_KT] = LT_PARAM_KT,
    [WB_P_TANPHI] = LT_PARAM_TANPHI,
    [WB_P_EN] = LT_PARAM_EN(1, 0.01,
                            "normal restitution: unloading stiffness kn/en^2 (default 1: "
                            "elastic)"),
    [WB_P_NOSLIP] = LT_PARAM_NOSLIP,
};
static const unsigned wb_param_flags[WB_P_COUNT] = {[WB_P_KN] = LT_PARAM_MATERIALS,
                                                    [WB_P_KT] = LT_PARAM_MATERIALS,
                                                    [WB_P_TANPHI] = LT_PARAM_MATERIALS};
static const char *const wb_state[WB_S_COUNT] = {
    [WB_S_KN] = "kn",     [WB_S_KT] = "kt",   [WB_S_TANPHI] = "tanPhi", [WB_S_KUN] = "kun",
    [WB_S_DMAX] = "dmax", [WB_S_D0] = "d0",   [WB_S_FN] = "Fn",         [WB_S_FTY] = "Fty",
    [WB_S_FTZ] = "Ftz",   [WB_S_UN0] = "uN0", [WB_S_SLIP] = "slip"};
static const lt_energy_def wb_energies[WB_E_COUNT] = {
    {.name = "elast",
     .kind = LT_STORED,
     .doc =
         "energy recoverable by unloading: normal (on the unloading line) and tangential springs"},
    {.name = "plast",
     .kind = LT_DISSIPATED,
     .doc = "the normal hysteresis loop's area, and Coulomb slip"},
};

static void wb_init(const double *p, const lt_contact *c, double *s)
{
    s[WB_S_KN] = lt_given_kn(p[WB_P_KN], c);
    s[WB_S_KT] = lt_given_kt(p[WB_P_KT], s[WB_S_KN], c);
    s[WB_S_TANPHI] = lt_given_tanphi(p[WB_P_TANPHI], c);
    s[WB_S_KUN] = s[WB_S_KN] / (p[WB_P_EN] * p[WB_P_EN]);
}

static int wb_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (c->uN > 0) return 0;
    double kn = s[WB_S_KN], kun = s[WB_S_KUN], kt = s[WB_S_KT], en2 = p[WB_P_EN] * p[WB_P_EN];
    double delta = -c->uN, P, slope;
    if (delta >= s[WB_S_DMAX]) { /* the loading line: dmax and d0 follow */
        s[WB_S_DMAX] = delta;
        s[WB_S_D0] = (1 - en2) * delta;
        P = kn * delta;
        slope = kn;
    } else { /* the unloading line, down to zero force at d0 */
        P = kun * (delta - s[WB_S_D0]);
        slope = kun;
        if (delta < s[WB_S_D0]) P = slope = 0; /* the force-free gap */
    }
    double fn = -P, fn0 = s[WB_S_FN];
    double elast_n = kun > 0 ? 0.5 * P * P / kun : 0;
    double plast = c->fresh ? 0.5 * (1 - en2) * kn * delta * delta
                            : 0.5 * (fn0 + fn) * (c->uN - s[WB_S_UN0]) -
                                  (elast_n - (kun > 0 ? 0.5 * fn0 * fn0 / kun : 0));
    /* tangential: the kit's incremental spring of constant kt, Coulomb on P (laws/kit/tangential.h;
     * the linear law's) */
    const lt_spring_in in = {
        .fy0 = s[WB_S_FTY],
        .fz0 = s[WB_S_FTZ],
        .kt = kt,
        .vy = c->v[1],
        .vz = c->v[2],
        .dt = c->dt,
        .lim = P * s[WB_S_TANPHI],
        .slips = !p[WB_P_NOSLIP],
        .formula = LT_SLIP_TRAPEZOID,
    };
    double no_dashpot[2] = {0, 0};
    lt_tangential t = lt_tangential_spring(&in, no_dashpot);
    if (t.slip) plast += t.plast;
    s[WB_S_SLIP] = t.slip;
    s[WB_S_FN] = fn;
    s[WB_S_FTY] = t.fy;
    s[WB_S_FTZ] = t.fz;
    s[WB_S_UN0] = c->uN;
    lt_respond_force(out, fn, t.fy, t.fz, slope, kt);
    out->energy[WB_E_ELAST] = elast_n + t.elast;
    out->energy[WB_E_PLAST] = plast;
    return 1;
}

static double wb_fn_max(const double *p, const double *s)
{
    (void)p;
    (void)s;
    return lt_cone_fn_max(0);
}

/* The Coulomb cone on |Fn| (laws/kit/coulomb.h); noSlip: unlimited at every Fn, beyond the tip
 * too. */
static double wb_ft_max(const double *p, const double *s, double fn)
{
    if (p[WB_P_NOSLIP]) return INFINITY;
    return lt_cone_ft_max(s[WB_S_TANPHI], fabs(fn), fn, wb_fn_max(p, s), 0);
}

static int wb_yielding(const double *p, const double *s)
{
    (void)p;
    return s[WB_S_SLIP] != 0;
}

/* The cone over the six forces: the torques are free (no torque), dimensionless. */
static double wb_excess(const double *p, const double *s, const double f[LT_DOF])
{
    return lt_cone_excess(f, wb_fn_max(p, s), wb_ft_max(p, s, f[0]));
}

static const lt_yield wb_yield = {
    .ft_max = wb_ft_max,
    .fn_max = wb_fn_max,
    .yielding = wb_yielding,
    .formula = "Coulomb: |Ft| = tanPhi |Fn|, Fn <= 0",
    .excess = wb_excess,
    .dofs = 0x07,
};

const lt_law lt_law_walton_braun = {
    .api_version = LT_LAW_API_VERSION,
    .name = "walton_braun",
    .summary = "Walton-Braun hysteretic linear normal spring (load kn, unload kn/en^2: e = en), "
               "Coulomb friction",
    .params = wb_params,
    .n_params = WB_P_COUNT,
    .state_names = wb_state,
    .n_state = WB_S_COUNT,
    .energies = wb_energies,
    .n_energies = WB_E_COUNT,
    .init = wb_init,
    .step = wb_step,
    .cases = lt_walton_braun_cases,
    .n_cases = WB_N_CASES,
    .yield = &wb_yield,
    .friction = "tanPhi",
    .param_flags = wb_param_flags,
};
