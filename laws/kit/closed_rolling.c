/* laws/kit/closed_rolling.c - closed forms of an elastic-perfectly-plastic spring's cycle and of
 * the rolling and twisting springs (laws/kit/rolling.h), for the cases of linear_rolling and of
 * the Hertz laws' option `rolling`; laws/kit/closed_rolling.h states them.  SI units.
 *
 * The cycle is laws/kit/closed_linear.h's elastic-perfectly-plastic one.  A spinning impact,
 * rolling at its cap throughout: I dw/dt = -+ mu_r R* |Fn|, so each spin changes by
 * mu_r R* int |Fn| dt / I = mu_r R* m* v (1 + e)/I (leapfrog sums the same kicks:
 * sum |Fn| dt = m* (v + v'), exactly, so the spins err only as the restitution does).
 * References: [Ai et al. 2011]; [Iwashita & Oda 1998]; docs/references.md. */
#include "closed_rolling.h"
#include "closed_linear.h"
#include "params.h"
#include <math.h>

void lt_rolling_cycle_expect(const lt_case_env *env, lt_expect *x, double k, double M)
{
    lt_epp_cycle_expect(env, x, k, M, TOL_SLOPE, WHY_SLOPE);
}

double lt_rolling_hertz_stiffness(int rule, int twist, double kn, double kt, double mu,
                                  double rstar, double given)
{
    if (!isnan(given)) return given;
    if (twist) return 4.5 * kt * mu * mu * rstar * rstar;
    return rule == LT_RR_EPSD2 ? kt * rstar * rstar : 2.25 * kn * mu * mu * rstar * rstar;
}

void lt_rolling_impact_spins(const lt_case_env *env, lt_expect *x, double e, double muR,
                             double rstar, double tol, const char *why, double order)
{
    double w = env->impact.spin, impulse = muR * rstar * env->c.mstar * env->impact.vn * (1 + e);
    x->value[LT_Q_SPIN_A] = w - impulse / env->inertia[0];
    x->value[LT_Q_SPIN_B] = -w + impulse / env->inertia[1];
    for (int q = LT_Q_SPIN_A; q <= LT_Q_SPIN_B; q++)
        x->tol[q] = tol, x->why[q] = why, x->order[q] = order;
}
