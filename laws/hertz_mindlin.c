/* laws/hertz_mindlin.c - Hertz normal force with Tsuji damping; tangential force by
 * Mindlin-Deresiewicz with its loading history (method of dimensionality reduction, default),
 * or by the incremental Mindlin stiffness (rescaled on unloading, or not), with Coulomb; an
 * optional tangential Tsuji dashpot, the Coulomb limit on the compressive force only, and the
 * damping of a clipped contact from the restitution asked for (options, off by default);
 * optional elastic-plastic rolling and twisting resistance (`rolling`).
 *
 * Theory (SI; frame and signs of include/lawtester/law.h: delta = -uN > 0 is the overlap, v =
 * velocity of B relative to A, force on particle A, compression negative):
 *   effective properties (pair 1, 2):
 *     1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2                                  (Pa)
 *     1/G* = (2 - nu1)/G1 + (2 - nu2)/G2,  Gi = Ei/(2 (1 + nui))               (Pa)
 *       (laws/kit/effective.h; a rigid body, E = inf, drops out: E*, G* of the other alone)
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
 *   clipEn (with clip): en is the restitution of the clipped contact: alpha = sqrt5 zeta with
 *           zeta the root of exp(-zeta s_f(zeta)) = en, found at init by bisection to round-off
 *           (monotone in zeta; zeta > 1, overdamped, below en = e^-2 = 0.135, s_f continued as
 *           (2/w) atanh(w/zeta), w = sqrt(zeta^2 - 1): laws/kit/damping.h).  Without it
 *           clip keeps alpha(en), so clip = true, en = 0.3 gives e = 0.397.
 *   tangential, parameter `tangential` (kt = 8 G* a, N/m, the stick stiffness, is reported by all):
 *     rescale (Mindlin 1949, incremental, force history kept as local components): Fs = Ft(n-1),
 *           scaled by kt(n)/kt(n-1) when the overlap decreased (Thornton, Cummins & Cleary: on
 *           unloading the tangential force shrinks with the contact, so no energy is created);
 *           trial Ft = Fs + kt vt dt; Coulomb: if |Ft| > tanPhi |Fn| (and not noSlip)
 *           Ft = tanPhi |Fn| Ft/|Ft|.
 *     incremental: the same without the rescaling (the rule of common DEM codes; it creates
 *           energy when the contact unloads under a tangential force: kvar < 0).
 *     md (default): Mindlin & Deresiewicz (1953) with the whole loading history, by the method
 *           of dimensionality reduction [Popov & Hess 2015]: the contact maps, exactly for an
 *           axisymmetric profile and unidirectional tangential loading, onto a row of
 *           independent springs at x in [0, a] (one side, counted twice) with normal force per
 *           length 2 E* (delta - x^2/R*) (N/m) and tangential stiffness per length 8 G* (Pa);
 *           the integrals give Fn = (4/3) E* sqrt(R*) delta^{3/2} and kt = 8 G* a.  Each spring
 *           has its own displacement u(x) (m, local y and z): it sticks (u += v dt) unless
 *           8 G* |u| > mu 2 E* (delta - x^2/R*) |Fn|/|Fe| (then u is returned to that circle:
 *           local Coulomb; the factor |Fn|/|Fe| makes the total limit mu |Fn| with the Tsuji
 *           dashpot, as for the other rules), and a spring is released (u = 0) when the
 *           contact shrinks below it; it enters again with u = 0.  Ft = 8 G* int u dx.  In the
 *           no-slip limit this is the superposition Ft = sum_i 8 G* min(a_i_eff, a) dxi_i,
 *           a_i_eff the least contact radius since increment i.  In 2-D (the direction of
 *           slip turning) the circle return of each spring is an extension of the MDR, exact
 *           only for unidirectional loading: an approximation.
 *           Discretisation: at most mdCells cells [x_{k-1}, x_k] (x_{-1} = 0), one u_k each
 *           (state md_x<k> m, md_uy<k>, md_uz<k> m, each quantity's 160 values together;
 *           md_n cells in use).  No cells until the
 *           first tangential motion (u = 0 everywhere), then a uniform row over the previous
 *           contact radius; a cell wholly beyond a is released, the one across a cut at a
 *           (its u kept: the released part takes its share), the annulus the contact grew
 *           into appended with u = 0 and half the step's increment (it entered midway on
 *           average: second order in dt), two neighbours merged (force-preserving) when the
 *           row is full, or, while the full row's outermost cell is thin (a quarter of the
 *           mean cell a/mdCells with the annulus), the annulus folded into that cell,
 *           force-preserving (laws/kit/tangential.h, LT_MD_FOLD_SHARE).  A cell's limit is
 *           mu 2 E* (F(x_k) - F(x_{k-1})) |Fn|/|Fe|, F(x) = x (delta - x^2/(3 R*)).  Measured
 *           (tests/test_hertz_mindlin_md.c, verify): at 160 cells a Cattaneo-Mindlin loop's energy
 *           within 3e-6 ... 7e-5 for amplitudes from 0.5 c0 to 2 c0 (c0 = 3 mu P/(16 G* a)), error
 *           ~ (cell length/slip-zone width)^2 (order 2.0 in the cells; 7e-4 at 0.3 c0), the
 *           branches within 3e-5 mu P; the no-slip impact's vc'/vc within 6e-5 of the converged
 *           superposition.  Cost: one pass over the cells per step, eight (AVX-512), four (AVX) or
 *           two (SSE2) cells at a time in vector lanes with the sums in eight partial sums (the
 *           same bits on every path), and a merge scan that skips the weight of a pair longer than
 *           the best found (a full row folds a thin entering annulus instead): about 0.33 us a step
 *           at 160 cells in an oblique impact (docs/performance.md, "Where a step goes", third
 *           round); nothing before the first tangential motion.
 *           The row's step and merge: laws/kit/md_row.c (shared with thornton).
 *           No torque unless `rolling` (below).
 *   tangentialDashpot (off by default: no tangential dashpot): Ft += eta_t vt*, with
 *           eta_t = eta_n sqrt(kt/kn) = sqrt(2/3) alpha sqrt(m* kt) = ct delta^{1/4} (N s/m),
 *           eta_n = cd delta^{1/4} the normal dashpot's coefficient and kn = 2 E* a the normal
 *           tangent stiffness: the normal dashpot's damping ratio on the stick stiffness kt = 8 G*
 *           a
 *           (the form of Tsuji et al. 1992's eta_t; LIGGGHTS' hertz model: gamma_t =
 *           2 sqrt(5/6) zeta sqrt(m* S_t), S_t = 8 G* sqrt(R* delta)), vt* the dashpot velocity
 *           (dashpotVel, as vn*).  Coulomb acts on the whole force: if |Fs + Fd| > tanPhi |Fn|,
 *           spring and dashpot are scaled by one factor q onto the circle (rescale, incremental:
 *           the spring's force history Fs = q Fs_trial; md: every cell u = q u after its own
 *           return), so the spring keeps the direction of its trial and never pushes backwards.
 *           (LAMMPS' gran/hooke/history keeps the dashpot whole and gives the spring the rest,
 *           which reverses it whenever the dashpot alone exceeds the limit - at the touch of an
 *           oblique impact - and books negative slip; LIGGGHTS' history model limits the spring
 *           alone and drops the dashpot while sliding, so spring + dashpot can exceed tanPhi |Fn|
 *           while sticking.)  Why: the Tsuji normal force rises as cd vn delta^{1/4} at touch,
 *           faster than any tangential spring (~ delta^{1/2} t), so without a tangential dashpot
 *           the contact sticks first and misses the rigid-body gross-sliding line; eta_t vt
 *           exceeds tanPhi eta_n vn from touch when tan(theta)/mu > sqrt(kn/kt) = sqrt(E* / (4
 *           G*)).
 *   coulombOn: total (default) tanPhi |Fn|, a pulling (unclipped) dashpot included;
 *           compressive tanPhi max(-Fn, 0): no friction while the dashpot pulls (the md cells'
 *           limits take the same normal force).  With clip both are the same (Fn <= 0).
 *   rolling and twisting, parameter `rolling` (default none: no torque, the rolling state stays 0):
 *           the elastic-plastic springs of laws/kit/rolling.h (linear_rolling's, Ai, Chen,
 *           Rotter & Ooi 2011 model C) on this law's stiffnesses of the step, a = sqrt(R* delta):
 *             epsd:  k_r = 2.25 kn mu_r^2 R*^2, kn = 2 E* a (the Hertz tangent reported)  (N m/rad)
 *             epsd2: k_r = kt R*^2, kt = 8 G* a (LIGGGHTS' rolling_friction epsd2, after Iwashita
 *                    & Oda 1998; LAMMPS' `rolling sds` is k_roll R*^2 with k_roll given); kr: given
 *             k_tw = ktw if given, else 4.5 kt mu_tw^2 R*^2;  caps mu_r R* |Fn|, mu_tw R* |Fn|,
 *             |Fn| the normal force Coulomb takes (coulombOn); damping eta_r (C_r = eta_r 2
 *             sqrt(I_r k_r) with this step's k_r), torques on DoFs 3 (twist), 4, 5 (bending) as
 *             linear_rolling.
 *           History: the moments are incremental (M += k(n) dtheta, as LIGGGHTS' r_torque); on a
 *           step whose overlap decreased they are first scaled by k(n)/k(n-1), as the `rescale`
 *           rule scales Ft (never with `tangential` = incremental, which keeps M as it is).
 *           (LIGGGHTS' hertz model hands epsd its secant kn = (4/3) E* a, 2/3 of ours: give kr to
 *           match it.)
 *   yield surface (declared for plots and probes): the Coulomb limit as applied,
 *           |Ft| <= tanPhi |Fn| with Fn the whole normal force (Hertz + Tsuji dashpot, after
 *           clipping) and Ft the whole tangential force (with tangentialDashpot, its dashpot
 *           too); tension tip Fn = 0 when nothing can pull (en = 1, or clip), else
 *           unlimited (the unclipped dashpot pulls while the overlap closes; the limit is then
 *           tanPhi |Fn| in tension too, 0 with coulombOn = compressive).  State `slip` is 1 after a
 *           step whose force was returned to the surface (Coulomb slip, or clipping onto Fn = 0;
 *           md: every cell sliding, i.e. gross slip, not partial slip), else 0.  With `rolling`,
 *           the surface also bounds the torques, |Mr| <= muR R* |Fn| and |Mt| <= muTw R* |Fn|
 *           (excess: the largest utilisation minus one), and `slip` is 1 after a step returned to
 *           either cap too; without it the torques are free (dofs 0x3f either way).
 *   dashpot velocity vn*: as laws/spring_dashpot.c (`dashpotVel`: extrapolated from the last two
 *           half-step velocities, second order, default; or the half-step velocity itself).
 * Energies (J), consistent with the driver's trapezoid work (src/driver/driver.h); the normal
 * displacement of a step is duN = uN(n) - uN(n-1) from the positions (vn dt on the first step),
 * not vn dt: while the pair shears on an arc, vn dt carries a centripetal part of order
 * (v dt)^2/d that the bodies never do as work:
 *   elast  = (2/5) K delta^{5/2} + |Ft|^2/(2 kt)                      (stored, exact potentials;
 *            md: + sum_k |8 G* L_k u_k|^2/(2 * 8 G* L_k), the springs' energy, L_k the cell's
 *            length in contact) + |Mr|^2/(2 k_r) + Mt^2/(2 k_tw) (rolling)
 *   visc  += (Fd(n-1) + Fd(n))/2 duN, Fd = Fn - Fe (the dashpot's actual share)
 *            + (Fdt(n-1) + Fdt(n))/2 . vt dt with tangentialDashpot, Fdt the tangential
 *            dashpot's share after the return (state Fdty, Fdtz); plast, kvar and elast below
 *            then take the spring's share Fs (state Fty, Ftz) for Ft
 *            + (Md(n-1) + Md(n))/2 . (v4, v5) dt (rolling damping)
 *   plast += (Fs + Ft) . (trial - Ft)/(2 kt)                        (Coulomb slip, as linear.c;
 *            md: the same per cell, Fs the cell's force before the step's increment; with the
 *            tangential dashpot's return, the same from the cell's start to its end q u: md_step's
 *            plast + (1 - q^2) E - (1 - q) F . vt dt/2, E and F md_step's energy and force)
 *            + the plastic rolling and twisting work, (s M + M').(M_tr - M')/(2k) (trapezoid)
 *   kvar  += (Ft(n-1) + Ft(n))/2 . vt dt - d(|Ft|^2/(2 kt)) - plast increment: what the
 *            tangential spring does not return because its stiffness changed under load,
 *            |Ft(n-1)|^2/(2 kt(n-1)) - |Fs|^2/(2 kt(n)) >= 0 plus a trapezoid term
 *            (Ft(n-1) - Fs)/2 . vt dt of second order; zero at constant overlap.  md: the
 *            energy of the springs released as the contact shrinks (their traction goes to zero
 *            with the pressure at the receding edge: slip there, a frictional loss, not stored
 *            energy; it never comes back), the energy lost in merging two cells
 *            (L1 L2/(L1 + L2) 8 G* |u1 - u2|^2/2 >= 0, a discretisation loss) and the
 *            trapezoid's second-order term; >= 0 up to that term.  incremental: < 0 on unloading.
 *            Rolling: the same for the rolling and twisting springs, (M(n-1) + M')/2 . dtheta -
 *            d(|M|^2/(2k)) - their plastic work: >= 0 up to the trapezoid term with the scaling
 *            on unloading (k grows while loading); < 0 on unloading with `incremental`
 *   quad  += (Fe(n-1) + Fe(n))/2 duN - d((2/5) K delta^{5/2}): the trapezoid rule's error on
 *            the nonlinear spring, O(dt^2) over an impact; it may be negative.  Booking it
 *            keeps the run's balance at round-off, so that a wrong visc or plast shows.  On a
 *            contact's first step the previous state is at uN - duN: no spring when that is
 *            apart (a contact formed inside the step), the spring there when it overlaps (a
 *            contact created in overlap: duN = 0, nothing booked).
 *   so work = d(elast) + visc + plast + kvar + quad holds step by step to round-off.
 * References: H. Hertz (1882), J. reine angew. Math. 92:156; R. D. Mindlin (1949), J. Appl.
 *   Mech. 16:259; R. D. Mindlin, H. Deresiewicz (1953), J. Appl. Mech. 20:327; [Popov & Hess
 *   2015] (the method of dimensionality reduction; [Popov & Hess 2014] its handbook); [Ai et al.
 *   2011], [Iwashita & Oda 1998], [Wensrich & Katterfeld 2012], [LIGGGHTS], [LAMMPS] (rolling);
 *   [Maw, Barber & Fawcett 1976]; [Johnson 1985] section 7.4; Y. Tsuji, T. Tanaka, T. Ishida
 *   (1992), Powder Technol. 71:239; [Schwager & Poeschel 2007]; [LIGGGHTS]; [LAMMPS]; C. Thornton,
 *   S. J. Cummins, P. W. Cleary, Powder Technol. 210 (2011) and 233 (2013); [Woo]
 *   cundall-strack-vs-hertz-mindlin (Table 1).
 */
