/* src/output/sweep_shard.h - the last line of a sweep's shard table, and its check by the merge.
 *
 * A sweep point has any number of rows (one per check), so a shard table that lost its last rows
 * at a line boundary (a copy cut short) still looks whole: every point it holds is there.  The
 * table of `lawtester verify --sweep --shard K/N` therefore ends with one comment line,
 *     # shard K of N: R rows
 * (R its rows below the header), and `lawtester merge` refuses a sweep table that holds not every
 * point 0 .. points-1 without that line, one whose rows are not R, and one that lacks a point
 * k with k % N == K - 1 (docs/verify.md, "The parameter space").  The merged table, like the
 * unsharded one, has no such line. */
#ifndef LT_SWEEP_SHARD_H
#define LT_SWEEP_SHARD_H
#include <stddef.h>
#include <stdio.h>

/* The last line of shard `shard` of `shards` into fp, table (len bytes: the header and the rows)
 * being what was written before it. */
void lt_sweep_shard_end(FILE *fp, const char *table, size_t len, int shard, int shards);

/* The check of one sweep table file (named file in messages) by the merge: its rows' points
 * ks[0..n) and their lines lines[0..n) in file order, `points` of the sweep, and its last line
 * (trailer, without its newline; NULL when it has none) at line trailer_line.  0, or -1 with one
 * line `FILE:LINE: field F: problem` in err. */
int lt_sweep_shard_check(const char *file, const long *ks, const int *lines, size_t n, long points,
                         const char *trailer, int trailer_line, char *err, size_t errlen);

#endif
