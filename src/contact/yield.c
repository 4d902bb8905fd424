/* src/contact/yield.c - a law's yield function over six forces and a ray's crossing of its
 * surface (see yield.h). */
#include "contact/yield.h"
#include "base/watch.h"
#include <math.h>

double lt_yield_excess(const lt_yield *y, const double *param, const double *state,
                       const double f[LT_DOF])
{
    if (y->excess) {
        lt_watch_enter(LT_CALL_YIELD);
        double e = y->excess(param, state, f);
        lt_watch_leave();
        return e;
    }
    lt_watch_enter(LT_CALL_YIELD);
    double fn_max = y->fn_max(param, state), g = f[0] > fn_max ? 0 : y->ft_max(param, state, f[0]);
    lt_watch_leave();
    if (f[0] > fn_max) return INFINITY;
    double ft = hypot(f[1], f[2]);
    if (g > 0) return ft / g - 1;
    return g == 0 && ft == 0 ? 0 : INFINITY;
}

unsigned lt_yield_dofs(const lt_yield *y) { return y->excess && y->dofs ? y->dofs : 0x07u; }

double lt_yield_ray(const lt_yield *y, const double *param, const double *state,
                    const double f[LT_DOF], const double d[LT_DOF])
{
    double g[LT_DOF];
    for (int i = 0; i < LT_DOF; i++) g[i] = f[i] + d[i];
    if (!(lt_yield_excess(y, param, state, g) > 0)) return NAN;
    double a = 0, b = 1;
    for (int it = 0; it < 60 && b - a > 1e-12; it++) {
        double m = 0.5 * (a + b);
        for (int i = 0; i < LT_DOF; i++) g[i] = f[i] + m * d[i];
        if (lt_yield_excess(y, param, state, g) > 0)
            b = m;
        else
            a = m;
    }
    return 0.5 * (a + b);
}