#include "hertz_mindlin.h"
#include "kit/coulomb.h"
#include "kit/damping.h"
#include "kit/effective.h"
#include "kit/params.h"
#include "kit/rolling.h"
#include "kit/tangential.h"
#include <math.h>
#include <stddef.h>
#include <string.h>

static const lt_param hm_params[HM_P_COUNT] = {
    [HM_P_ESTAR] = LT_PARAM_ESTAR,
    [HM_P_GSTAR] = LT_PARAM_GSTAR,
    [HM_P_RSTAR] = LT_PARAM_RSTAR,
    [HM_P_TANPHI] = LT_PARAM_TANPHI,
    [HM_P_EN] = LT_PARAM_EN(1, 1e-9, "normal restitution, sets the Tsuji alpha (1: no damping)"),
    [HM_P_CLIP] = LT_PARAM_CLIP,
    [HM_P_NOSLIP] = LT_PARAM_NOSLIP,
    [HM_P_DASHPOT] = LT_PARAM_DASHPOT_VEL,
    [HM_P_TANGENTIAL] = LT_PARAM_TANGENTIAL,
    [HM_P_MDCELLS] = LT_PARAM_MDCELLS,
    [HM_P_TDASHPOT] = LT_PARAM_TANGENTIAL_DASHPOT,
    [HM_P_COULOMB] = LT_PARAM_COULOMB_ON,
    [HM_P_CLIPEN] = LT_PARAM_CLIPEN,
    [HM_P_ROLLING] = LT_PARAM_ROLLING,
    [HM_P_MUR] = LT_PARAM_ROLLING_MUR,
    [HM_P_ETAR] = LT_PARAM_ROLLING_ETAR,
    [HM_P_KR] = LT_PARAM_ROLLING_KR,
    [HM_P_MUTW] = LT_PARAM_ROLLING_MUTW,
    [HM_P_KTW] = LT_PARAM_ROLLING_KTW,
};
/* E*, G*, tanPhi unset: from the materials; R*: from the curvature radii (the law's own) */
static const unsigned hm_param_flags[HM_P_COUNT] = {[HM_P_ESTAR] = LT_PARAM_MATERIALS,
                                                    [HM_P_GSTAR] = LT_PARAM_MATERIALS,
                                                    [HM_P_TANPHI] = LT_PARAM_MATERIALS};
