/* laws/kit/damping.h - the damping sub-model the laws compose: the dashpot's velocity, the damping
 * ratio (linear spring-dashpot) or Tsuji's coefficient (Hertz) that gives a restitution asked for,
 * the Tsuji tangential dashpot, and the restitution of an impact whose force is clipped at zero
 * (no attraction) with its inverse (`clipEn`).  Composed by spring_dashpot and hertz_mindlin,
 * read by their cases and tests.  Static inline.
 *
 * Theory (SI: velocities m/s, coefficients N s/m or N s/m^{5/4}; ratios dimensionless):
 *   dashpot velocity v* at the state n (`dashpotVel`): leapfrog gives half-step velocities, so
 *     extrapolated  v* = (3 v_{n-1/2} - v_{n-3/2})/2   (second order; the default)
 *     halfstep      v* = v_{n-1/2}                     (first order)
 *     and v_{n-1/2} itself on a contact's first step (no earlier one).
 *   linear spring-dashpot, F = k x + g v, g = 2 zeta sqrt(m* k): the contact ends at zero overlap
 *     with e = exp(-pi zeta/sqrt(1 - zeta^2)), so zeta = -ln e/sqrt(pi^2 + ln^2 e).
 *   Hertz with Tsuji's dashpot, Fd = alpha sqrt(m* K) delta^{1/4} v* (Tsuji et al. 1992): the
 *     impact maps onto the linear oscillator with zeta = alpha/sqrt5 (laws/hertz_mindlin.c), so
 *     alpha = sqrt5 (-ln e)/sqrt(pi^2 + ln^2 e), whatever the impact speed; the tangential
 *     dashpot of the same damping ratio on the stick stiffness kt = 8 G* sqrt(R* delta) is
 *     eta_t = sqrt(2/3) alpha sqrt(m* 8 G* sqrt(R*)) delta^{1/4} = ct delta^{1/4}.
 *   clipped force: the linear oscillator X'' + 2 zeta X' + X = 0, X(0) = 0, X'(0) = 1 (the linear
 * spring-dashpot in t w0; the Hertz-Tsuji impact in its mapped time, laws/hertz_mindlin.c's
 * theory block, with zeta = alpha/sqrt5): the clipped force X + 2 zeta X' vanishes at s_f and the
 * restitution is e = -X'(s_f) = exp(-zeta s_f) [Schwager & Poeschel 2007]:
 *     zeta < 1:  s_f = (2/w) atan(w/zeta),   w = sqrt(1 - zeta^2)
 *     zeta = 1:  s_f = 2
 *     zeta > 1:  s_f = (2/w) atanh(w/zeta),  w = sqrt(zeta^2 - 1)  (the same by continuation:
 *                tanh(w s_f) = 2 zeta w/(2 zeta^2 - 1) there, and X'(s_f) = -exp(-zeta s_f))
 * g(zeta) = zeta s_f = -ln e rises monotonically from 0 (zeta = 0) through 2 (zeta = 1, e = e^-2)
 * to infinity (~ ln(4 zeta^2)), so every e in (0, 1] has one zeta; below e^-2 = 0.135 it is
 * overdamped.  (The contact that ends at zero overlap instead has e = exp(-pi zeta/w), which
 * needs zeta < 1; the clipped e is higher at the same zeta.)
 * References: Y. Tsuji, T. Tanaka, T. Ishida (1992); [Schwager & Poeschel 2007];
 * docs/references.md.
 */
#ifndef LT_KIT_DAMPING_H
#define LT_KIT_DAMPING_H
#include "params.h"
#include <lawtester/law.h>
#include <math.h>

/* The velocity (m/s, or rad/s) a dashpot sees at the state: mode LT_DASHPOT_EXTRAPOLATED or
 * LT_DASHPOT_HALFSTEP, v_half this step's half-step velocity, v_prev the last step's; fresh: the
 * contact's first step. */
static inline double lt_dashpot_velocity(int mode, int fresh, double v_half, double v_prev)
{
    if (mode == LT_DASHPOT_HALFSTEP || fresh) return v_half;
    return 1.5 * v_half - 0.5 * v_prev;
}

/* The damping ratio of the linear oscillator that ends at zero overlap with restitution e. */
static inline double lt_restitution_zeta(double e)
{
    double l = log(e);
    return -l / sqrt(LT_PI * LT_PI + l * l);
}

/* Tsuji's alpha for restitution e (the contact ending at zero overlap), exact. */
static inline double lt_tsuji_alpha(double e)
{
    double l = log(e);
    return sqrt(5.0) * -l / sqrt(LT_PI * LT_PI + l * l);
}

/* The tangential Tsuji dashpot's ct (eta_t = ct delta^{1/4}, N s/m^{5/4}) of the normal
 * dashpot's alpha: m* (kg), G* (Pa), R* (m). */
static inline double lt_tsuji_tangential(double alpha, double mstar, double gstar, double rstar)
{
    return sqrt(2.0 / 3.0) * alpha * sqrt(mstar * 8 * gstar * sqrt(rstar));
}

/* -ln e of the clipped oscillator at damping ratio zeta >= 0 (the g above). */
static inline double lt_clipped_log_decrement(double zeta)
{
    if (zeta <= 0) return 0;
    if (zeta < 1) {
        double w = sqrt((1 - zeta) * (1 + zeta));
        return 2 * zeta * atan2(w, zeta) / w;
    }
    if (zeta == 1) return 2;
    double w = sqrt((zeta - 1) * (zeta + 1));
    /* atanh(w/zeta) = (1/2) ln((zeta + w)/(zeta - w)) = ln(zeta + w) (zeta^2 - w^2 = 1), stable */
    return 2 * zeta * log(zeta + w) / w;
}

/* The restitution of the clipped oscillator, exp(-g(zeta)). */
static inline double lt_clipped_restitution(double zeta)
{
    return exp(-lt_clipped_log_decrement(zeta));
}

/* The damping ratio zeta whose clipped restitution is e (0 < e <= 1; 0 for e = 1): bisection of
 * the monotone g(zeta) = -ln e to round-off (the bracket is doubled until it holds the root, then
 * halved until its ends are adjacent doubles). */
static inline double lt_clipped_zeta(double e)
{
    double target = -log(e);
    if (!(target > 0)) return 0;
    double lo = 0, hi = 1;
    while (lt_clipped_log_decrement(hi) < target && hi < 1e300) lo = hi, hi *= 2;
    for (int i = 0; i < 2000; i++) {
        double mid = lo + 0.5 * (hi - lo);
        if (mid <= lo || mid >= hi) break;
        if (lt_clipped_log_decrement(mid) < target)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

#endif
