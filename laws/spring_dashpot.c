/* laws/spring_dashpot.c - linear spring-dashpot with Coulomb friction (Cundall-Strack with
 * damping, Woo's "linear elastic" model, [Woo]).
 *
 * Theory (SI; frame and signs of include/lawtester/law.h: uN < 0 in overlap, v = velocity of B
 * relative to A, force on particle A, so compression is Fn < 0 and a dashpot resisting approach (vn
 * < 0) is negative too):
 *   normal      Fe = kn uN,  Fv = gn vn*,  Fn = Fe + Fv                        (N)
 *               clip: Fn = min(Fn, 0) (no attraction); the dashpot then carries Fn - Fe
 *   tangential  xi += vt dt (2-vector, local y z: kept in the contact plane because the local
 *               frame turns with the pair; zero when the contact forms, so reset at its end)
 *               trial Ft = kt xi + gt vt*;  if |Ft| > tanPhi |Fn| (and not noSlip), the whole
 *               trial force is scaled onto the Coulomb circle, s = tanPhi |Fn|/|Ft|, Ft = s Ft,
 *               and xi by the same factor, xi = s xi (Woo's documented "slip rescales xi"; Luding
 *               2008 instead keeps the dashpot whole and gives the spring Ft - gt vt*, which makes
 *               the spring push backwards, and the booked slip dissipation negative, whenever
 *               the dashpot alone exceeds the Coulomb limit)
 *               coulombOn: total (default) tanPhi |Fn|, a pulling (unclipped) dashpot
 *               included; compressive tanPhi max(-Fn, 0): no friction while the dashpot pulls
 *               (the same as total with clip).  The gross-sliding line of Thornton, Cummins &
 *               Cleary (2013), e_t = 1 - mu (1 + e)/tan(theta), needs |Ft| = tanPhi |Fn| from
 *               touch to release: at touch the normal dashpot jumps to gn vn while the spring
 *               starts at zero, so a tangential dashpot with gt vt > tanPhi gn vn (zetaT or et)
 *               and clip (or coulombOn = compressive: then e_f, the restitution where Fn
 *               changes sign, in place of e) give it (verify's line-en0.5-psi7).
 *   damping     gn = 2 zetaN sqrt(kn m*),  gt = 2 zetaT sqrt(kt m*)           (N s/m)
 *               m* = the pair's effective mass (lt_contact.mstar)
 *               from restitution: zeta = -ln e / sqrt(pi^2 + ln^2 e)  (exact for the linear
 *               oscillator whose contact ends when the overlap returns to zero; the same e
 *               gives a higher restitution when clipped, below: clip = true, en = 0.3 gives
 *               e = 0.397)
 *               clipEn (with clip, en given): en is the clipped contact's restitution: zetaN
 *               the root of exp(-zeta s_f(zeta)) = en, s_f = w0 t_f below, by bisection at init
 *               to round-off (monotone; overdamped, zeta > 1, below en = e^-2 = 0.135:
 *               laws/kit/damping.h).  Refused without clip or with zetaN.
 *   impact closed forms (w0 = sqrt(kn/m*), beta = zeta w0, w = w0 sqrt(1 - zeta^2)):
 *               ends at uN = 0:  e = exp(-pi zeta/sqrt(1 - zeta^2)),  t_c = pi/w
 *               clipped (Schwager & Poeschel 2007): the force vanishes at t_f = (2/w) atan(w/beta),
 *               e = exp(-beta t_f); the bodies then fly apart from the remaining overlap
 *               max overlap (both): (v/w0) exp(-zeta atan(sqrt(1-zeta^2)/zeta)/sqrt(1-zeta^2))
 *   dashpot velocity vn*, vt*: the driver hands the law v_{n-1/2}, the relative velocity over
 *               the step that led to this state.  `dashpotVel = extrapolated` (default) uses
 *               v_n ~ (3 v_{n-1/2} - v_{n-3/2})/2, second order; `halfstep` uses v_{n-1/2}, which
 *               lags the dashpot by dt/2 and makes restitution and contact time first order in
 *               dt (as in codes that evaluate forces with half-step velocities).  On the first
 *               step of a contact the previous velocity is taken equal to the current one (free
 *               flight before the contact).
 * Energies (J), consistent with the driver's trapezoid rule for the work (src/driver/driver.h):
 *   elast  = (Fe^2/kn + |kt xi|^2/kt)/2                                      (stored)
 *   visc  += (Fd(n-1) + Fd(n))/2 . du, with Fd = Fn - Fe (normal) and Ft - kt xi
 *            (tangential): the work of the part of the force the springs do not carry; du is
 *            uN(n) - uN(n-1) from the positions for the normal (vn dt on the first step: vn dt
 *            carries a centripetal part of order (v dt)^2/d while the pair shears on an arc,
 *            which the bodies never do as work; elast uses uN too) and vt dt tangentially
 *   plast += (Fs(n-1) + Fs(n)) . (Fs(n-1) + kt vt dt - Fs(n)) / (2 kt), Fs = kt xi: the spring's
 *            trapezoid work minus its change of stored energy (exact for steady sliding)
 *   so work = d(elast) + visc + plast holds to round-off step by step.
 * Yield surface (declared for plots and probes): the Coulomb limit the law applies, in the
 *   force it returns: |Ft| <= tanPhi |Fn| (coulombOn = compressive: tanPhi max(-Fn, 0)) with Fn
 *   the whole normal force, dashpot included and
 *   after clipping, and Ft the whole tangential force, spring and dashpot (the cone is of the
 *   total forces, not of the springs' alone: with damping the spring force alone lies inside it
 *   by the dashpot's share).  The tension tip is Fn = 0 when nothing can pull (undamped:
 *   Fn = kn uN <= 0 while in contact; or clipped), else unlimited: an unclipped dashpot pulls
 *   while the overlap closes, and the limit is then tanPhi |Fn| in tension too (the contact
 *   ends when uN > 0, a displacement, not a force).  noSlip: no limit in shear.  State `slip`
 *   is 1 after a step whose force was returned to the surface, by Coulomb slip or by clipping
 *   onto the tip Fn = 0 (the probes' "first yield"), else 0.
 * Stiffness: kn, kt, tanPhi given, or from the materials by the harness's stiffness rule (a kt
 *   left to the materials keeps their kt/kn ratio applied to the kn in force).
 * References: P. A. Cundall, O. D. L. Strack (1979), Geotechnique 29(1):47-65; [Woo]
 *   cundall-strack-vs-hertz-mindlin (eqs. 1-4) and linear-elastic-spring-dashpot; S. Luding
 *   (2008), Granular Matter 10:235-246; T. Schwager, T. Poeschel (2007), Granular Matter 9:465.
 */