/* the md rule's history, HM_MD_MAX_CELLS cells of HM_MD_PER_CELL values */
static const lt_state_array hm_state_arrays[1] = {
    {.name = "md",
     .first = HM_S_MD0,
     .length = HM_MD_PER_CELL * HM_MD_MAX_CELLS,
     .doc = "md rule: 160 cells' outer edges x, then their slip displacements uy, then uz, in m "
            "(C.md_x<k>, C.md_uy<k>, C.md_uz<k>); md_n in use"}};

/* "md_x0" ... "md_x159", "md_uy0" ... "md_uy159", "md_uz0" ... "md_uz159" (the row of
 * laws/kit/tangential.h) */
static const char *const hm_state[HM_S_COUNT] = {"K",
                                                 "Gstar",
                                                 "Rstar",
                                                 "tanPhi",
                                                 "cd",
                                                 "Fn",
                                                 "Fe",
                                                 "elastN",
                                                 "Fdn",
                                                 "Fty",
                                                 "Ftz",
                                                 "kt",
                                                 "delta",
                                                 "elastT",
                                                 "vn0",
                                                 "uN0",
                                                 "slip",
                                                 "ct",
                                                 "Fdty",
                                                 "Fdtz",
                                                 "vty0",
                                                 "vtz0",
                                                 LT_RR_STATE_NAMES,
                                                 "md_n",
                                                 LT_MD_STATE_NAMES_160};
