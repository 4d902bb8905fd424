/* laws/thornton.c - Thornton's elastic-perfectly-plastic normal contact of spheres: Hertz up to
 * a limiting contact pressure, then a linear plastic branch, elastic unloading on a Hertz curve
 * of enlarged radius; tangential by Mindlin-Deresiewicz on the current elastic curve (method of
 * dimensionality reduction, default) or Mindlin's stiffness rescaled on unloading (or not),
 * Coulomb; optional elastic-plastic rolling and twisting resistance (`rolling`).
 *
 * Theory (SI; frame and signs of include/lawtester/law.h: delta = -uN > 0 is the overlap, force on
 * A, compression negative; F below is the compressive magnitude, Fn = -F):
 *   effective properties: 1/E* = sum (1 - nu^2)/E (Pa), 1/R* = 1/r1 + 1/r2 (m), as
 *     laws/hertz_mindlin.c (laws/kit/effective.h; a rigid body, E = inf, adds 0); E* and R* may be
 *     given (parameters Estar, Rstar).
 *   loading, Hertz: F = (4/3) E* sqrt(R*) delta^{3/2} (N), contact radius a = sqrt(R* delta)
 *     (m), largest pressure p0 = 2 E* a/(pi R*) (Pa).  Thornton (1997) caps the pressure at the
 *     limiting contact pressure p_y (`yieldPressure`, Pa): yield at p0 = p_y, i.e.
 *       a_y = pi p_y R* / (2 E*),  delta_y = a_y^2/R* = (pi p_y/(2 E*))^2 R*            (m)
 *       F_y = (4/3) E* sqrt(R*) delta_y^{3/2} = pi^3 p_y^3 R*^2/(6 E*^2)            (N)
 *   plastic loading (delta > delta_y, the largest overlap so far):
 *       F = F_y + pi p_y R* (delta - delta_y)                                        (N)
 *     (tangent pi p_y R*, N/m); with a^2 = R* delta this is F = pi p_y a^2 - F_y/2, so the
 *     contact radius at F is a^2 = (2 F + F_y)/(2 pi p_y).
 *   unloading from the largest overlap delta_max, force F_max, contact radius a_p
 *     (a_p^2 = (2 F_max + F_y)/(2 pi p_y)): elastic, Hertz with the enlarged radius R_p,
 *       F = (4/3) E* sqrt(R_p) (delta - delta_p)^{3/2},  delta_p <= delta <= delta_max  (N)
 *       R_p = 4 E* a_p^3/(3 F_max),  delta_p = delta_max - a_p^2/R_p                    (m)
 *     (the unloading curve passes through (delta_max, F_max) with the contact radius a_p;
 *     F = 0 below the residual overlap delta_p).  Reloading retraces it up to delta_max, then
 *     the plastic branch goes on.  Below delta_y R_p = R*, delta_p = 0: Hertz, elastic.
 *     Tangent stiffness reported on that curve: 2 E* sqrt(R_p (delta - delta_p)) (N/m).
 *   impact of effective mass m* at speed v: yield velocity (1/2) m* v_y^2 = (2/5) F_y delta_y
 *     (J), i.e. v_y = 1.56 sqrt(p_y^5/(E*^4 rho)) for a sphere on a rigid plane; for v > v_y
 *     Thornton's (1997) restitution, with V = v_y/v,
 *       e = sqrt(6 sqrt3/5) sqrt(1 - V^2/6) [V/(V + 2 sqrt(6/5 - V^2/5))]^{1/4}
 *     (the model's energies in closed form: laws/thornton_cases.c checks both).
 *   yieldPressure unset: state yieldPressure = 0, never yields (Hertz, elastic).
 *   yieldPressure = 0 is refused (its range is (0, inf), and th_check): p_y -> 0 is the
 *     perfectly plastic limit, a_y, delta_y, F_y -> 0 and the plastic tangent pi p_y R* -> 0,
 *     a contact that carries no force
 *     from its first touch; the state's 0 means "never yields", so 0 would silently give the
 *     opposite, an elastic rebound.  The range is open at 0: any p_y > 0 is the model; and at
 *     infinity, as every infinite end whose default is not infinite (docs/laws.md, "Ranges"):
 *     "never yields" is the parameter left unset.
 *   History: the contact keeps delta_max; it ends (and forgets it) when uN > 0.
 *   tangential, parameter `tangential` (hertz_mindlin's rules and names): kt = 8 G* a (N/m),
 *     the stick stiffness all report, with the contact radius a of the current curve,
 *     a = sqrt(R_p (delta - delta_p)) (the plastic branch: a^2 = (2 F + F_y)/(2 pi p_y), the
 *     same at its end), 1/G* = (2 - nu1)/G1 + (2 - nu2)/G2 (Pa); Coulomb |Ft| <= tanPhi F (F the
 *     elastic-plastic normal force); tanPhi from `tanPhi` or the materials.
 *     md (default): Mindlin & Deresiewicz (1953) with the loading history, by the method of
 *       dimensionality reduction: the kit's rule (laws/kit/tangential.h: a row of springs over
 *       the 1-D profile x^2/R pressed by delta_e, stiffness 8 G* per length, each on its own
 *       Coulomb limit mu 2 E* (delta_e - x^2/R) |Fn|/|Fe| per length, released when the contact
 *       shrinks below it) on the current elastic curve: R = R_p, delta_e = delta - delta_p (0
 *       below delta_p), Fe = -(4/3) E* sqrt(R_p) delta_e^{3/2}; at most mdCells cells (state
 *       md_n and the array md, 160 cells of x, uy, uz in m).  On the unloading (and reloading)
 *       curve the contact is, by the model, an elastic Hertz contact of radius R_p shifted by
 *       delta_p, so the MDR is exact there, as for hertz_mindlin (unidirectional loading; the
 *       turning direction is the same approximation); below delta_y (R_p = R*, delta_p = 0)
 *       thornton + md is hertz_mindlin + md with en = 1, to the bit.  On the plastic loading
 *       branch F is that curve's top (delta_max, F_max) with the contact radius a_p, so
 *       |Fn|/|Fe| = 1 (round-off): the cells' limits still sum to mu |Fn| exactly and the stick
 *       stiffness 8 G* a_p is the model's, but the pressure they stand for is Hertz's of R_p,
 *       p(r) = (3 F/(2 pi a_p^2)) sqrt(1 - r^2/a_p^2), where the model's is Hertz's of R*
 *       truncated at p_y (flat at p_y over r^2 < a_p^2 - a_y^2): the same force and radius, but
 *       near the edge the row's pressure is lower by the factor y (3 - y^2)/2, y = a_y/a_p (0.69
 *       at a_p = 2 a_y, ~1.5 a_y/a_p at large a_p), and at the centre higher, (3 - y^2)/2 p_y
 *       instead of p_y.  An approximation of the plastic pressure: while the contact loads
 *       plastically under a tangential force, the slip annulus at the edge opens earlier and is
 *       wider than the truncated pressure would give (partial slip and its dissipation
 *       overestimated, the stick region smaller); gross sliding comes at the same mu |Fn|, and
 *       from the turn on (unloading, reloading below delta_max) the rule is exact again on the
 *       history the row holds.
 *     rescale (Mindlin 1949, incremental; Thornton, Cummins & Cleary 2011): one spring,
 *       Fs = Ft(n-1), scaled by kt(n)/kt(n-1) when the overlap decreased; trial
 *       Ft = Fs + kt vt dt; Coulomb: Ft returned onto the circle tanPhi F.
 *     incremental: the same without the rescaling (it creates energy when the contact unloads
 *       under a tangential force: kvar < 0).
 *   State `yielding`: 1 after a step that flowed plastically or slid (md: every cell sliding,
 *     gross slip).
 *   rolling and twisting, parameter `rolling` (default none: no torque, the rolling state stays
 *     0): hertz_mindlin's option (laws/kit/rolling.h) on this law's contact radius a of
 *     the current curve (the one kt uses): epsd k_r = 2.25 kn mu_r^2 R*^2 with kn = 2 E* a (the
 *     elastic stiffness of the contact, equal to the reported tangent except on the plastic
 *     branch, where that is pi p_y R*: both 2 E* a_y at yield), epsd2 k_r = kt R*^2, kt = 8 G* a;
 *     kr, ktw given: those; k_tw = 4.5 kt mu_tw^2 R*^2; caps mu_r R* F, mu_tw R* F (N m);
 *     torques on DoFs 3, 4, 5.  The moments are rescaled by k(n)/k(n-1) when the overlap
 *     decreased, as Ft (not with `tangential` = incremental).  No rolling damping (this law books
 *     no viscous energy; LIGGGHTS' epsd2 has none either): state Mdy, Mdz stay 0.  The yield
 *     function adds the caps and `yielding` is 1 after a step returned to one; without `rolling`
 *     the torques are free.
 * Energies (J), consistent with the driver's trapezoid work (src/driver/driver.h); duN = uN(n) -
 * uN(n-1) from the positions (vn dt on a contact's first step), as laws/hertz_mindlin.c:
 *   elast = (2/5) (4/3) E* sqrt(R_p) (delta - delta_p)^{5/2} + |Ft|^2/(2 kt)   (stored: what the
 *           current unloading curve gives back, + the tangential spring; md: + the springs'
 *           energy sum_k |8 G* L_k u_k|^2/(2 * 8 G* L_k), L_k a cell's length in contact)
 *           + |Mr|^2/(2 k_r) + Mt^2/(2 k_tw) (rolling)
 *   plast += (the exact work of the virgin curve and of the unloading curve over the step) -
 *           d(elast_n): with W(delta) = int_0^delta of the virgin curve and U(delta, delta_max)
 *           the normal part of elast, a step that raises delta_max from d0 to d1 books
 *             U(d0, d0) + W(d1) - W(d0) - U(d1, d1)  >= 0,
 *           any other step nothing (it stays on an elastic curve).  Over an impact this is
 *           exactly (1 - e^2) (1/2) m* v^2 of the model.
 *   fric  += (Fs + Ft) . (trial - Ft)/(2 kt)  (Coulomb slip, as laws/hertz_mindlin.c's plast;
 *           md: the same per cell, laws/kit/tangential.h)
 *           + the plastic rolling and twisting work (trapezoid, laws/kit/rolling.h)
 *   kvar  += (Ft(n-1) + Ft(n))/2 . vt dt - d(|Ft|^2/(2 kt)) - fric increment: what the tangential
 *           spring does not return because kt changed under load (as laws/hertz_mindlin.c; md:
 *           the energy of the cells released as the contact shrinks, of merges, and the
 *           trapezoid's second-order term; incremental: < 0 on unloading)
 *           + the same of the rolling and twisting springs (k_r, k_tw change with a)
 *   quad  += (Fn(n-1) + Fn(n))/2 duN - d(elast_n) - plast increment: the trapezoid rule's error
 *           on the nonlinear curves, O(dt^2) over an impact, either sign.
 *   so work = d(elast) + plast + fric + kvar + quad step by step to round-off.
 * References: C. Thornton (1997), J. Appl. Mech. 64:383 [Thornton 1997]; H. Hertz (1882);
 *   [Johnson 1985]; R. D. Mindlin (1949), J. Appl. Mech. 16:259; R. D. Mindlin, H. Deresiewicz
 *   (1953), J. Appl. Mech. 20:327; [Popov & Hess 2015]; C. Thornton, S. J. Cummins, P. W. Cleary,
 *   Powder Technol. 210 (2011); rolling: [Ai et al. 2011], [Iwashita & Oda 1998], [Wensrich &
 *   Katterfeld 2012], [LIGGGHTS]; docs/references.md.
 */
