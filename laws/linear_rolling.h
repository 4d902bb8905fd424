/* laws/linear_rolling.h - what laws/linear_rolling.c (the `linear_rolling` law), its cases
 * (laws/linear_rolling_cases.c) and its tests share: the case table and the parameter indices. */
#ifndef LT_ROLLING_H
#define LT_ROLLING_H
#include <lawtester/law.h>

/* The cases: the normal loading, the shear cycle (DoF 1), the bending cycles (DoFs 4, 5) and the
 * twist cycle (DoF 3), each an API-3 cycle on its DoF (src/verify/verify_cases.c drives it). */
#define ROLLING_N_CASES 5
extern const lt_case lt_rolling_cases[ROLLING_N_CASES];

/* Closed forms shared with the Hertz laws' cases of their option `rolling` (laws/linear_rolling_cases.c;
 * SI units).  lt_rolling_cycle_expect: the cycle 0 -> +a -> -a -> +a of a rotational DoF at held
 * overlap, elastic-perfectly-plastic of slope k (N m/rad) and cap M (N m): energy 4 M (a - M/k),
 * stiffness k (measured as a slope), cap M.  lt_rolling_impact_spins: a head-on impact of two
 * free bodies with spins +w (A) and -w (B) about local z (load[2]) whose rolling moment is at its
 * cap mu_r R* |Fn| throughout (full mobilisation): the angular impulse mu_r R* J, J = m* v (1 + e)
 * the normal impulse of restitution e, turns the spins to w - mu_r R* J/I_A and -w + mu_r R* J/I_B;
 * tol, why, order as lt_expect's for both spins. */
void lt_rolling_cycle_expect(const lt_case_env *env, lt_expect *x, double k, double M);
/* The Hertz laws' option `rolling` (a rotational cycle at a contact of radius a, R* the rolling
 * radius, m): the rolling or twisting stiffness its cases expect, from the documented formulas,
 * not from laws/rolling_resistance.h: bending epsd 2.25 kn mu^2 R*^2 or epsd2 kt R*^2, twisting
 * 4.5 kt mu^2 R*^2, or `given` (kr or ktw) when it is not NaN; kn = 2 E* a, kt = 8 G* a (N/m),
 * mu the coefficient of that moment, rule LT_RR_EPSD or LT_RR_EPSD2 (N m/rad). */
double lt_rolling_hertz_stiffness(int rule, int twist, double kn, double kt, double mu, double rstar, double given);
void lt_rolling_impact_spins(const lt_case_env *env, lt_expect *x, double e, double muR, double rstar, double tol,
                             const char *why, double order);

/* Parameter indices the cases set (the law's order, laws/linear_rolling.c). */
enum { RP_KN, RP_KT, RP_TANPHI, RP_NOSLIP, RP_NOBREAK, RP_DISSIPATION, RP_MUR, RP_KR, RP_ETAR, RP_MUTW, RP_KTW };

#endif
