/* src/verify/sweep_groups.h - the failures of a sweep grouped by cause (docs/verify.md, "The
 * parameter space"): the failed rows by check and quantity, and for each group the values of the
 * swept parameters that all its failing points share, printed as comment lines after the rows.
 *
 * A group is one check (the case without its @K) and one quantity (without what follows " (",
 * e.g. the incidence of "KE gain (89 deg; impact-en0.5)"), counted once a point.  Shared, for
 * each swept parameter:
 *   - a bool or choice: the values seen among the group's points, when a strict subset of the
 *     values seen among all the points run;
 *   - a real: the range [min, max] among the group's points, when it spans at most half of the
 *     range among all the points run (a fraction of log(hi/lo) for one swept log-uniformly):
 *     a few failing points always miss the very ends, so strictly narrower would say nothing.
 */
#ifndef LT_VERIFY_SWEEP_GROUPS_H
#define LT_VERIFY_SWEEP_GROUPS_H
#include "verify/verify_sweep.h"
#include <stdio.h>

typedef struct lt_sweep_groups lt_sweep_groups;

/* The groups of a sweep over s (NULL when memory runs out: then nothing is grouped). */
lt_sweep_groups *lt_sweep_groups_new(const lt_sweep_space *s);
void lt_sweep_groups_free(lt_sweep_groups *g);
/* Point k ran (was not refused) at params. */
void lt_sweep_groups_point(lt_sweep_groups *g, long k, const double *params);
/* A failed row of check kase (without @K) and quantity at point k, params. */
void lt_sweep_groups_fail(lt_sweep_groups *g, const char *kase, const char *quantity, long k,
                          const double *params);
/* The comment lines: "# failures by cause ..." then one "#   CASE QUANTITY: N of M points, ..."
 * a group, in the order the groups first failed; nothing when no row failed. */
void lt_sweep_groups_print(const lt_sweep_groups *g, FILE *f);

#endif