#include "thornton.h"
#include "kit/coulomb.h"
#include "kit/effective.h"
#include "kit/params.h"
#include "kit/rolling.h"
#include <math.h>
#include <stddef.h>
#include <string.h>

static const lt_param th_params[TH_P_COUNT] = {
    [TH_P_ESTAR] = LT_PARAM_ESTAR,
    [TH_P_RSTAR] = LT_PARAM_RSTAR,
    [TH_P_PY] = LT_KIT_REAL("yieldPressure", NAN, 0, INFINITY, "Pa",
                            "limiting contact pressure p_y > 0 (default: unset, never yields)"),
    [TH_P_GSTAR] = LT_PARAM_GSTAR,
    [TH_P_TANPHI] = LT_PARAM_TANPHI,
    [TH_P_ROLLING] = LT_PARAM_ROLLING,
    [TH_P_MUR] = LT_PARAM_ROLLING_MUR,
    [TH_P_KR] = LT_PARAM_ROLLING_KR,
    [TH_P_MUTW] = LT_PARAM_ROLLING_MUTW,
    [TH_P_KTW] = LT_PARAM_ROLLING_KTW,
    [TH_P_TANGENTIAL] = LT_PARAM_TANGENTIAL,
    [TH_P_MDCELLS] = LT_PARAM_MDCELLS,
};
static const unsigned th_param_flags[TH_P_COUNT] = {[TH_P_ESTAR] = LT_PARAM_MATERIALS,
                                                    [TH_P_PY] = LT_PARAM_MIN_OPEN,
                                                    [TH_P_GSTAR] = LT_PARAM_MATERIALS,
                                                    [TH_P_TANPHI] = LT_PARAM_MATERIALS};

