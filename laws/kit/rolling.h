/* laws/kit/rolling.h - the elastic-plastic rolling and twisting resistance that laws share
 * (static inline: nothing to link): `linear_rolling` (laws/linear_rolling.c) with constant
 * stiffnesses, and the option `rolling` of the Hertz laws `hertz_mindlin` and `thornton`, whose
 * stiffnesses follow the contact radius.  Units SI; frame and signs of include/lawtester/law.h:
 * v[3] is the twist rate,
 * v[4], v[5] the bending (rolling) rates of B relative to A about local x, y, z (rad/s); the
 * torques returned act on A, a spring resisting a rotation theta of B giving +k theta on A.
 *
 * Theory (the law files' theory blocks give their own stiffnesses and energies):
 *   rolling radius R* = 1/(1/r1 + 1/r2) of the curvature radii (a flat face adds 0) (m).
 *   rolling (DoFs 4, 5, a 2-vector Mr, N m), Ai, Chen, Rotter & Ooi (2011) model C:
 *     trial Mr_tr = s_r Mr + k_r (v4, v5) dt; Mr' = Mr_tr if |Mr_tr| <= M_max = mu_r R* |Fn|,
 *     else M_max Mr_tr/|Mr_tr| (radial return, "full mobilisation"); s_r = 1 for a constant k_r.
 *     Viscous damping Md = C_r w* while elastic, 0 on a step returned to the cap,
 *     C_r = eta_r 2 sqrt(I_r k_r), I_r = [sum 1/(I_i + m_i r_i^2)]^-1 = [sum 1/((7/5) m_i
 *     r_i^2)]^-1 for spheres (a flat face adds 0), w* = (3 w(n-1/2) - w(n-3/2))/2 (second order).
 *   twisting (DoF 3, scalar Mt, N m): trial s_tw Mt + k_tw v3 dt, clamped to |Mt| <= mu_tw R* |Fn|.
 *   A stiffness that changes with the overlap (Hertz: k from the contact radius a): the moments
 *     are kept incrementally, M += k(n) dtheta (as LIGGGHTS' rolling_friction epsd/epsd2 keep
 *     their r_torque), and on a step whose overlap decreased they are first scaled by
 *     s = k(n)/k(n-1) (as the tangential force of the Hertz laws' `rescale` rule, Thornton,
 *     Cummins & Cleary: the spring shrinks with the contact and gives back no energy it did
 *     not store); on loading s = 1.
 * Energies (J) of a step, consistent with the driver's trapezoid work:
 *   elast = |Mr|^2/(2 k_r) + Mt^2/(2 k_tw)                                       (stored)
 *   plast = the `dissipation` formula of laws/kit/slip_work.h on each spring (trapezoid:
 *           (s M + M').(M_tr - M')/(2 k), the time-discrete contact's own)
 *   visc  = (Md(n-1) + Md(n))/2 . (v4, v5) dt
 *   kvar  = (M(n-1) + M')/2 . v dt - d(elast) - plast: what the springs do not give back because
 *           their stiffness changed under load, |M(n-1)|^2/(2 k(n-1)) - |s M(n-1)|^2/(2 k(n))
 *           >= 0 plus the trapezoid term (1 - s) M(n-1)/2 . v dt of second order; exactly 0
 *           (to round-off) for constant stiffnesses, whose laws do not book it.
 *   so the spring work (M(n-1) + M')/2 . v dt + the damping work = d(elast) + plast + visc + kvar.
 * References: [Ai et al. 2011]; [Iwashita & Oda 1998]; [LIGGGHTS rolling_friction]; [LAMMPS
 *   pair granular] (docs/references.md).
 */
#ifndef LT_ROLLING_RESISTANCE_H
#define LT_ROLLING_RESISTANCE_H
#include "coulomb.h"
#include "params.h"
#include "slip_work.h"
#include <lawtester/law.h>
#include <math.h>

/* The option `rolling` of a Hertz law (LT_RR_* of laws/kit/params.h): none, k_r = 2.25 kn mu_r^2
 * R*^2 (Ai et al.'s EPSD, LIGGGHTS' epsd), or k_r = kt R*^2 (LIGGGHTS' epsd2, after Iwashita &
 * Oda). */