_Static_assert(HM_MD_MAX_CELLS == 160 && HM_S_COUNT <= LT_MAX_STATE, "hm_state lists 160 md cells");
_Static_assert(HM_S_MD_N - HM_S_RR == LT_RR_S_COUNT,
               "laws/hertz_mindlin.h keeps the rolling block");
_Static_assert(HM_MD_PER_CELL == LT_MD_PER_CELL && HM_MD_MAX_CELLS == LT_MD_MAX_CELLS,
               "laws/kit/tangential.h's row");

static const lt_energy_def hm_energies[HM_E_COUNT] = {
    {.name = "elast",
     .kind = LT_STORED,
     .doc = "Hertz potential (2/5) K delta^2.5 plus the tangential springs' energy"},
    {.name = "plast", .kind = LT_DISSIPATED, .doc = "energy dissipated by Coulomb slip"},
    {.name = "visc", .kind = LT_DISSIPATED, .doc = "energy dissipated by the Tsuji dashpot(s)"},
    {.name = "kvar",
     .kind = LT_DISSIPATED,
     .doc =
         "tangential energy not returned because kt changed under load (md: released at the edge)"},
    {.name = "quad",
     .kind = LT_DISSIPATED,
     .doc = "trapezoid-rule error of the work on the nonlinear spring, O(dt^2)"},
};