static const char *const th_state[TH_S_COUNT] = {"Estar",         "Rstar",
                                                 "yieldPressure", "Gstar",
                                                 "tanPhi",        "kt",
                                                 "elastT",        "deltaMax",
                                                 "delta",         "Fn",
                                                 "Fty",           "Ftz",
                                                 "elastN",        "uN0",
                                                 "yielding",      LT_RR_STATE_NAMES,
                                                 "md_n",          LT_MD_STATE_NAMES_160};
_Static_assert(TH_S_MD_N - TH_S_RR == LT_RR_S_COUNT, "laws/thornton.h keeps the rolling block");
_Static_assert(LT_MD_MAX_CELLS == 160 && TH_S_COUNT <= LT_MAX_STATE, "th_state lists 160 md cells");
/* the md rule's history, LT_MD_MAX_CELLS cells of LT_MD_PER_CELL values */
static const lt_state_array th_state_arrays[1] = {
    {.name = "md",
     .first = TH_S_MD0,
     .length = LT_MD_PER_CELL * LT_MD_MAX_CELLS,
     .doc = "md rule: 160 cells' outer edges x, then their slip displacements uy, then uz, in m "
            "(C.md_x<k>, C.md_uy<k>, C.md_uz<k>); md_n in use"}};

static const lt_energy_def th_energies[TH_E_COUNT] = {
    {.name = "elast",
     .kind = LT_STORED,
     .doc = "what the current Hertz unloading curve returns, plus the tangential spring's energy"},
    {.name = "plast",
     .kind = LT_DISSIPATED,
     .doc = "plastic work of the normal contact (Thornton's linear branch), exact"},
    {.name = "fric", .kind = LT_DISSIPATED, .doc = "energy dissipated by Coulomb slip"},
    {.name = "kvar",
     .kind = LT_DISSIPATED,
     .doc = "tangential energy not returned because kt changed under load"},
    {.name = "quad",
     .kind = LT_DISSIPATED,
     .doc = "trapezoid-rule error of the work on the nonlinear normal curves, O(dt^2)"},
};