#include "spring_dashpot.h"
#include "kit/coulomb.h"
#include "kit/damping.h"
#include "kit/params.h"
#include <math.h>
#include <stddef.h>

static const lt_param sd_params[SD_P_COUNT] = {
    [SD_P_KN] = LT_PARAM_KN,
    [SD_P_KT] = LT_PARAM_KT,
    [SD_P_TANPHI] = LT_PARAM_TANPHI,
    [SD_P_EN] = LT_PARAM_EN(NAN, 1e-9, "normal restitution, sets zetaN (default: zetaN)"),
    [SD_P_ET] =
        LT_KIT_REAL("et", NAN, 1e-9, 1, "-", "tangential restitution, sets zetaT (default: zetaT)"),
    [SD_P_ZETAN] =
        LT_KIT_REAL("zetaN", NAN, 0, 0.99, "-", "normal damping ratio (default 0 unless en)"),
    [SD_P_ZETAT] =
        LT_KIT_REAL("zetaT", NAN, 0, 0.99, "-", "tangential damping ratio (default 0 unless et)"),
    [SD_P_CLIP] = LT_PARAM_CLIP,
    [SD_P_NOSLIP] = LT_PARAM_NOSLIP,
    [SD_P_DASHPOT] = LT_PARAM_DASHPOT_VEL,
    [SD_P_COULOMB] = LT_PARAM_COULOMB_ON,
    [SD_P_CLIPEN] = LT_PARAM_CLIPEN,
};
static const unsigned sd_param_flags[SD_P_COUNT] = {[SD_P_KN] = LT_PARAM_MATERIALS,
                                                    [SD_P_KT] = LT_PARAM_MATERIALS,
                                                    [SD_P_TANPHI] = LT_PARAM_MATERIALS};