static void hm_init(const double *p, const lt_contact *c, double *s)
{
    double estar =
        isnan(p[HM_P_ESTAR]) ? lt_effective_modulus(c->mat[0], c->mat[1]) : p[HM_P_ESTAR];
    double rstar =
        isnan(p[HM_P_RSTAR]) ? 1.0 / (1.0 / c->rcurv[0] + 1.0 / c->rcurv[1]) : p[HM_P_RSTAR];
    s[HM_S_K] = 4.0 / 3.0 * estar * sqrt(rstar);
    s[HM_S_GSTAR] =
        isnan(p[HM_P_GSTAR]) ? lt_effective_shear_modulus(c->mat[0], c->mat[1]) : p[HM_P_GSTAR];
    s[HM_S_RSTAR] = rstar;
    s[HM_S_TANPHI] = isnan(p[HM_P_TANPHI]) ? c->tanPhi : p[HM_P_TANPHI];
    /* clipEn: the clipped contact's restitution is en (alpha = sqrt5 zeta, zeta from inverting
     * e = exp(-zeta s_f), laws/kit/damping.h) */
    double alpha =
        p[HM_P_CLIPEN] ? sqrt(5.0) * lt_clipped_zeta(p[HM_P_EN]) : lt_tsuji_alpha(p[HM_P_EN]);
    s[HM_S_CD] = alpha * sqrt(c->mstar * s[HM_S_K]);
    /* the tangential dashpot eta_t = sqrt(2/3) alpha sqrt(m* kt), kt = 8 G* sqrt(R*) delta^{1/2} */
    s[HM_S_CT] = p[HM_P_TDASHPOT] ? lt_tsuji_tangential(alpha, c->mstar, s[HM_S_GSTAR], rstar) : 0;
    if (p[HM_P_TANGENTIAL] == LT_TANGENTIAL_MD)
        memset(s + HM_S_MD_N, 0, (size_t)(HM_S_COUNT - HM_S_MD_N) * sizeof *s);
}

/* The normal force the Coulomb limit and the rolling caps take (coulombOn), as a force on A. */
static double limit_normal(const double *p, double fn)
{
    return p[HM_P_COULOMB] == LT_COULOMB_COMPRESSIVE ? fmin(fn, 0) : fn;
}

/* The option `rolling` (laws/kit/rolling.h): kn the Hertz tangent 2 E* a, kt = 8 G* a; the
 * moments rescaled on unloading unless the tangential rule is `incremental`; the caps on the
 * normal force Coulomb takes (coulombOn). */
static lt_rr_out hm_rolling(const double *p, const lt_contact *c, double *s, double fn, double kn,
                            double kt)
{
    int unloading =
        !c->fresh && c->uN > -s[HM_S_DELTA] && p[HM_P_TANGENTIAL] != LT_TANGENTIAL_INCREMENTAL;
    double fl = limit_normal(p, fn);
    lt_rr_hertz z = {.rule = (int)p[HM_P_ROLLING],
                     .muR = lt_rr_given_mu(p[HM_P_MUR]),
                     .etaR = lt_rr_given_eta(p[HM_P_ETAR]),
                     .kr = p[HM_P_KR],
                     .muTw = lt_rr_given_mu(p[HM_P_MUTW]),
                     .ktw = p[HM_P_KTW],
                     .rstar = s[HM_S_RSTAR],
                     .kn = kn,
                     .kt = kt,
                     .fn = fl,
                     .fn0 = c->fresh ? fl : limit_normal(p, s[HM_S_FN]),
                     .unloading = unloading};
    return lt_rr_hertz_step(&z, c, s + HM_S_RR);
}