/* The history of the two springs and the damper (local components, N m and rad/s). */
typedef struct lt_rr_history {
    double mr[2]; /* N m, rolling spring moment about y, z */
    double mt;    /* N m, twisting spring moment */
    double md[2]; /* N m, rolling damping moment of the last step */
    double w[2];  /* rad/s, rolling rates v4, v5 of the last step */
} lt_rr_history;

/* What a step needs. */
typedef struct lt_rr_in {
    double kr, ktw;   /* N m/rad, rolling and twisting stiffness of this step */
    double kr0, ktw0; /* N m/rad, of the previous step (for the scaling and the stored energy) */
    int rescale;      /* 1: scale the moments by kr/kr0, ktw/ktw0 first (the overlap decreased) */
    double cr;        /* N m s/rad, rolling damping coefficient (0: none) */
    double lim_r, lim_r0, lim_tw, lim_tw0; /* N m, the caps now and at the previous state */
    int formula; /* the plastic work formula, LT_SLIP_* of laws/kit/slip_work.h */
} lt_rr_in;

/* What a step gives. */
typedef struct lt_rr_out {
    double twist, bend[2];           /* N m, torque on A: DoF 3, DoFs 4 and 5 (spring + damping) */
    double elast, plast, visc, kvar; /* J: stored now; dissipated this step */
    int rolled, twisted;             /* 1: returned to the rolling / twisting cap this step */
} lt_rr_out;

/* R* = 1/(1/r1 + 1/r2) from the curvature radii (a flat face adds 0), m; from the branch
 * lengths when the contact gives no curvature. */
static inline double lt_rr_radius(const lt_contact *c)
{
    const double *r = c->rcurv[0] > 0 && c->rcurv[1] > 0 ? c->rcurv : c->lens;
    return 1.0 / (1.0 / r[0] + 1.0 / r[1]);
}

/* I_r = [sum 1/(I_i + m_i r_i^2)]^-1 for spheres of the materials' densities, kg m^2 (0 when a
 * density or curvature is missing: no damping then). */
static inline double lt_rr_inertia(const lt_contact *c)
{
    double inv = 0;
    for (int i = 0; i < 2; i++) {
        double r = c->rcurv[i];
        if (isinf(r)) continue; /* a flat face: infinitely heavy */
        if (!(r > 0) || !c->mat[i] || !(c->mat[i]->density > 0)) return 0;
        double m = c->mat[i]->density * 4.0 / 3.0 * LT_PI * r * r * r;
        inv += 1.0 / (1.4 * m * r * r);
    }
    return inv > 0 ? 1.0 / inv : 0;
}

/* Elastic-perfectly-plastic spring on a 2-vector moment m (N m, updated) of stiffness k with the
 * increment (dy, dz) (rad) and the limit lim (previous state's: lim0), dissipation formula f.
 * Returns the plastic work of the step (J); *yielded = 1 if returned to the limit. */
static inline double lt_rr_epp_moment(double k, double lim, double lim0, int f, double m[2],
                                      double dy, double dz, int *yielded)
{
    double ty = m[0] + k * dy, tz = m[1] + k * dz, q;
    *yielded = lt_coulomb_return(ty, tz, lim, &q);
    if (!*yielded) {
        m[0] = ty, m[1] = tz;
        return 0;
    }
    double y0 = m[0], z0 = m[1];
    m[0] = ty * q, m[1] = tz * q;
    return k > 0 ? lt_slip_work(f, k, lim0, y0, z0, ty, tz, m[0], m[1]) : 0;
}

/* |M|^2/(2k) of the two springs (J); a zero stiffness stores nothing. */
static inline double lt_rr_energy(double kr, double ktw, double mry, double mrz, double mt)
{
    return (kr > 0 ? 0.5 * (mry * mry + mrz * mrz) / kr : 0) + (ktw > 0 ? 0.5 * mt * mt / ktw : 0);
}

