/* src/verify/verify.h - `lawtester verify`: generic checks for every registered law plus the law's
 * own analytic cases (include/lawtester/law.h, "analytic verification cases"), one row per checked
 * quantity.
 *
 * A row compares an obtained value with an expected one (SI units of the quantity, or - for
 * relative measures).  Its `error` is, by kind of check:
 *   LT_CHECK_REL    |obtained - expected| / |expected|  <= tol
 *   LT_CHECK_ABS    |obtained - expected|               <= tol   (expected 0: a relative
 *                   deviation or a count measured by verify)
 *   LT_CHECK_ORDER  max(0, expected - obtained)         <= tol   (observed convergence order
 *                   must not fall short of the expected one by more than tol)
 *   LT_CHECK_NA     not applicable: no value, printed `n/a` in the result column with the
 *                   reason in `note`, never failed (a law that books no energies has no
 *                   energy balance to check, docs/verify.md)
 * A failed setup (bad case table, driver error) is a failed row with a message in `note`.
 *
 * Expected failures: a row of a check marked as a known defect (`xfail`, docs/case-scripts.md)
 * carries the reason in `xfail`; its result is then XFAIL when the check failed, as expected
 * (pass = 1: not counted as failed), or XPASS when it passed (pass = 0: counted as failed, the
 * defect is gone and the mark must go).  lt_verify_row_xfail resolves a checked row so.
 */
#ifndef LT_VERIFY_H
#define LT_VERIFY_H
#include <lawtester/law.h>
#include <stdio.h>

typedef enum lt_check_kind {
    LT_CHECK_REL,
    LT_CHECK_ABS,
    LT_CHECK_ORDER,
    LT_CHECK_NA
} lt_check_kind;

typedef struct lt_verify_row {
    const char *law;
    const char *kase; /* case name; the generic checks are "generic-..." */
    const char *quantity;
    lt_check_kind kind;
    double expected, obtained, error, tol;
    int pass;
    const char *note;  /* why the tolerance is that size, or what went wrong (may be "") */
    const char *xfail; /* NULL; or why the row is expected to fail (then pass is resolved:
                               1 = XFAIL, 0 = XPASS) */
} lt_verify_row;

/* A parameter of a law set to a value (--set P=V): a real in SI units, a bool 0/1, a choice's
 * index. */
typedef struct lt_param_value {
    const char *name;
    double value;
} lt_param_value;

typedef struct lt_verify_opts {
    const char *law;      /* NULL: every registered law */
    const char *kase;     /* NULL: every case; else only the case of that name */
    const char *plot_dir; /* NULL: no plots; else each case's recorded and analytic curves */
    /* receives every row (NULL: none); rows are printed by lt_verify_print_row */
    void (*on_row)(void *ctx, const lt_verify_row *row);
    void *ctx;
    /* Parameter values (--set; NULL: the law's defaults), each a parameter of the law, in its
     * range, the set accepted by the law's check (verify_sweep.h parses them).  The generic
     * checks run at these values (generic-oblique too, over the parameters of the case it
     * borrows); a law case runs with those it does not set itself, and a case that sets one of
     * them to another value is not run (a row `not run (sets P)` says so: its closed forms are
     * about its own values, docs/verify.md "The parameter space"). */
    const lt_param_value *set;
    int n_set;
} lt_verify_opts;

typedef struct lt_verify_summary {
    int rows, failed, cases;
    int na;         /* rows of kind LT_CHECK_NA (counted in rows, never in failed) */
    int xfailed;    /* rows XFAIL: expected failures, not in `failed` (XPASS rows are) */
    double seconds; /* wall time of the run */
} lt_verify_summary;

/* Run the checks selected by o.  Returns 0, or -1 when the selection matches nothing (message
 * in err); failed checks are counted in sum, not an error of the call. */
int lt_verify(const lt_verify_opts *o, lt_verify_summary *sum, char *err, size_t errlen);

/* Verify one law (which need not be registered: tests hand in their own descriptors). */
void lt_verify_law(const lt_law *law, const lt_verify_opts *o, lt_verify_summary *sum);

/* Fill r->error and r->pass from r->kind, r->expected, r->obtained and r->tol (the rules above;
 * NaN anywhere fails; an LT_CHECK_NA row passes, error NaN). */
void lt_verify_row_check(lt_verify_row *r);

/* A row of the law, case and quantity, checked (lt_verify_row_check): its kind, expected and
 * obtained values, tolerance and note (NULL: none). */
lt_verify_row lt_verify_row_of(const char *law, const char *kase, const char *quantity,
                               lt_check_kind kind, double expected, double obtained, double tol,
                               const char *note);

/* Mark the checked row r as an expected failure for the reason why: pass = 1 if the check
 * failed (XFAIL), 0 if it passed (XPASS). */
void lt_verify_row_xfail(lt_verify_row *r, const char *why);

/* The table's header line and one row, in the format `lawtester verify` prints. */
void lt_verify_print_header(FILE *f);
void lt_verify_print_row(FILE *f, const lt_verify_row *r);

#endif