/* The tangential step of the rule `tangential` at the overlap delta (m; sqd = sqrt(delta), the
 * previous state's delta_prev), fe the Hertz spring's force (N), fn_abs the normal force the
 * Coulomb limit takes (N), kt = 8 G* a (N/m).  fd (N, 0 on entry) gets the tangential dashpot's
 * force, returned onto the Coulomb circle with the spring (tangentialDashpot; none: stays 0). */
static inline lt_tangential hm_tangential(const double *p, const lt_contact *c, double *s,
                                          double delta, double sqd, double delta_prev, double fe,
                                          double fn_abs, double kt, double fd[2])
{
    /* tangentialDashpot: eta_t = ct delta^{1/4} at the dashpot velocity (as the normal one) */
    int tdash = s[HM_S_CT] > 0;
    if (tdash) {
        double eta = s[HM_S_CT] * sqrt(sqd);
        fd[0] = eta * lt_dashpot_velocity((int)p[HM_P_DASHPOT], c->fresh, c->v[1], s[HM_S_VTY0]);
        fd[1] = eta * lt_dashpot_velocity((int)p[HM_P_DASHPOT], c->fresh, c->v[2], s[HM_S_VTZ0]);
    }
    if (p[HM_P_TANGENTIAL] != LT_TANGENTIAL_MD) {
        /* rescale and incremental: one spring kt = 8 G* a, its force history as local components;
         * rescale scales it by kt(n)/kt(n-1) when the overlap decreased (Thornton) */
        const lt_spring_in in = {
            .fy0 = s[HM_S_FTY],
            .fz0 = s[HM_S_FTZ],
            .kt = kt,
            .kt0 = s[HM_S_KT],
            .rescale =
                p[HM_P_TANGENTIAL] == LT_TANGENTIAL_RESCALE && !c->fresh && c->uN > -s[HM_S_DELTA],
            .vy = c->v[1],
            .vz = c->v[2],
            .dt = c->dt,
            .lim = s[HM_S_TANPHI] * fn_abs,
            .slips = !p[HM_P_NOSLIP],
            .formula = LT_SLIP_TRAPEZOID,
        };
        return lt_tangential_spring(&in, fd);
    }
    /* the row of laws/kit/tangential.h over the Hertz profile x^2/R* at the overlap delta */
    const lt_md_in in = {.rstar = s[HM_S_RSTAR],
                         .delta = delta,
                         .rprev = s[HM_S_RSTAR],
                         .delta_prev = delta_prev,
                         .K = s[HM_S_K],
                         .gstar = s[HM_S_GSTAR],
                         .tanphi = s[HM_S_TANPHI],
                         .fn_abs = fn_abs,
                         .fe = fe,
                         .dy = c->v[1] * c->dt,
                         .dz = c->v[2] * c->dt,
                         .cap = (int)p[HM_P_MDCELLS],
                         .slips = !p[HM_P_NOSLIP],
                         .fresh = c->fresh};
    lt_tangential t = lt_md_step(&in, s + HM_S_MD0, s + HM_S_MD_N);
    /* the tangential dashpot: spring and dashpot returned together */
    if (tdash && !p[HM_P_NOSLIP])
        lt_md_whole_return(s + HM_S_MD0, (int)s[HM_S_MD_N], s[HM_S_TANPHI] * fn_abs, c->v[1],
                           c->v[2], c->dt, &t, fd);
    return t;
}

