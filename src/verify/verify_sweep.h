/* src/verify/verify_sweep.h - a law's parameter space (docs/verify.md, "The parameter space"):
 * `lawtester verify --law NAME --set P=V` (parameter values read by their kind) and
 * `--sweep N` (the generic checks at N points over the declared ranges).
 *
 * The points of a sweep (lt_sweep_point), over the swept parameters in the law's order:
 *   - swept: every LT_REAL parameter with a numeric default, not given with --set, whose range
 *     (after bounding, below) holds more than one value; every LT_BOOL (false, true) and
 *     LT_CHOICE (its names in order, at least two) parameter not given with --set.  Held: the
 *     rest, at their default (NaN "from the materials" stays NaN) or their --set value.
 *   - an infinite end of a real range is bounded at 10 |default| (-10 |default| below): a decade
 *     beyond the value the law's author chose; a default of 0 or +-inf gives no scale, and the
 *     parameter is held (give it a value with --set) unless the law declares its sweep scale S
 *     (lt_law.param_scales, API 6): then 0 at the low corners (S/100 where the range refuses 0),
 *     and log-uniform over [S/100, 100 S] at the Halton points (LT_SWEEP_LOG_ZERO).
 *   - an open end (LT_PARAM_MIN_OPEN, _MAX_OPEN) is never a point: the interval ends at the next
 *     double inside it (nextafter), the corner nearest the excluded bound.
 *   - log-uniform where lo > 0 and hi/lo >= 100 (the range spans two decades or more), else
 *     uniform.
 *   - points 0 .. corners-1 are the corners: k in mixed radix over the swept parameters, the
 *     first fastest, a real's digit picking lo or hi, a bool's or choice's its value; corners =
 *     2^(reals) x the product of the bools' and choices' counts, or fewer points if N is smaller.
 *   - then the Halton sequence (radical inverses of i = k - corners + 1 in the bases 2, 3, 5,
 *     ... by swept parameter): u in (0, 1) mapped to lo + u (hi - lo), lo (hi/lo)^u, or value
 *     floor(u count).  Halton, not Sobol: its points are closed forms (i's digits reversed), it
 *     needs no table of direction numbers, and every prefix is evenly spread, so point k is the
 *     same for any N (a sweep of 100 holds the sweep of 50).
 *   - a law with no real parameter swept has a finite grid: N is cut to its size.
 * Units: as the law's parameters (SI).
 */
#ifndef LT_VERIFY_SWEEP_H
#define LT_VERIFY_SWEEP_H
#include "verify/verify.h"
#include <lawtester/law.h>
#include <stdio.h>

/* ---- --set P=V ------------------------------------------------------------------------- */

/* Read the value texts sets[0..n) ("P=V") for law into out[0..n) (names point into the law's
 * parameters): a real in its range (a decimal number, inf allowed where the range holds it), a
 * bool true or false, a choice by name; no parameter twice; then the law's check of the whole
 * set (defaults for the others).  Returns 0, or -1 with one line in err naming the parameter and
 * what it takes. */
int lt_verify_read_sets(const lt_law *law, const char *const *sets, int n, lt_param_value *out,
                        char *err, size_t errlen);
/* The text of parameter i's value x as --set reads it (a real in shortest round-trip form,
 * true/false, a choice's name; "unset" for NaN) into buf; buf. */
const char *lt_param_value_text(const lt_law *law, int i, double x, char *buf, size_t n);

/* ---- the points ------------------------------------------------------------------------ */

/* LT_SWEEP_LOG_ZERO: a parameter with a declared sweep scale (0 at the low corner, log-uniform
 * over [lo, hi] between) */
typedef enum lt_sweep_scale {
    LT_SWEEP_UNIFORM,
    LT_SWEEP_LOG,
    LT_SWEEP_DISCRETE,
    LT_SWEEP_LOG_ZERO
} lt_sweep_scale;

typedef struct lt_sweep_dim {
    int param; /* index in the law's parameters */
    lt_sweep_scale scale;
    double lo, hi;     /* a real's swept interval, finite, lo < hi, inside an open end */
    int count;         /* a bool's or choice's number of values (0 .. count-1) */
    double low_corner; /* a real's value at the low corners: lo, or 0 (LT_SWEEP_LOG_ZERO) */
} lt_sweep_dim;

typedef struct lt_sweep_space {
    const lt_law *law;
    double base[LT_MAX_PARAMS]; /* every parameter's value where it is not swept */
    int set[LT_MAX_PARAMS];     /* 1: given with --set */
    lt_sweep_dim dim[LT_MAX_PARAMS];
    int n_dim, n_real;
    long corners; /* number of corners (LONG_MAX if more) */
    long grid;    /* no real swept: the number of distinct points; else -1 */
} lt_sweep_space;

/* The sweep space of law with the --set values set[0..n_set) held. */
void lt_sweep_space_of(const lt_law *law, const lt_param_value *set, int n_set, lt_sweep_space *s);
/* The radical inverse of i >= 1 in base b >= 2 (i's digits mirrored about the point), correctly
 * rounded: 1 -> 1/b, 2 -> 2/b, ...; in (0, 1). */
double lt_halton(unsigned long i, unsigned b);
/* Point k >= 0 of the sweep (the rule above): every parameter's value into params. */
void lt_sweep_point(const lt_sweep_space *s, long k, double params[LT_MAX_PARAMS]);
/* A point as text: "name=value" of the swept and --set parameters, separated by one space ("-"
 * if there are none). */
void lt_sweep_point_text(const lt_sweep_space *s, const double *params, char *buf, size_t n);

/* ---- the sweep ------------------------------------------------------------------------- */

typedef struct lt_sweep_opts {
    /* law (required), kase (a generic check or NULL), on_row, ctx, set */
    const lt_verify_opts *verify;
    long points;         /* N >= 1 */
    int shard, shards;   /* 1 <= K <= N: points k with k % N == K - 1 */
    const char *out_dir; /* NULL: no table, no scripts */
    FILE *notes;         /* the comment lines (# ...): the space, failed points; NULL: none */
} lt_sweep_opts;

/* Run the sweep: rows to o->verify->on_row with the case named CASE@K (K the point) and, on a
 * failed row, the note "point K: name=value ...; why"; with out_dir, DIR/sweep-NAME.tsv (a shard:
 * DIR/sweep-NAME.shard-K-of-N.tsv; columns in docs/verify.md) and DIR/sweep-NAME-K.lua for every
 * failed point K.  Returns 0; -1 with one line in err when nothing ran (a --case that is not
 * generic, a malformed law, nothing to sweep); -2 with one line when the sweep ran but its table
 * or scripts could not be written (none of them is then written). */
int lt_verify_sweep(const lt_law *law, const lt_sweep_opts *o, lt_verify_summary *sum, char *err,
                    size_t errlen);

#endif
