/* laws/kit/damping.h - the restitution of a damped impact whose force is clipped at zero
 * (no attraction), and its inverse: the damping ratio that gives a restitution asked for.
 * Shared by laws/spring_dashpot.c and laws/hertz_mindlin.c (`clipEn`), their cases and tests.
 *
 * The linear oscillator X'' + 2 zeta X' + X = 0, X(0) = 0, X'(0) = 1 (the linear
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
 * needs zeta < 1; the clipped e is higher at the same zeta.)  Dimensionless throughout.
 */
#ifndef LT_CLIPPED_RESTITUTION_H
#define LT_CLIPPED_RESTITUTION_H
#include <math.h>

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