static int hm_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (c->uN > 0) return 0;
    double dt = c->dt, delta = -c->uN, K = s[HM_S_K];
    double sqd = sqrt(delta);
    /* normal: Hertz + Tsuji, clip */
    double vn = lt_dashpot_velocity((int)p[HM_P_DASHPOT], c->fresh, c->v[0], s[HM_S_VN0]);
    double fe = -K * delta * sqd;
    /* no dashpot (en = 1, the default): fe + 0 = fe, without the square root that would follow
     * sqrt(delta) on the step's chain (c->v is finite: the driver checked it) */
    double fn = s[HM_S_CD] != 0 ? fe + s[HM_S_CD] * sqrt(sqd) * vn : fe;
    int returned = p[HM_P_CLIP] && fn > 0; /* clipped onto the tip Fn = 0 */
    if (returned) fn = 0;
    double fdn = fn - fe;
    double eln = 0.4 * K * delta * delta * sqd;
    /* normal displacement of the step */
    double dun = c->fresh ? c->v[0] * dt : c->uN - s[HM_S_UN0];
    if (c->fresh && c->uN - dun < 0) {
        /* the contact already overlapped before this step (created in overlap, e.g. at a test's
         * initial state, where dun = 0): the step starts from that spring, not from none, so
         * quad books no stored energy the step did not do work for */
        double d0 = -(c->uN - dun);
        s[HM_S_FE] = -K * d0 * sqrt(d0);
        s[HM_S_ELN] = 0.4 * K * d0 * d0 * sqrt(d0);
    }
    /* the overlap of the previous state: none for a contact formed inside the step */
    double delta_prev = c->fresh ? fmax(0, -(c->uN - dun)) : s[HM_S_DELTA];
    double visc = 0.5 * (s[HM_S_FDN] + fdn) * dun;
    double quad = 0.5 * (s[HM_S_FE] + fe) * dun - (eln - s[HM_S_ELN]);
    /* tangential */
    double kt = 8 * s[HM_S_GSTAR] * sqrt(s[HM_S_RSTAR] * delta);
    double f0y = s[HM_S_FTY], f0z = s[HM_S_FTZ];
    /* coulombOn: the normal force the limit takes (compressive: none while the dashpot pulls) */
    double fn_abs = lt_coulomb_normal((int)p[HM_P_COULOMB], fn);
    int tdash = s[HM_S_CT] > 0;
    double fd[2] = {0, 0};
    lt_tangential t = hm_tangential(p, c, s, delta, sqd, delta_prev, fe, fn_abs, kt, fd);
    returned |= t.slip;
    /* rolling and twisting, from the previous state's Fn and delta (not yet overwritten) */
    lt_rr_out rr = {0};
    if (p[HM_P_ROLLING] != LT_RR_NONE) rr = hm_rolling(p, c, s, fn, 1.5 * K * sqd, kt);
    returned |= rr.rolled | rr.twisted;
    double fty = t.fy, ftz = t.fz, elt = t.elast, plast = t.plast;
    double kvar =
        0.5 * ((f0y + fty) * c->v[1] + (f0z + ftz) * c->v[2]) * dt - (elt - s[HM_S_ELT]) - plast;
    /* the dashpot's trapezoid work on vt dt (its share of the force; none before touch) */
    if (tdash) {
        double f0dy = c->fresh ? 0 : s[HM_S_FDTY], f0dz = c->fresh ? 0 : s[HM_S_FDTZ];
        visc += 0.5 * ((f0dy + fd[0]) * c->v[1] + (f0dz + fd[1]) * c->v[2]) * dt;
    }
    /* state */
    s[HM_S_FN] = fn;
    s[HM_S_FE] = fe;
    s[HM_S_ELN] = eln;
    s[HM_S_FDN] = fdn;
    s[HM_S_FTY] = fty;
    s[HM_S_FTZ] = ftz;
    s[HM_S_KT] = kt;
    s[HM_S_DELTA] = delta;
    s[HM_S_ELT] = elt;
    s[HM_S_VN0] = c->v[0];
    s[HM_S_UN0] = c->uN;
    s[HM_S_SLIP] = returned;
    s[HM_S_FDTY] = fd[0];
    s[HM_S_FDTZ] = fd[1];
    s[HM_S_VTY0] = c->v[1];
    s[HM_S_VTZ0] = c->v[2];
    /* response: the spring's force, and the dashpot's when there is one */
    if (tdash) fty += fd[0], ftz += fd[1];
    /* kn: the Hertz spring's tangent stiffness */
    lt_respond_force(out, fn, fty, ftz, 1.5 * K * sqd, kt);
    out->energy[HM_E_ELAST] = eln + elt;
    out->energy[HM_E_PLAST] = plast;
    out->energy[HM_E_VISC] = visc;
    out->energy[HM_E_KVAR] = kvar;
    out->energy[HM_E_QUAD] = quad;
    if (p[HM_P_ROLLING] != LT_RR_NONE)
        lt_rr_respond(out, &rr, HM_E_ELAST, HM_E_PLAST, HM_E_VISC, HM_E_KVAR);
    return 1;
}

/* The tension tip: 0 unless an unclipped dashpot can pull (see the theory block). */
static double hm_fn_max(const double *p, const double *s)
{
    return lt_cone_fn_max(!p[HM_P_CLIP] && s[HM_S_CD] > 0);
}

/* The Coulomb cone (laws/kit/coulomb.h) on the normal force the limit takes (coulombOn). */
static double hm_ft_max(const double *p, const double *s, double fn)
{
    return lt_cone_ft_max(s[HM_S_TANPHI], fabs(limit_normal(p, fn)), fn, hm_fn_max(p, s),
                          p[HM_P_NOSLIP] != 0);
}