/* ---- the normal model in closed form (shared with the cases) ---------------------------- */

lt_th_model lt_th_model_of(double estar, double rstar, double py)
{
    lt_th_model m = {.estar = estar, .rstar = rstar, .py = py, .dy = INFINITY, .fy = INFINITY};
    if (isfinite(py) && py > 0) {
        double r = LT_PI * py / (2 * estar);
        m.dy = r * r * rstar;
        m.fy = 4.0 / 3.0 * estar * sqrt(rstar) * m.dy * sqrt(m.dy);
    }
    return m;
}

lt_th_unload lt_th_unloading(const lt_th_model *m, double dmax)
{
    lt_th_unload u = {.fmax = lt_th_virgin_force(m, dmax), .rp = m->rstar, .dp = 0};
    if (dmax > m->dy) {
        double a2 = (2 * u.fmax + m->fy) / (2 * LT_PI * m->py), a = sqrt(a2);
        u.rp = 4 * m->estar * a2 * a / (3 * u.fmax);
        u.dp = dmax - a2 / u.rp;
    }
    return u;
}

double lt_th_virgin_force(const lt_th_model *m, double delta)
{
    if (delta <= 0) return 0;
    if (delta <= m->dy) return 4.0 / 3.0 * m->estar * sqrt(m->rstar) * delta * sqrt(delta);
    return m->fy + LT_PI * m->py * m->rstar * (delta - m->dy);
}

double lt_th_virgin_work(const lt_th_model *m, double delta)
{
    if (delta <= 0) return 0;
    if (delta <= m->dy)
        return 0.4 * 4.0 / 3.0 * m->estar * sqrt(m->rstar) * delta * delta * sqrt(delta);
    double x = delta - m->dy;
    return 0.4 * m->fy * m->dy + m->fy * x + 0.5 * LT_PI * m->py * m->rstar * x * x;
}

