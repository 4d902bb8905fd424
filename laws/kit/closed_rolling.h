/* laws/kit/closed_rolling.h - closed forms of an elastic-perfectly-plastic cycle and of the
 * rolling and twisting springs (laws/kit/closed_rolling.c derives them), shared by the cases of
 * linear_rolling and of the Hertz laws' option `rolling` (SI units).
 * lt_rolling_cycle_expect: laws/kit/closed_linear.h's elastic-perfectly-plastic cycle of slope k
 *   and cap M on a rotational DoF, its stiffness measured as a slope.
 * lt_rolling_hertz_stiffness: the rolling or twisting stiffness a Hertz law's case expects, from
 *   the documented formulas, not from laws/kit/rolling.h: bending epsd 2.25 kn mu^2 R*^2 or epsd2
 *   kt R*^2, twisting 4.5 kt mu^2 R*^2, or `given` (kr or ktw) when it is not NaN; kn = 2 E* a,
 *   kt = 8 G* a (N/m), mu the coefficient of that moment, rule LT_RR_EPSD or LT_RR_EPSD2 (N m/rad).
 * lt_rolling_impact_spins: a head-on impact of two free bodies with spins +w (A) and -w (B) about
 *   local z (load[2]) whose rolling moment is at its cap mu_r R* |Fn| throughout (full
 *   mobilisation): the angular impulse mu_r R* J, J = m* v (1 + e) the normal impulse of
 *   restitution e, turns the spins to w - mu_r R* J/I_A and -w + mu_r R* J/I_B; tol, why, order
 *   as lt_expect's for both spins. */
#ifndef LT_KIT_CLOSED_ROLLING_H
#define LT_KIT_CLOSED_ROLLING_H
#include <lawtester/law.h>

/* A rotational stiffness is measured as the slope dM/dtheta between recorded states: the
 * round-off of M (~1e-16 of M_max ~ 10 N m) over the increment k dtheta ~ 1e-3 M_max, and of the
 * accumulated rotation: ~1e-12 relative; 1e-9 with a margin. */
#define TOL_SLOPE 1e-9
#define WHY_SLOPE "slope between recorded states: round-off of M and theta over one increment"

void lt_rolling_cycle_expect(const lt_case_env *env, lt_expect *x, double k, double M);
double lt_rolling_hertz_stiffness(int rule, int twist, double kn, double kt, double mu,
                                  double rstar, double given);
void lt_rolling_impact_spins(const lt_case_env *env, lt_expect *x, double e, double muR,
                             double rstar, double tol, const char *why, double order);

#endif