static const char *const sd_state[SD_S_COUNT] = {"kn",   "kt",   "tanPhi", "gn",  "gt",  "Fn",
                                                 "xiy",  "xiz",  "Fdn",    "Fdy", "Fdz", "vn0",
                                                 "vty0", "vtz0", "uN0",    "slip"};
static const lt_energy_def sd_energies[SD_E_COUNT] = {
    {.name = "elast",
     .kind = LT_STORED,
     .doc = "elastic energy of the normal and tangential springs"},
    {.name = "plast", .kind = LT_DISSIPATED, .doc = "energy dissipated by Coulomb slip"},
    {.name = "visc", .kind = LT_DISSIPATED, .doc = "energy dissipated by the dashpots"},
};

static double damping_ratio(double e, double zeta)
{
    if (!isnan(e)) return lt_restitution_zeta(e);
    return isnan(zeta) ? 0 : zeta;
}

static const char *sd_check(const double *p)
{
    if (!isnan(p[SD_P_EN]) && !isnan(p[SD_P_ZETAN]))
        return "give the normal damping as en or as zetaN, not both";
    if (!isnan(p[SD_P_ET]) && !isnan(p[SD_P_ZETAT]))
        return "give the tangential damping as et or as zetaT, not both";
    if (p[SD_P_CLIPEN] && !p[SD_P_CLIP])
        return "clipEn = 1 needs clip = 1 (without clip, en already is the restitution)";
    if (p[SD_P_CLIPEN] && isnan(p[SD_P_EN]))
        return "clipEn = 1 sets zetaN from en: give en (not zetaN)";
    return NULL;
}

static void sd_init(const double *p, const lt_contact *c, double *s)
{
    s[SD_S_KN] = lt_given_kn(p[SD_P_KN], c);
    s[SD_S_KT] = lt_given_kt(p[SD_P_KT], s[SD_S_KN], c);
    s[SD_S_TANPHI] = lt_given_tanphi(p[SD_P_TANPHI], c);
    /* clipEn: zetaN whose clipped restitution is en (laws/kit/damping.h) */
    double zn =
        p[SD_P_CLIPEN] ? lt_clipped_zeta(p[SD_P_EN]) : damping_ratio(p[SD_P_EN], p[SD_P_ZETAN]);
    s[SD_S_GN] = 2 * zn * sqrt(s[SD_S_KN] * c->mstar);
    s[SD_S_GT] = 2 * damping_ratio(p[SD_P_ET], p[SD_P_ZETAT]) * sqrt(s[SD_S_KT] * c->mstar);
}