double lt_th_unload_energy(const lt_th_model *m, const lt_th_unload *u, double delta)
{
    double x = delta - u->dp;
    return x > 0 ? 0.4 * 4.0 / 3.0 * m->estar * sqrt(u->rp) * x * x * sqrt(x) : 0;
}

double lt_th_contact_radius(const lt_th_unload *u, double delta)
{
    double x = delta - u->dp;
    return x > 0 ? sqrt(u->rp * x) : 0;
}

static double unload_force(const lt_th_model *m, const lt_th_unload *u, double delta)
{
    double x = delta - u->dp;
    return x > 0 ? 4.0 / 3.0 * m->estar * sqrt(u->rp) * x * sqrt(x) : 0;
}

double lt_th_yield_velocity(const lt_th_model *m, double mstar)
{
    return sqrt(0.8 * m->fy * m->dy / mstar);
}

double lt_th_restitution(double V)
{
    if (V >= 1) return 1;
    return sqrt(6 * sqrt(3.0) / 5) * sqrt(1 - V * V / 6) *
           pow(V / (V + 2 * sqrt(1.2 - 0.2 * V * V)), 0.25);
}

/* ---- the law ------------------------------------------------------------------------------ */

/* The range of yieldPressure is open at 0 (see the head of this file). */
static const char *th_check(const double *p)
{
    if (p[TH_P_PY] == 0)
        return "yieldPressure = 0 is refused: p_y -> 0 is the perfectly plastic limit, where the "
               "contact yields at first touch and carries no force (F_y = 0), which this law does "
               "not model; give p_y > 0, or leave it unset (never yields: Hertz)";
    return NULL;
}

static void th_init(const double *p, const lt_contact *c, double *s)
{
    s[TH_S_ESTAR] =
        isnan(p[TH_P_ESTAR]) ? lt_effective_modulus(c->mat[0], c->mat[1]) : p[TH_P_ESTAR];
    s[TH_S_RSTAR] =
        isnan(p[TH_P_RSTAR]) ? 1.0 / (1.0 / c->rcurv[0] + 1.0 / c->rcurv[1]) : p[TH_P_RSTAR];
    s[TH_S_PY] = isnan(p[TH_P_PY]) ? 0 : p[TH_P_PY]; /* 0: never yields (state stays finite) */
    s[TH_S_GSTAR] =
        isnan(p[TH_P_GSTAR]) ? lt_effective_shear_modulus(c->mat[0], c->mat[1]) : p[TH_P_GSTAR];
    s[TH_S_TANPHI] = lt_given_tanphi(p[TH_P_TANPHI], c);
    if (p[TH_P_TANGENTIAL] == LT_TANGENTIAL_MD)
        memset(s + TH_S_MD_N, 0, (size_t)(TH_S_COUNT - TH_S_MD_N) * sizeof *s);
}

/* The tangential rule md: the row of laws/kit/tangential.h over the current elastic curve u
 * (largest overlap so far; dmax0 the previous state's, m): the profile x^2/R_p at the elastic
 * overlap delta - delta_p (m; its force Fe, the same as F on the plastic branch up to round-off,
 * N); the previous state's curve gives the first row's extent. */
static inline lt_tangential th_md(const double *p, const lt_contact *c, double *s,
                                  const lt_th_model *m, const lt_th_unload *u, double dmax0,
                                  double delta, double F)
{
    double dt = c->dt;
    lt_th_unload up = lt_th_unloading(m, dmax0);
    double dprev = c->fresh ? dmax0 : s[TH_S_DELTA];
    const lt_md_in in = {.rstar = u->rp,
                         .delta = fmax(delta - u->dp, 0),
                         .rprev = up.rp,
                         .delta_prev = fmax(dprev - up.dp, 0),
                         .K = 4.0 / 3.0 * m->estar * sqrt(u->rp),
                         .gstar = s[TH_S_GSTAR],
                         .tanphi = s[TH_S_TANPHI],
                         .fn_abs = F,
                         .fe = -unload_force(m, u, delta),
                         .dy = c->v[1] * dt,
                         .dz = c->v[2] * dt,
                         .cap = (int)p[TH_P_MDCELLS],
                         .slips = 1,
                         .fresh = c->fresh};
    return lt_md_step(&in, s + TH_S_MD0, s + TH_S_MD_N);
}

