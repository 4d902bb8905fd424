/* src/verify/verify_xfail.h - expected failures of verify rows (docs/case-scripts.md, "Expected
 * failures"; docs/verify.md).  A unit marked `xfail` - an expectation or a whole case of a case
 * file, one quantity of a law's case (lt_expect.xfail) - documents a known defect of the law
 * under test.  Its rows are held until the unit ends and then resolved together
 * (src/verify/verify.h, lt_verify_row_xfail): if any of them failed, the failed ones are XFAIL (not
 * counted as failed) and the others plain PASS; if none failed, every row is XPASS (counted as
 * failed: the defect is gone, the mark must go).  So a quantity whose value is wrong but whose
 * order is right (or the reverse) can be marked as a whole. */
#ifndef LT_VERIFY_XFAIL_H
#define LT_VERIFY_XFAIL_H
#include "verify/verify.h"

typedef void (*lt_row_sink)(void *ctx, const lt_verify_row *row);

typedef struct lt_xfail_unit {
    char *why;           /* NULL: not an expected failure, rows go straight to the sink */
    lt_verify_row *rows; /* held, strings owned */
    int n, cap;
} lt_xfail_unit;

/* Start a unit (why NULL: rows pass through).  Returns 0, or -1 when out of memory (the unit
 * then passes its rows through unresolved: a failure stays a failure). */
int lt_xfail_begin(lt_xfail_unit *u, const char *why);
/* A checked row of the unit: held (its strings copied), or handed to sink at once when the unit
 * is not an expected failure (or a copy cannot be made). */
void lt_xfail_row(lt_xfail_unit *u, const lt_verify_row *row, lt_row_sink sink, void *ctx);
/* End the unit: its rows resolved as above and handed to sink in the order they came; frees. */
void lt_xfail_end(lt_xfail_unit *u, lt_row_sink sink, void *ctx);

#endif
