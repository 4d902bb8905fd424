/* laws/kit/utilisation.h - what the built-in laws' yield functions (lt_yield.excess,
 * include/lawtester/law.h) share: the utilisation of a capacity.  Units: load and capacity in the
 * same unit (N or N m); the result is dimensionless. */
#ifndef LT_UTILISATION_H
#define LT_UTILISATION_H
#include <math.h>

/* load/capacity - 1 for a load >= 0 and its capacity at the same state (INFINITY: unlimited):
 * -1 without load, 0 on the surface, the fraction by which the load exceeds the capacity
 * outside.  A zero capacity is on the surface without load and outside (+INFINITY) with any; a
 * negative one (no elastic state there) is outside.  Along a ray from an inside point of a
 * convex domain (load convex, capacity concave in the forces) it changes sign once, from - to +,
 * which is what the harness's bisection needs. */
static inline double lt_utilisation(double load, double capacity)
{
    if (capacity > 0) return load / capacity - 1;
    return capacity == 0 && load == 0 ? 0 : INFINITY;
}

#endif