/* The tangential rules rescale and incremental (laws/kit/tangential.h): one spring kt (N/m) from
 * the previous force (f0y, f0z) (N), rescaled by kt(n)/kt(n-1) when the overlap decreased
 * (rescale), returned onto the Coulomb circle tanPhi F (N). */
static inline lt_tangential th_spring(const double *p, const lt_contact *c, const double *s,
                                      double delta, double F, double kt, double f0y, double f0z)
{
    const lt_spring_in in = {
        .fy0 = f0y,
        .fz0 = f0z,
        .kt = kt,
        .kt0 = s[TH_S_KT],
        .rescale =
            p[TH_P_TANGENTIAL] == LT_TANGENTIAL_RESCALE && !c->fresh && delta < s[TH_S_DELTA],
        .vy = c->v[1],
        .vz = c->v[2],
        .dt = c->dt,
        .lim = s[TH_S_TANPHI] * F,
        .slips = 1,
        .formula = LT_SLIP_TRAPEZOID,
    };
    double no_dashpot[2] = {0, 0};
    return lt_tangential_spring(&in, no_dashpot);
}

static int th_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (c->uN > 0) return 0;
    lt_th_model m = lt_th_model_of(s[TH_S_ESTAR], s[TH_S_RSTAR], s[TH_S_PY]);
    double delta = -c->uN, dt = c->dt;
    /* normal displacement of the step */
    double dun = c->fresh ? c->v[0] * dt : c->uN - s[TH_S_UN0];
    double dmax0 = s[TH_S_DMAX], fn0 = s[TH_S_FN], eln0 = s[TH_S_ELN];
    if (c->fresh) {
        /* created in overlap (the previous state overlaps: e.g. a test's initial state): the
         * step starts from the virgin curve there, so nothing is booked for work not done */
        double d0 = fmax(0, -(c->uN - dun));
        lt_th_unload u0 = lt_th_unloading(&m, d0);
        dmax0 = d0;
        fn0 = -lt_th_virgin_force(&m, d0);
        eln0 = lt_th_unload_energy(&m, &u0, d0);
    }
    double dmax = fmax(dmax0, delta), plast = 0;
    lt_th_unload u = lt_th_unloading(&m, dmax);
    double eln = lt_th_unload_energy(&m, &u, delta);
    int flowed = delta > dmax0 && delta > m.dy;
    if (flowed) {
        lt_th_unload u0 = lt_th_unloading(&m, dmax0);
        plast = lt_th_unload_energy(&m, &u0, dmax0) + lt_th_virgin_work(&m, delta) -
                lt_th_virgin_work(&m, dmax0) - eln;
    }
    double F = delta >= dmax ? lt_th_virgin_force(&m, delta) : unload_force(&m, &u, delta), fn = -F;
    double kn = flowed         ? LT_PI * m.py * m.rstar
                : delta > u.dp ? 2 * m.estar * sqrt(u.rp * (delta - u.dp))
                               : 0;
    double quad = 0.5 * (fn0 + fn) * dun - (eln - eln0) - plast;
    /* tangential: Mindlin's kt = 8 G* a on the current curve; md, or one spring rescaled on
     * unloading (or not), Coulomb */
    double kt = 8 * s[TH_S_GSTAR] * lt_th_contact_radius(&u, delta);
    double f0y = c->fresh ? 0 : s[TH_S_FTY], f0z = c->fresh ? 0 : s[TH_S_FTZ],
           elt0 = c->fresh ? 0 : s[TH_S_ELT];
    lt_tangential t = p[TH_P_TANGENTIAL] == LT_TANGENTIAL_MD
                          ? th_md(p, c, s, &m, &u, dmax0, delta, F)
                          : th_spring(p, c, s, delta, F, kt, f0y, f0z);
    double fty = t.fy, ftz = t.fz, elt = t.elast, fric = t.plast;
    int slid = t.slip;
    double kvar = 0.5 * ((f0y + fty) * c->v[1] + (f0z + ftz) * c->v[2]) * dt - (elt - elt0) - fric;
    /* rolling and twisting: kn = 2 E* a, kt = 8 G* a of the current curve; no damping */
    lt_rr_out rr = {0};
    if (p[TH_P_ROLLING] != LT_RR_NONE) {
        lt_rr_hertz z = {.rule = (int)p[TH_P_ROLLING],
                         .muR = lt_rr_given_mu(p[TH_P_MUR]),
                         .etaR = 0,
                         .kr = p[TH_P_KR],
                         .muTw = lt_rr_given_mu(p[TH_P_MUTW]),
                         .ktw = p[TH_P_KTW],
                         .rstar = m.rstar,
                         .kn = 2 * m.estar * lt_th_contact_radius(&u, delta),
                         .kt = kt,
                         .fn = fn,
                         .fn0 = c->fresh ? fn : s[TH_S_FN],
                         .unloading = delta < s[TH_S_DELTA] &&
                                      p[TH_P_TANGENTIAL] != LT_TANGENTIAL_INCREMENTAL};
        rr = lt_rr_hertz_step(&z, c, s + TH_S_RR);
    }
    s[TH_S_KT] = kt;
    s[TH_S_ELT] = elt;
    s[TH_S_DMAX] = dmax;
    s[TH_S_DELTA] = delta;
    s[TH_S_FN] = fn;
    s[TH_S_FTY] = fty;
    s[TH_S_FTZ] = ftz;
    s[TH_S_ELN] = eln;
    s[TH_S_UN0] = c->uN;
    s[TH_S_YIELD] = flowed || slid || rr.rolled || rr.twisted;
    lt_respond_force(out, fn, fty, ftz, kn, kt);
    out->energy[TH_E_ELAST] = eln + elt;
    out->energy[TH_E_PLAST] = plast;
    out->energy[TH_E_FRIC] = fric;
    out->energy[TH_E_KVAR] = kvar;
    out->energy[TH_E_QUAD] = quad;
    if (p[TH_P_ROLLING] != LT_RR_NONE)
        lt_rr_respond(out, &rr, TH_E_ELAST, TH_E_FRIC, -1, TH_E_KVAR);
    return 1;
}

