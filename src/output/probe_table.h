/* src/output/probe_table.h - the table of a yield probe (public format) and the merge of its
 * shards.
 *
 * DIR/NAME.tsv (a shard: DIR/NAME.shard-K-of-N.tsv): one header line, then one row per probed
 * direction in order of k, tab-separated, numbers in shortest round-trip form (fmt.h):
 *   k            -    direction index, 0 .. directions-1
 *   directions   -    number of directions of the whole sweep (all shards)
 *   angle        rad  theta_k = 2 pi k / directions
 *   dirN dirT    -    (cos, sin) theta_k: the direction in the (normal, shear y) displacement
 *                     plane, exact at quarter turns; dirN > 0 opens (tension)
 *   yielded      -    1 if the law yielded (slip, plastic flow, breakage) before the limit
 *   broken       -    1 if, at the yield step, the contact was lost or its surface changed (a bond
 *                     broke)
 *   steps        -    steps from the initial state to the recorded point
 *   uN uT        m    displacement from the initial state to the recorded point
 *   Fn Fty Ftz   N    force on A at the recorded point: the last elastic state (or the end of the
 *                     ray when not yielded); Fn < 0 in compression
 *   Fn1 Fty1 Ftz1 N   force at the first inelastic state (nan if not yielded or the contact is
 *                     gone)
 *   dF           N    force increment of one elastic step along the direction (tangent stiffnesses
 *                     at the recorded point): the bound
 *   dist         N    distance from the recorded point along the ray to the law's surface (<= dF;
 *                     nan if not yielded)
 *   gap          N    ft_max(Fn) - |Ft|: vertical distance to the law's surface (>= 0 inside)
 *   work         J    driver work of the run (initial stages and this direction)
 *   balance_err  J    energy balance error at the end of the direction
 * A probe on another pair of DoFs or under force control (probe.h) writes the header
 * lt_probe_header_pair: the columns above (dirN dirT: (cos, sin) theta_k in the pair's plane;
 * dF and dist: NaN when the pair mixes a force and a torque), then
 *   dofI dofJ    -    the pair, 1-based DoFs (1 normal, 2 shear y, 3 shear z, 4 twist, 5 bend y, 6
 *                     bend z)
 *   control      -    displacement | force
 *   uI uJ        m, rad  displacement of DoFs I, J from the initial state to the recorded point
 *   FI FJ        N, N m  their forces at the recorded point; FI1 FJ1 at the first inelastic state
 *   dFI dFJ      N, N m  the force increment of one elastic step on DoFs I, J
 *   dsteps       -    distance along the ray from the recorded point to the surface
 *                     (lt_yield_excess
 *                     = 0), in increments (dFI, dFJ): <= 1 by the bound; nan if not yielded
 * Rows depend only on the initial state and k, so the rows of the shards of a sweep, merged in
 * order of k, are byte for byte the table of the unsharded sweep.
 *
 * The merge also joins the shards of `lawtester verify --sweep` (src/verify/verify_sweep.h; the
 * columns in docs/verify.md, "The parameter space"): header lt_sweep_header, k the point and
 * `points` their number in place of `directions`, any number of rows a point, together in one
 * file; merged in order of k, each point's rows as its shard wrote them.  A sweep's shard table
 * ends with the line "# shard K of N: R rows" (output/sweep_shard.h), checked and not merged.
 * A NUL byte anywhere is refused (a table is text).
 */
#ifndef LT_PROBE_TABLE_H
#define LT_PROBE_TABLE_H
#include "driver/probe.h"
#include <stddef.h>

/* The largest shard table read (1 GiB); only regular files are read (base/rfile.h). */
#define LT_SHARD_MAX_BYTES (1LL << 30)

extern const char lt_probe_header[];
extern const char lt_probe_header_pair[];
extern const char lt_sweep_header[];

/* The table text of the points of p (malloc'ed, *len bytes and a NUL after them), directions = N of
 * the sweep. */
char *lt_probe_format(const lt_probe *p, int directions, size_t *len);

/* Merge shard tables into out_path: same header, every k of 0..directions-1 exactly once, rows
 * copied verbatim in order of k.  Written through a temporary file and a rename.  Returns 0,
 * or -1 with a one-line message `FILE:LINE: field PATH: problem` in err (nothing written). */
int lt_probe_merge(const char *const *files, int n, const char *out_path, char *err, size_t errlen);
/* The checks and the merge of lt_probe_merge on tables already read: texts[i] (lens[i] bytes and
 * a NUL after them) named files[i] in messages.  Returns 0 with the merged table in *merged
 * (malloc'ed, *merged_len bytes), or -1 with the message (the fuzz target calls this). */
int lt_probe_merge_texts(const char *const *files, char *const *texts, const size_t *lens, int n,
                         const char *out_path, char **merged, size_t *merged_len, char *err,
                         size_t errlen);

#endif