/* One step of both springs and the damper on the contact's rotation rates; updates h. */
static inline lt_rr_out lt_rr_step(const lt_rr_in *in, const lt_contact *c, lt_rr_history *h)
{
    double dt = c->dt, kr = in->kr, ktw = in->ktw;
    lt_rr_out o = {0};
    double e0 = lt_rr_energy(in->kr0, in->ktw0, h->mr[0], h->mr[1], h->mt);
    double m0y = h->mr[0], m0z = h->mr[1], t0 = h->mt;
    double mr[2] = {h->mr[0], h->mr[1]}, mt[2] = {h->mt, 0};
    if (in->rescale) {
        if (in->kr0 > 0) mr[0] *= kr / in->kr0, mr[1] *= kr / in->kr0;
        if (in->ktw0 > 0) mt[0] *= ktw / in->ktw0;
    }
    /* rolling */
    o.plast = lt_rr_epp_moment(kr, in->lim_r, in->lim_r0, in->formula, mr, c->v[4] * dt,
                               c->v[5] * dt, &o.rolled);
    /* viscous rolling damping at the extrapolated rate, off while rolling plastically */
    double wy0 = c->fresh ? c->v[4] : h->w[0], wz0 = c->fresh ? c->v[5] : h->w[1];
    double mdy = 0, mdz = 0;
    if (!o.rolled && in->cr > 0) {
        mdy = in->cr * (1.5 * c->v[4] - 0.5 * wy0);
        mdz = in->cr * (1.5 * c->v[5] - 0.5 * wz0);
    }
    o.visc = 0.5 * ((h->md[0] + mdy) * c->v[4] + (h->md[1] + mdz) * c->v[5]) * dt;
    /* twisting */
    o.plast += lt_rr_epp_moment(ktw, in->lim_tw, in->lim_tw0, in->formula, mt, c->v[3] * dt, 0,
                                &o.twisted);
    h->mr[0] = mr[0], h->mr[1] = mr[1], h->mt = mt[0];
    h->md[0] = mdy, h->md[1] = mdz, h->w[0] = c->v[4], h->w[1] = c->v[5];
    o.twist = mt[0];
    o.bend[0] = mr[0] + mdy;
    o.bend[1] = mr[1] + mdz;
    o.elast = lt_rr_energy(kr, ktw, mr[0], mr[1], mt[0]);
    double work =
        0.5 * ((m0y + mr[0]) * c->v[4] + (m0z + mr[1]) * c->v[5] + (t0 + mt[0]) * c->v[3]) * dt;
    o.kvar = work - (o.elast - e0) - o.plast;
    return o;
}

/* The rolling and twisting caps in a yield function (lt_yield.excess): the larger of the
 * excess e of the other limits and the utilisations |Mr|/(mu_r R* |Fn|) - 1, |Mt|/(mu_tw R*
 * |Fn|) - 1 (laws/kit/coulomb.h), over the six generalized forces f (N, N m). */
static inline double lt_rr_excess(double e, double muR, double muTw, double rstar,
                                  const double f[LT_DOF])
{
    double an = fabs(f[0]);
    e = fmax(e, lt_utilisation(hypot(f[4], f[5]), muR * rstar * an));
    return fmax(e, lt_utilisation(fabs(f[3]), muTw * rstar * an));
}

/* ---- the option `rolling` of the Hertz laws ---------------------------------------------
 * Their state keeps, from a first index b, LT_RR_S_COUNT values: the stiffnesses of the last
 * step and the history above (names LT_RR_STATE_NAMES), all 0 when the contact forms; a
 * step returned to a cap is told in lt_rr_out (the law folds it into its own yield flag). */
enum {
    LT_RR_S_KR,
    LT_RR_S_KTW,
    LT_RR_S_MRY,
    LT_RR_S_MRZ,
    LT_RR_S_MTW,
    LT_RR_S_MDY,
    LT_RR_S_MDZ,
    LT_RR_S_WY,
    LT_RR_S_WZ,
    LT_RR_S_COUNT
};
#define LT_RR_STATE_NAMES "kr", "ktw", "Mry", "Mrz", "Mtw", "Mdy", "Mdz", "wy", "wz"
/* The Hertz laws' muR, muTw (-) and etaR (-) are optional (NaN, `unset`: nothing about rolling
 * shows in a title or .meta of a law that does not use it); unset they are linear_rolling's
 * defaults, 0.1, 0.1 and 0. */
#define LT_RR_MU_DEFAULT 0.1
static inline double lt_rr_given_mu(double mu) { return mu == mu ? mu : LT_RR_MU_DEFAULT; }
static inline double lt_rr_given_eta(double eta) { return eta == eta ? eta : 0; }