static double th_fn_max(const double *p, const double *s)
{
    (void)p, (void)s;
    return lt_cone_fn_max(0);
}

/* The Coulomb cone on |Fn| (laws/kit/coulomb.h). */
static double th_ft_max(const double *p, const double *s, double fn)
{
    return lt_cone_ft_max(s[TH_S_TANPHI], fabs(fn), fn, th_fn_max(p, s), 0);
}

static int th_yielding(const double *p, const double *s)
{
    (void)p;
    return s[TH_S_YIELD] != 0;
}

/* The cone |Ft|/(tanPhi |Fn|) - 1 (the harness's own reading of ft_max and fn_max,
 * src/output/surface.c) and, with the option `rolling`, the rolling and twisting caps (without it
 * the torques are free). */
static double th_excess(const double *p, const double *s, const double f[LT_DOF])
{
    double fn_max = th_fn_max(p, s);
    if (f[0] > fn_max) return INFINITY;
    double e = lt_cone_excess(f, fn_max, th_ft_max(p, s, f[0]));
    if (p[TH_P_ROLLING] == LT_RR_NONE) return e;
    return lt_rr_excess(e, lt_rr_given_mu(p[TH_P_MUR]), lt_rr_given_mu(p[TH_P_MUTW]), s[TH_S_RSTAR],
                        f);
}

static const lt_yield th_yield = {
    .ft_max = th_ft_max,
    .fn_max = th_fn_max,
    .yielding = th_yielding,
    .excess = th_excess,
    .dofs = 0x3f,
    .formula = "Coulomb: |Ft| = tanPhi |Fn|, Fn <= 0 (yielding also flags normal plastic flow); "
               "rolling on: |Mr| = muR R* |Fn|, |Mt| = muTw R* |Fn|",
};

const lt_law lt_law_thornton = {
    .api_version = LT_LAW_API_VERSION,
    .name = "thornton",
    .summary = "Thornton's elastic-perfectly-plastic spheres: Hertz to a limiting pressure, linear "
               "plastic branch, Hertz unloading of enlarged radius; Mindlin-Deresiewicz tangential "
               "(MDR), Coulomb",
    .params = th_params,
    .n_params = TH_P_COUNT,
    .state_names = th_state,
    .n_state = TH_S_COUNT,
    .energies = th_energies,
    .n_energies = TH_E_COUNT,
    .init = th_init,
    .step = th_step,
    .check = th_check,
    .cases = lt_thornton_cases,
    .n_cases = TH_N_CASES,
    .yield = &th_yield,
    .friction = "tanPhi",
    .param_flags = th_param_flags,
    .state_arrays = th_state_arrays,
    .n_state_arrays = 1,
};
