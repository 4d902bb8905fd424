/* src/tools/compare.h - `lawtester compare REF NEW`: two tables (table_read.h) compared column by
 * column on a shared key (docs/compare.md).
 *
 * Rows are matched on the key column (--key, default `time`), which must increase or decrease
 * strictly through each table.  The points compared are the keys of the table with fewer rows
 * inside the key range the two share (REF's on a tie; a table with none there is not the
 * sampled one); the other table is interpolated linearly
 * between its two neighbouring rows (a key equal to one of its rows takes that row's value
 * exactly).  Nothing is extrapolated: a point outside the other table's key range is not
 * compared, and is counted.  A column passes when every compared point has
 * |NEW - REF| <= atol + rtol * max|REF| (max over the finite values of every row of the REF
 * column); where REF is not finite, NEW must be the same (inf of the same sign, NaN for NaN).
 *
 * A column pair is written REFCOL=NEWCOL, optionally NEWCOL with a sign and a factor for another
 * code's units or sign convention: REFCOL=-NEWCOL, REFCOL=NEWCOL*1e-3, REFCOL=-NEWCOL*2 (the
 * NEW values times the factor are compared with the REF values); a bare COL means COL=COL.  A
 * pair of --cols may end in its own absolute tolerance, REFCOL=NEWCOL:ATOL or COL:ATOL (REF's
 * units), which replaces --atol for that column (--rtol still adds).  The key takes the same
 * form but the tolerance (--key time=step*1e-8: NEW's step times 1e-8 s). */
#ifndef LT_COMPARE_H
#define LT_COMPARE_H
#include "tools/table_read.h"
#include <stddef.h>
#include <stdio.h>

typedef struct lt_compare_opts {
    const char *key; /* the key's pair; NULL: "time" */
    /* "PAIR,PAIR,..."; NULL: every column both tables have, but the key, in REF's order */
    const char *cols;
    double atol; /* in the units of each REF column (>= 0), where its pair gives none */
    double rtol; /* of the largest |value| of each REF column (>= 0) */
} lt_compare_opts;

typedef struct lt_compare_col {
    char *label; /* "Fx", or the pair as given, "Fx=-fn" */
    char *ref_name, *new_name;
    int ref_col, new_col; /* in the tables */
    double scale;         /* NEW's values times scale are compared */
    double atol;          /* the pair's own absolute tolerance (REFCOL=NEWCOL:ATOL); NaN: --atol */
    double max_ref;       /* largest |value| of the REF column (every row) */
    double tol;           /* atol + rtol * max_ref */
    /* largest |NEW - REF| over the compared points; NaN if a compared value is NaN */
    double max_diff;
    double at_key; /* the key (REF's units) where max_diff is */
    int pass;
} lt_compare_col;

typedef struct lt_compare {
    const char *ref_path, *new_path;
    lt_table ref, nw;
    char *key_ref, *key_new; /* the key's column in each */
    double key_scale;        /* NEW's key times key_scale is REF's key */
    int ncols, cols_cap;
    lt_compare_col *cols;
    int on_new;   /* 1: the points are NEW's rows and REF is interpolated; 0: the other way */
    long points;  /* points compared (the same for every column) */
    long outside; /* rows of the sampled table outside the other's key range: not compared */
    /* the compared points, for the plots: key[p] (REF's units), refv[p * ncols + c], newv[...]
     * (NEW's values times the column's scale), interpolated on the denser table */
    double *key, *refv, *newv;
} lt_compare;

/* Read both files and compare them under o.  Returns 0 (c filled, whatever the verdicts), or -1
 * with one line in err "FILE:LINE: field F: what" (bad input: a file, the key, a column pair, no
 * shared column, a key not strictly monotonic, key ranges that do not overlap); c is then empty. */
int lt_compare_run(lt_compare *c, const char *ref, const char *nw, const lt_compare_opts *o,
                   char *err, size_t errlen);

void lt_compare_free(lt_compare *c);

/* The summary on out: one line on what was matched, then a table with one row per column
 * (column, points, max|REF|, max|diff|, at KEY, tolerance, PASS/FAIL); on fail one line per
 * failing column.  Returns the number of failing columns. */
int lt_compare_print(const lt_compare *c, FILE *out, FILE *fail);

/* --plot DIR: for every compared column DIR/compare-COL.tsv (the compared points: key, REF, NEW,
 * NEW - REF, tolerance) and its plots from plots/compare/ (DIR/compare-COL-SCRIPT.FMT), all
 * published together or none (afile.h).  Returns 0, or -1 with a message. */
int lt_compare_plot(const lt_compare *c, const char *dir, char *err, size_t errlen);

#endif
