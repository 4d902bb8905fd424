/* src/output/surface.h - a law's yield surface (law.h, lt_yield) sampled into a small TSV beside a
 * record or a probe table, for the plots.
 *
 * DIR/NAME-surface.tsv (public format, units SI):
 *   curve  -  0: the surface of the reference state (a record: the contact as created; a probe:
 *             its initial state); 1: the surface at the end of the run, written only when it
 *             differs from curve 0 (e.g. a broken bond)
 *   Fn     N  normal force, < 0 in compression (the sign of the record's Fx)
 *   Ft     N  the largest |Ft| of the elastic domain at Fn (>= 0)
 * Rows of a curve ascend in Fn from the low end of the range to the tension tip (or the high
 * end); where the surface is open at the tip (Ft > 0 there, a tension cut-off) a last row
 * (tip, 0) closes it.  Points cluster at both ends of the range (cosine spacing), where the
 * corners and the steep part of a tension cap are.
 */
#ifndef LT_SURFACE_H
#define LT_SURFACE_H
#include "output/afile.h"
#include <lawtester/law.h>
#include <stddef.h>

#define LT_SURFACE_POINTS 256 /* intervals of a sampled curve */

/* Range of Fn (N) to sample for forces that reached [fn_min, fn_max] with |Ft| up to ft_max:
 * the range widened by a tenth of the largest force (or of |tip|) on both sides, always
 * containing 0. */
void lt_surface_range(const lt_law *law, const double *param, const double *state, double fn_min,
                      double fn_max, double ft_max, double *lo, double *hi);

/* Write DIR/NAME-surface.tsv for the law's surface at state0 (curve 0) and state1 (curve 1, may
 * be NULL), sampled over [lo, hi].  Returns 1 if written, 0 if the law declares no surface or it
 * has no finite point in the range (nothing written), -1 with a message on a write error. */
int lt_surface_write(const char *dir, const char *name, const lt_law *law, const double *param,
                     const double *state0, const double *state1, double lo, double hi, char *err,
                     size_t errlen);
/* The same, the file added to p (afile.h) to be renamed with the table it belongs to. */
int lt_surface_write_pending(const char *dir, const char *name, const lt_law *law,
                             const double *param, const double *state0, const double *state1,
                             double lo, double hi, lt_pending *p, char *err, size_t errlen);

#define LT_SECTION_RAYS 360 /* rays of a section (NAME-surface.tsv of a probe on a DoF pair) */

/* Write DIR/NAME-surface.tsv for a probe on the DoF pair (i, j) (0-based): the section of the
 * surface excess = 0 of `state` in the (F_i, F_j) plane through the forces f0 (N, N m), found by
 * bisection along LT_SECTION_RAYS rays from f0, ray m in the direction (scale_i cos phi_m,
 * scale_j sin phi_m), phi_m = 2 pi m/LT_SECTION_RAYS, out to twice the scale.  Columns (public,
 * SI): curve (0), angle (rad, phi_m), FI, FJ (N or N m: the forces of DoFs i, j on the section);
 * a ray that does not reach the surface within twice the scale writes a blank line (the
 * section is open there: a gap in the drawn line).  f0 must be inside (excess < 0).  Returns 1
 * if written, -1 with a message on a write error. */
int lt_surface_section_pending(const char *dir, const char *name, const lt_law *law,
                               const double *param, const double *state, const double f0[LT_DOF],
                               const int dofs[2], const double scale[2], lt_pending *p, char *err,
                               size_t errlen);

#endif