/* A Hertz law's step of the option: rule LT_RR_EPSD or LT_RR_EPSD2; muR, etaR, kr, muTw, ktw as
 * the parameters of `linear_rolling` (resolved: lt_rr_given_*; kr, ktw NaN: from the rule); R* (m);
 * kn, kt (N/m) this step's elastic normal and tangential stiffness of the contact (2 E* a, 8 G* a);
 * fn, fn0 (N) the normal force now and at the previous state; unloading: the overlap decreased (not
 * on a contact's first step).  Updates the state block b. */
typedef struct lt_rr_hertz {
    int rule;
    double muR, etaR, kr, muTw, ktw, rstar, kn, kt, fn, fn0;
    int unloading;
} lt_rr_hertz;

/* k_r (N m/rad) of a rule: 2.25 kn muR^2 R*^2 (epsd) or kt R*^2 (epsd2), unless given. */
static inline double lt_rr_hertz_kr(int rule, double kr, double muR, double rstar, double kn,
                                    double kt)
{
    if (kr == kr) return kr;
    return rule == LT_RR_EPSD2 ? kt * rstar * rstar : 2.25 * kn * muR * muR * rstar * rstar;
}

/* k_tw (N m/rad): 4.5 kt muTw^2 R*^2 (as linear_rolling), unless given. */
static inline double lt_rr_hertz_ktw(double ktw, double muTw, double rstar, double kt)
{
    return ktw == ktw ? ktw : 4.5 * kt * muTw * muTw * rstar * rstar;
}

static inline lt_rr_out lt_rr_hertz_step(const lt_rr_hertz *z, const lt_contact *c, double *b)
{
    lt_rr_in in = {
        .kr = lt_rr_hertz_kr(z->rule, z->kr, z->muR, z->rstar, z->kn, z->kt),
        .ktw = lt_rr_hertz_ktw(z->ktw, z->muTw, z->rstar, z->kt),
        .kr0 = b[LT_RR_S_KR],
        .ktw0 = b[LT_RR_S_KTW],
        .rescale = z->unloading && !c->fresh,
        .lim_r = z->muR * z->rstar * fabs(z->fn),
        .lim_r0 = z->muR * z->rstar * fabs(z->fn0),
        .lim_tw = z->muTw * z->rstar * fabs(z->fn),
        .lim_tw0 = z->muTw * z->rstar * fabs(z->fn0),
        .formula = LT_SLIP_TRAPEZOID,
    };
    in.cr = z->etaR > 0 ? z->etaR * 2 * sqrt(lt_rr_inertia(c) * in.kr) : 0;
    lt_rr_history h = {.mr = {b[LT_RR_S_MRY], b[LT_RR_S_MRZ]},
                       .mt = b[LT_RR_S_MTW],
                       .md = {b[LT_RR_S_MDY], b[LT_RR_S_MDZ]},
                       .w = {b[LT_RR_S_WY], b[LT_RR_S_WZ]}};
    lt_rr_out o = lt_rr_step(&in, c, &h);
    b[LT_RR_S_KR] = in.kr, b[LT_RR_S_KTW] = in.ktw;
    b[LT_RR_S_MRY] = h.mr[0], b[LT_RR_S_MRZ] = h.mr[1], b[LT_RR_S_MTW] = h.mt;
    b[LT_RR_S_MDY] = h.md[0], b[LT_RR_S_MDZ] = h.md[1], b[LT_RR_S_WY] = h.w[0],
    b[LT_RR_S_WZ] = h.w[1];
    return o;
}

/* Adds a step's torques and energies to a response whose forces and energies are set: the
 * torques on DoFs 3..5, elast to energy[e_elast], plast, visc (e_visc < 0: the law has no damping
 * energy; then cr was 0) and kvar to the dissipated energies of those indices. */
static inline void lt_rr_respond(lt_response *out, const lt_rr_out *r, int e_elast, int e_plast,
                                 int e_visc, int e_kvar)
{
    out->f[3] = r->twist;
    out->f[4] = r->bend[0];
    out->f[5] = r->bend[1];
    out->energy[e_elast] += r->elast;
    out->energy[e_plast] += r->plast;
    if (e_visc >= 0) out->energy[e_visc] += r->visc;
    out->energy[e_kvar] += r->kvar;
}

#endif
