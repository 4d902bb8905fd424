/* laws/kit/slip_work.h - the energy an elastic-perfectly-plastic spring dissipates in one step that
 * returned it to its limit: the formulas the option `dissipation` of `linear` (and of the laws
 * built on it) chooses from, and the trapezoid rule every other slipping spring books (the
 * tangential springs of the Hertz laws, the rolling and twisting springs).  One formula per
 * name, shared by every law that returns a spring (laws/kit/slip_work.c).
 *
 * Theory (SI; docs/energy.md derives and measures them): a spring of stiffness k (N/m, or N m/rad
 * for a moment) on a 2-vector force F (N, or N m; a scalar: set the z parts to 0), stored F at
 * the start of the step, trial Ftr = F + k du, returned F' on the limit; f_t = |Ftr|,
 * f_y = |F'|:
 *   trapezoid  (F + F').(Ftr - F')/(2 k): the slip (Ftr - F')/k times the mean force before and
 *              after the step = the trapezoid-rule work minus the change of elastic energy, the
 *              dissipation of the time-discrete contact; exact on every step that starts on the
 *              yield surface, error <= k du^2/8 per onset of slip (second order)
 *   doc        f_y (f_t - f_y)/k (Woo's documentation; Woo's and YADE's code): exact for sliding,
 *              first order on normal unloading
 *   code       ((f_t - f_y)/2 + f_y)(f_t - f_y)/k (quoted by Woo's documentation; the same as
 *              potential)
 *   potential  (f_t^2 - f_y^2)/(2 k): exact on normal unloading, first order when sliding
 *   path       the slip times the mean limit over the slipping part of the step (exact for the
 *              continuous collinear problem, not consistent with the discrete work)
 * Reference: P. A. Cundall, O. D. L. Strack (1979); docs/energy.md; docs/references.md.
 */
#ifndef LT_SLIP_WORK_H
#define LT_SLIP_WORK_H
#include "params.h"

/* The formulas are LT_SLIP_* of laws/kit/params.h, the values of the choice `dissipation`. */

/* The trapezoid formula (J), (F + F').(Ftr - F')/(2 k): stored (y0, z0), trial (ty, tz), returned
 * (y1, z1), k > 0; the one every slipping spring books unless a law offers the others. */
static inline double lt_slip_trapezoid(double k, double y0, double z0, double ty, double tz,
                                       double y1, double z1)
{
    return ((y0 + y1) * (ty - y1) + (z0 + z1) * (tz - z1)) / (2 * k);
}

/* The energy (J) a spring of stiffness k dissipated in a step by the formula (LT_SLIP_*): stored
 * (y0, z0), trial (ty, tz), returned (y1, z1); yprev is the limit at the previous state (used by
 * LT_SLIP_PATH).  k > 0. */
double lt_slip_work(int formula, double k, double yprev, double y0, double z0, double ty, double tz,
                    double y1, double z1);

/* lt_slip_work with the trapezoid inline, where every law but linear's option stays. */
static inline double lt_slip_work_of(int formula, double k, double yprev, double y0, double z0,
                                     double ty, double tz, double y1, double z1)
{
    if (formula == LT_SLIP_TRAPEZOID) return lt_slip_trapezoid(k, y0, z0, ty, tz, y1, z1);
    return lt_slip_work(formula, k, yprev, y0, z0, ty, tz, y1, z1);
}

#endif