static int hm_yielding(const double *p, const double *s)
{
    (void)p;
    return s[HM_S_SLIP] != 0;
}

/* The cone over the six forces: |Ft|/ft_max - 1, dimensionless (laws/kit/coulomb.h); with the
 * option `rolling`, also the rolling and twisting caps (without it the torques are free). */
static double hm_excess(const double *p, const double *s, const double f[LT_DOF])
{
    double g = hm_ft_max(p, s, f[0]), ft = hypot(f[1], f[2]);
    if (f[0] > hm_fn_max(p, s) || g < 0) return INFINITY;
    /* not lt_cone_excess: a NaN capacity (tanPhi = inf at Fn = 0) without load is on the surface
     * here, outside in laws/kit/coulomb.h */
    double e = g > 0 ? ft / g - 1 : ft == 0 ? 0 : INFINITY;
    if (p[HM_P_ROLLING] == LT_RR_NONE) return e;
    double fl[LT_DOF] = {limit_normal(p, f[0]), f[1], f[2], f[3], f[4], f[5]};
    return lt_rr_excess(e, lt_rr_given_mu(p[HM_P_MUR]), lt_rr_given_mu(p[HM_P_MUTW]), s[HM_S_RSTAR],
                        fl);
}

static const char *hm_check(const double *p)
{
    if (p[HM_P_CLIPEN] && !p[HM_P_CLIP])
        return "clipEn = 1 needs clip = 1 (without clip, en already is the restitution)";
    return NULL;
}

static const lt_yield hm_yield = {
    .ft_max = hm_ft_max,
    .fn_max = hm_fn_max,
    .yielding = hm_yielding,
    .excess = hm_excess,
    .dofs = 0x3f,
    .formula = "Coulomb of the whole force (Tsuji dashpots included): |Ft| = tanPhi |Fn| "
               "(coulombOn: max(-Fn, 0)); rolling on: |Mr| = muR R* |Fn|, |Mt| = muTw R* |Fn|",
};

/* `tangential` = incremental with noSlip: the spring kt = 8 G* a keeps its force as the contact
 * unloads, so its energy |Ft|^2/(2 kt) grows as kt falls: energy created (kvar < 0, the head of
 * this file; [Thornton et al. 2013] for the rescaling that prevents it).  Without the
 * Coulomb limit nothing caps it: measured, a grazing rebound with 1.7e-2 more kinetic energy than
 * came in (en = 1) and up to 37 times it (en = 1e-9, the tangential spring loaded while the
 * heavily damped sphere sticks), and net work -2e-2 of the scale around the closed loop.  It
 * shows wherever the law does not dissipate (en = 1); elsewhere its own dashpot may hide it. */
static int incremental_unlimited(const double *p)
{
    if (p[HM_P_NOSLIP] == 0 || p[HM_P_TANGENTIAL] != LT_TANGENTIAL_INCREMENTAL) return 0;
    return p[HM_P_EN] == 1 ? 1 : LT_KNOWN_MAY;
}

#define HM_KNOWN_WHY                                                                            \
    "tangential = incremental without the Coulomb limit creates energy as the contact unloads " \
    "under a tangential force (kvar < 0; the `rescale` rule prevents it: docs/laws.md)"
static const lt_known hm_known[] = {
    {.row = "generic-oblique KE gain", .why = HM_KNOWN_WHY, .when = incremental_unlimited},
    {.row = "generic-closed-loop passivity", .why = HM_KNOWN_WHY, .when = incremental_unlimited},
};

const lt_law lt_law_hertz_mindlin = {
    .api_version = LT_LAW_API_VERSION,
    .name = "hertz_mindlin",
    .summary = "Hertz normal force with Tsuji damping (velocity-independent e), "
               "Mindlin-Deresiewicz tangential (MDR), Coulomb",
    .params = hm_params,
    .n_params = HM_P_COUNT,
    .state_names = hm_state,
    .n_state = HM_S_COUNT,
    .energies = hm_energies,
    .n_energies = HM_E_COUNT,
    .init = hm_init,
    .step = hm_step,
    .check = hm_check,
    .cases = lt_hertz_mindlin_cases,
    .n_cases = (int)(sizeof lt_hertz_mindlin_cases / sizeof lt_hertz_mindlin_cases[0]),
    .yield = &hm_yield,
    .friction = "tanPhi",
    .param_flags = hm_param_flags,
    .state_arrays = hm_state_arrays,
    .n_state_arrays = 1,
    .known = hm_known,
    .n_known = (int)(sizeof hm_known / sizeof hm_known[0]),
};
