/* laws/kit/coulomb.h - the Coulomb cone as a yield surface (lt_yield of include/lawtester/law.h),
 * shared by the laws whose tangential force is limited by friction alone: linear, linear_rolling,
 * spring_dashpot, walton_braun, hertz_mindlin, thornton.  Static inline: nothing to link, and the
 * same operations in the same order as each law had in its own copy (the yield results are the
 * same doubles).
 *
 * Theory (Coulomb's law of friction; Cundall & Strack 1979, docs/references.md): with the signs of
 * include/lawtester/law.h, Fn (N) < 0 in compression and Ft = (Fty, Ftz) (N) the tangential force,
 * the contact is elastic while
 *     |Ft| < tan(phi) Fc   and   Fn < Fn_max,
 * tan(phi) the friction coefficient (dimensionless), Fc >= 0 (N) the normal force the limit takes
 * (|Fn|, or max(-Fn, 0) when only compression carries friction), Fn_max (N) the tension tip: 0 for
 * a cohesionless contact that opens, INFINITY for one that holds tension (linear's noBreak, an
 * unclipped dashpot that can pull).  The yield function over the six generalized forces f is the
 * utilisation |Ft|/(tan(phi) Fc) - 1 (laws/kit/utilisation.h), INFINITY beyond the tip; the torques
 * are free (a law with rolling or twisting caps adds them, laws/kit/rolling.h).
 */
#ifndef LT_COULOMB_CONE_H
#define LT_COULOMB_CONE_H
#include "utilisation.h"
#include <lawtester/law.h>
#include <math.h>

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
