/* src/contact/yield.h - a law's yield function (include/lawtester/law.h, lt_yield) read the
 * same way for every API version, and a ray's crossing of its surface: what the yield probes
 * (src/driver/probe.c), the surface writer (src/output/surface.c) and the scripting layer share.
 * Forces in N, torques in N m, the frame and signs of include/lawtester/law.h. */
#ifndef LT_YIELD_H
#define LT_YIELD_H
#include <lawtester/law.h>

/* The yield function over the six generalized forces f (N, N m; law.h): the law's `excess` when
 * it declares one, else derived from ft_max and fn_max (laws of API 2 and 3): +INFINITY for
 * Fn > fn_max, else |Ft|/ft_max(Fn) - 1 (+INFINITY where ft_max < 0, or = 0 under load), the
 * torques free.  < 0 inside, 0 on the surface, > 0 outside; dimensionless. */
double lt_yield_excess(const lt_yield *y, const double *param, const double *state,
                       const double f[LT_DOF]);
/* The DoFs the surface depends on (bit i for DoF i): the law's `dofs`, 0x07 when it gives none. */
unsigned lt_yield_dofs(const lt_yield *y);

/* Bisection of lt_yield_excess along f + s d, s in [0, 1] (d 6-vector): the s where it turns
 * positive, to 1e-12 (60 halvings at most); NaN if f + d is still inside (excess <= 0). */
double lt_yield_ray(const lt_yield *y, const double *param, const double *state,
                    const double f[LT_DOF], const double d[LT_DOF]);

#endif
