/* laws/kit/coulomb.h - Coulomb friction, written once for every law and sub-model: the radial
 * return of a trial force (or moment) onto its limit, the normal force the limit takes, and the
 * Coulomb cone as a yield surface (lt_yield of include/lawtester/law.h) of the laws whose
 * tangential force is limited by friction alone (linear, linear_rolling, spring_dashpot,
 * walton_braun, hertz_mindlin, thornton), with the utilisation every yield function reads.
 * Static inline: nothing to link, and the same operations in the same order as each law had in its
 * own copy (the same doubles).
 *
 * Theory (Coulomb's law of friction; Cundall & Strack 1979, docs/references.md): with the signs of
 * include/lawtester/law.h, Fn (N) < 0 in compression and Ft = (Fty, Ftz) (N) the tangential force,
 * the contact is elastic while
 *     |Ft| < tan(phi) Fc   and   Fn < Fn_max,
 * tan(phi) the friction coefficient (dimensionless), Fc >= 0 (N) the normal force the limit takes
 * (|Fn|, or max(-Fn, 0) when only compression carries friction: the choice coulombOn), Fn_max (N)
 * the tension tip: 0 for a cohesionless contact that opens, INFINITY for one that holds tension
 * (linear's noBreak, an unclipped dashpot that can pull).  A trial Ft_tr beyond the limit is
 * returned radially (along its own direction, "full mobilisation"): Ft = q Ft_tr, q = tan(phi) Fc /
 * |Ft_tr|; a law that returns a spring and a dashpot together scales both by the same q.  The yield
 * function over the six generalized forces f is the utilisation |Ft|/(tan(phi) Fc) - 1, INFINITY
 * beyond the tip; the torques are free (a law with rolling or twisting caps adds them,
 * laws/kit/rolling.h).
 */
#ifndef LT_KIT_COULOMB_H
#define LT_KIT_COULOMB_H
#include "params.h"
#include <float.h>
#include <lawtester/law.h>
#include <math.h>

/* load/capacity - 1 for a load >= 0 and its capacity at the same state (INFINITY: unlimited):
 * -1 without load, 0 on the surface, the fraction by which the load exceeds the capacity
 * outside.  A zero capacity is on the surface without load and outside (+INFINITY) with any; a
 * negative one (no elastic state there) is outside.  Along a ray from an inside point of a
 * convex domain (load convex, capacity concave in the forces) it changes sign once, from - to +,
 * which is what the harness's bisection needs.  Dimensionless; load and capacity in one unit. */
static inline double lt_utilisation(double load, double capacity)
{
    if (capacity > 0) return load / capacity - 1;
    return capacity == 0 && load == 0 ? 0 : INFINITY;
}

/* hypot(a, b) > lim, decided from the squares where they settle it: a, b, lim rounded, a^2 + b^2
 * and lim^2 are within 2 and 1 ulp of the exact squares and hypot within 1 ulp of the exact
 * length, so a margin of 16 eps on the squares gives hypot's answer; near the circle, out of the
 * normal range (overflow, underflow), for lim <= 0 or with a NaN, hypot decides.  The same answer
 * as hypot's always, without its call on a step's chain when the trial is clearly inside. */
static inline int lt_coulomb_beyond(double a, double b, double lim)
{
    if (a == 0 && b == 0) return 0 > lim; /* hypot(0, 0) = 0: no tangential force */
    double s2 = a * a + b * b, q = lim * lim;
    if (lim > 0 && s2 >= DBL_MIN && s2 <= DBL_MAX && q >= DBL_MIN && q <= DBL_MAX) {
        if (s2 > q * (1 + 16 * DBL_EPSILON)) return 1;
        if (s2 < q * (1 - 16 * DBL_EPSILON)) return 0;
    }
    return hypot(a, b) > lim;
}

/* The factor q that brings a trial of magnitude norm > lim (the same unit) back onto the limit:
 * lim/norm, 0 for a limit <= 0 (nothing is transmitted) or a zero trial. */
static inline double lt_coulomb_factor(double norm, double lim)
{
    return norm > 0 && lim > 0 ? lim / norm : 0;
}

/* The Coulomb return of a trial 2-vector (ty, tz) (a tangential force, N, or a moment, N m) on
 * the limit lim of its magnitude: returns 1 when it lies beyond (|t| > lim) and sets *q, the
 * factor that returns it (t' = q t, lt_coulomb_factor); else 0 and *q = 1 (elastic; a NaN limit
 * limits nothing). */
static inline int lt_coulomb_return(double ty, double tz, double lim, double *q)
{
    if (!lt_coulomb_beyond(ty, tz, lim)) {
        *q = 1;
        return 0;
    }
    *q = lt_coulomb_factor(hypot(ty, tz), lim);
    return 1;
}

/* The normal force Fc >= 0 (N) the Coulomb limit takes from the normal force fn on A (N, < 0 in
 * compression) by the choice coulombOn (LT_COULOMB_*): |fn| (total, a pulling dashpot too), or
 * max(-fn, 0) (compressive: none while the contact pulls). */
static inline double lt_coulomb_normal(int on, double fn)
{
    return on == LT_COULOMB_COMPRESSIVE ? fmax(-fn, 0) : fabs(fn);
}

/* The tension tip Fn_max (N): INFINITY when the contact holds tension, else 0. */
static inline double lt_cone_fn_max(int holds_tension) { return holds_tension ? INFINITY : 0; }

/* ft_max at the normal force fn (N): -1 beyond the tip fn_max (no elastic state there), INFINITY
 * without a Coulomb limit (noslip), else tanphi fc (N), fc >= 0 the normal force the limit takes.
 * */
static inline double lt_cone_ft_max(double tanphi, double fc, double fn, double fn_max, int noslip)
{
    if (fn > fn_max) return -1;
    if (noslip) return INFINITY;
    return tanphi * fc;
}

/* The yield function over the six forces f (N, N m): INFINITY beyond the tip fn_max, else the
 * utilisation |Ft|/ft_max - 1 of ft_max (N; the law's ft_max at f[0]); dimensionless. */
static inline double lt_cone_excess(const double f[LT_DOF], double fn_max, double ft_max)
{
    if (f[0] > fn_max) return INFINITY;
    return lt_utilisation(hypot(f[1], f[2]), ft_max);
}

#endif
