/* src/driver/stability.h - the time-step limit of leapfrog for a contact (docs/reliability.md).
 *
 * The driver integrates the pair with leapfrog (velocity Verlet), which is stable for an
 * undamped linear oscillator of mass m and stiffness k only while dt < dt_crit = 2/w0 =
 * 2 sqrt(m/k).  lawtester checks the normal contact DoF, the oscillator of the pair's effective
 * mass m* (lt_contact.mstar) on the law's current normal stiffness k = lt_response.k[0]:
 *   - linear springs (linear, cohesive, linel6): k = kn, constant over a contact;
 *   - Hertz (hertz_mindlin): k is the current tangent stiffness dFn/d(overlap), which grows as
 *     sqrt(overlap), so the limit falls as the contact is loaded: checked at every step;
 *   - a linear spring-dashpot (a law with the parameter zetaN, ratio of critical damping, set
 *     directly or through en = exp(-pi zeta / sqrt(1 - zeta^2))): the central-difference
 *     limit with viscous damping, dt_crit = (2/w0) (sqrt(1 + zeta^2) - zeta) (Belytschko, Liu
 *     & Moran, Nonlinear Finite Elements, sec. 6.3).
 * Only the normal DoF is checked, and only while it is free (not both bodies fixed, no velocity
 * imposed on it); an instability in the other DoFs shows as a non-finite state, which stops the
 * run.  Units SI. */
#ifndef LT_STABILITY_H
#define LT_STABILITY_H
#include <lawtester/law.h>

/* The damping ratio the law's parameters give its normal dashpot (0: none known). */
double lt_normal_damping_ratio(const lt_law *law, const double *params);

/* dt_crit (s) for effective mass mstar (kg), normal stiffness k (N/m) and damping ratio zeta;
 * INFINITY when k <= 0 or not finite or mstar not positive. */
double lt_dt_crit(double mstar, double k, double zeta);

#endif