static int sd_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (c->uN > 0) return 0;
    int mode = (int)p[SD_P_DASHPOT];
    double kn = s[SD_S_KN], kt = s[SD_S_KT], dt = c->dt;
    /* normal */
    double vn = lt_dashpot_velocity(mode, c->fresh, c->v[0], s[SD_S_VN0]);
    double fe = kn * c->uN;
    double fn = fe + s[SD_S_GN] * vn;
    int returned = p[SD_P_CLIP] && fn > 0; /* clipped onto the tip Fn = 0 */
    if (returned) fn = 0;
    double fdn = fn - fe;
    /* normal displacement of the step */
    double dun = c->fresh ? c->v[0] * dt : c->uN - s[SD_S_UN0];
    double visc = 0.5 * (s[SD_S_FDN] + fdn) * dun;
    /* tangential: spring displacement, dashpot, Coulomb */
    double vty = lt_dashpot_velocity(mode, c->fresh, c->v[1], s[SD_S_VTY0]);
    double vtz = lt_dashpot_velocity(mode, c->fresh, c->v[2], s[SD_S_VTZ0]);
    double fs0y = kt * s[SD_S_XIY], fs0z = kt * s[SD_S_XIZ];
    double xiy = s[SD_S_XIY] + c->v[1] * dt, xiz = s[SD_S_XIZ] + c->v[2] * dt;
    double trial_sy = kt * xiy, trial_sz = kt * xiz; /* spring force before the return */
    double fty = trial_sy + s[SD_S_GT] * vty, ftz = trial_sz + s[SD_S_GT] * vtz;
    /* coulombOn: the normal force the limit takes (compressive: none while the dashpot pulls) */
    double fy = s[SD_S_TANPHI] * lt_coulomb_normal((int)p[SD_P_COULOMB], fn), q;
    if (!p[SD_P_NOSLIP] && lt_coulomb_return(fty, ftz, fy, &q)) {
        fty *= q;
        ftz *= q;
        xiy *= q;
        xiz *= q;
        returned = 1;
    }
    double fsy = kt * xiy, fsz = kt * xiz;
    double fdy = fty - fsy, fdz = ftz - fsz;
    visc += 0.5 * ((s[SD_S_FDY] + fdy) * c->v[1] + (s[SD_S_FDZ] + fdz) * c->v[2]) * dt;
    double plast =
        kt > 0 ? ((fs0y + fsy) * (trial_sy - fsy) + (fs0z + fsz) * (trial_sz - fsz)) / (2 * kt) : 0;
    /* state */
    s[SD_S_FN] = fn;
    s[SD_S_XIY] = xiy;
    s[SD_S_XIZ] = xiz;
    s[SD_S_FDN] = fdn;
    s[SD_S_FDY] = fdy;
    s[SD_S_FDZ] = fdz;
    s[SD_S_VN0] = c->v[0];
    s[SD_S_VTY0] = c->v[1];
    s[SD_S_VTZ0] = c->v[2];
    s[SD_S_UN0] = c->uN;
    s[SD_S_SLIP] = returned;
    /* response */
    lt_respond_force(out, fn, fty, ftz, kn, kt);
    /* the springs' forces, without the dashpots */
    out->energy[SD_E_ELAST] = lt_spring_energy(kn, kt, fe, fsy, fsz);
    out->energy[SD_E_PLAST] = plast;
    out->energy[SD_E_VISC] = visc;
    return 1;
}

/* The tension tip: 0 unless an unclipped dashpot can pull (see the theory block). */
static double sd_fn_max(const double *p, const double *s)
{
    return lt_cone_fn_max(!p[SD_P_CLIP] && s[SD_S_GN] > 0);
}

/* The Coulomb cone (laws/kit/coulomb.h) on |Fn|, or max(-Fn, 0) with coulombOn = compressive. */
static double sd_ft_max(const double *p, const double *s, double fn)
{
    double fc = lt_coulomb_normal((int)p[SD_P_COULOMB], fn);
    return lt_cone_ft_max(s[SD_S_TANPHI], fc, fn, sd_fn_max(p, s), p[SD_P_NOSLIP] != 0);
}

static int sd_yielding(const double *p, const double *s)
{
    (void)p;
    return s[SD_S_SLIP] != 0;
}

/* The cone of the whole forces over the six (no torques), dimensionless. */
static double sd_excess(const double *p, const double *s, const double f[LT_DOF])
{
    return lt_cone_excess(f, sd_fn_max(p, s), sd_ft_max(p, s, f[0]));
}

static const lt_yield sd_yield = {
    .ft_max = sd_ft_max,
    .fn_max = sd_fn_max,
    .yielding = sd_yielding,
    .excess = sd_excess,
    .dofs = 0x07,
    .formula = "Coulomb of the whole force (dashpots included): |Ft| = tanPhi |Fn|",
};

const lt_law lt_law_spring_dashpot = {
    .api_version = LT_LAW_API_VERSION,
    .name = "spring_dashpot",
    .summary =
        "linear spring-dashpot, Coulomb friction, damping as ratio or restitution, optional clip",
    .params = sd_params,
    .n_params = SD_P_COUNT,
    .state_names = sd_state,
    .n_state = SD_S_COUNT,
    .energies = sd_energies,
    .n_energies = SD_E_COUNT,
    .init = sd_init,
    .step = sd_step,
    .check = sd_check,
    .cases = lt_spring_dashpot_cases,
    .n_cases = SD_N_CASES,
    .yield = &sd_yield,
    .friction = "tanPhi",
    .param_flags = sd_param_flags,
};
