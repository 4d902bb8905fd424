/* laws/kit/slip_work.c - the slip-work formulas of laws/kit/slip_work.h (theory, units there). */
#include "slip_work.h"
#include <math.h>

/* Mean yield force over the slipping part of a step whose normal force (hence yield force)
 * and tangential trial force vary linearly from the start (f0 = |Ft|, y0) to the end (ft, y1):
 * slip starts at s0 where f0 + s (ft - f0) = y0 + s (y1 - y0). */
static double mean_yield_while_slipping(double f0, double ft, double y0, double y1)
{
    double s0 = 0;
    if (f0 < y0) {
        double den = (ft - f0) - (y1 - y0);
        s0 = den > 0 ? (y0 - f0) / den : 1;
        if (s0 > 1) s0 = 1;
    }
    return 0.5 * ((y0 + s0 * (y1 - y0)) + y1);
}

double lt_slip_work(int formula, double k, double yprev, double y0, double z0, double ty, double tz,
                    double y1, double z1)
{
    double ft = hypot(ty, tz), fy = hypot(y1, z1);
    switch (formula) {
    case LT_SLIP_DOC: return fy * (ft - fy) / k;
    case LT_SLIP_CODE: return ((ft - fy) / 2 + fy) * (ft - fy) / k;
    case LT_SLIP_POTENTIAL: return (ft * ft - fy * fy) / (2 * k);
    case LT_SLIP_PATH:
        return (ft - fy) / k * mean_yield_while_slipping(hypot(y0, z0), ft, yprev, fy);
    default: return lt_slip_trapezoid(k, y0, z0, ty, tz, y1, z1);
    }
}
