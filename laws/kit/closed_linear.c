/* laws/kit/closed_linear.c - the elastic-perfectly-plastic cycle of laws/kit/closed_linear.h
 * (SI units there). */
#include "closed_linear.h"

void lt_epp_cycle_expect(const lt_case_env *env, lt_expect *x, double k, double M, double k_tol,
                         const char *k_why)
{
    double a = env->load[1], du = env->load[2] * env->c.dt, e = 4 * M * (a - M / k);
    x->value[LT_Q_CYCLE_ENERGY] = e;
    /* the onset of plastic flow inside a step: the trapezoid dissipation is short by at most
     * k du^2/8 per onset (docs/energy.md), two onsets per cycle; plus the overlap's round-off */
    x->tol[LT_Q_CYCLE_ENERGY] = k * du * du / 4 / e + TOL_POSITION;
    x->why[LT_Q_CYCLE_ENERGY] =
        "onset of plastic flow inside a step: <= k du^2/8 per onset, two per cycle";
    x->value[LT_Q_CYCLE_STIFFNESS] = k;
    x->tol[LT_Q_CYCLE_STIFFNESS] = k_tol;
    x->why[LT_Q_CYCLE_STIFFNESS] = k_why;
    x->value[LT_Q_CYCLE_CAP] = M;
    x->tol[LT_Q_CYCLE_CAP] = TOL_POSITION;
    x->why[LT_Q_CYCLE_CAP] = "radial return onto mu kn delta (R*): " WHY_POSITION;
}
