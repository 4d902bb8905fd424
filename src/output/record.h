/* src/output/record.h - TSV records of a run, written so that a failed run leaves no half file.
 *
 * The table goes to DIR/.NAME.tsv.tmp.XXXXXX and is renamed to DIR/NAME.tsv only by
 * lt_record_commit() (or with its sidecar and plots, afile.h's lt_pending); lt_record_abort() (or
 * any write error) removes the temporary file, so the final name holds either a complete table or
 * what it held before.  The rows of a run that failed may be kept as DIR/NAME.tsv.partial
 * (lt_afile_commit_as), never under the final name.
 *
 * Columns (the public contract; units SI; local frame x = normal A->B): the list
 * src/base/record_columns.def, docs/records.md: step time stage contact ux ... kt, then one column
 * per energy of the law (J), then the driver's work kin damp brk balance_err form unbooked (J),
 * then the tail (none yet), then the law's state variables a test asked for (`state.NAME`, in
 * the order asked; lt_record_open_state).
 * Numbers are written in shortest round-trip form (strtod reads back the same double).
 */
#ifndef LT_RECORD_H
#define LT_RECORD_H
#include "driver/driver.h"
#include "output/afile.h"
#include "output/outlimit.h"

typedef struct lt_record {
    lt_afile f;       /* f.final_path: DIR/NAME.tsv */
    int n_law_energy; /* the law's energies, before the driver's */
    long rows;
    int have_force; /* 1 once a row with a contact was written; then: */
    double fn_min, fn_max,
        ft_max;       /* N: range of Fx and largest |(Fy, Fz)| over rows with a contact */
    lt_outlimit *lim; /* the run's output bounds (NULL: none); every row is counted there */
    int limit_hit;    /* LT_OUT_LIMIT or LT_OUT_DISK: a row was refused by lim (not written) */
    int stop;         /* a write failed or a row was refused: the run stops (lt_observer.stop) */
    int n_state;      /* the law's state variables recorded as the last columns, */
    const int *state; /* by index into the law's state, in the order of the columns (the
                         caller's array, kept until the record is committed or aborted) */
} lt_record;

/* The prefix of a state variable's column: `state.deltaMax`.  No other column has a '.' (names
 * of columns, energies and state variables are identifiers), so none can clash. */
#define LT_RECORD_STATE_PREFIX "state."

/* Open DIR/NAME.tsv for writing (through a temporary file) and write the header line; lim (may
 * be NULL) counts its bytes.  Returns 0, or -1 with a message in err. */
int lt_record_open(lt_record *r, const char *dir, const char *name, const lt_law *law,
                   lt_outlimit *lim, char *err, size_t errlen);
/* The same, the law's state variables state[0..n_state) (indices into its state, each at most
 * once; the array is the caller's and must outlive the record) recorded after the other
 * columns, read from the tester each row hands the callback. */
int lt_record_open_state(lt_record *r, const char *dir, const char *name, const lt_law *law,
                         const int *state, int n_state, lt_outlimit *lim, char *err, size_t errlen);
/* Row callback for lt_run (ctx = lt_record*). */
void lt_record_row(void *ctx, const lt_tester *t, const lt_snapshot *s);
/* Flush, close and rename to the final name. Returns 0, or -1 with a message (temp removed). */
int lt_record_commit(lt_record *r, char *err, size_t errlen);
/* Close and remove the temporary file. */
void lt_record_abort(lt_record *r);

/* Write n bytes to DIR/name through a temporary file and a rename. Returns 0, or -1 with a
 * message (nothing left behind). */
int lt_write_file_atomic(const char *dir, const char *name, const char *text, size_t n, char *err,
                         size_t errlen);
/* The same, the temporary file added to p instead of renamed (p NULL: renamed now). */
int lt_write_file_pending(const char *dir, const char *name, const char *text, size_t n,
                          lt_pending *p, char *err, size_t errlen);

/* The fixed column names before the energies. */
extern const char *const lt_record_columns[];
extern const int lt_record_ncolumns;
/* Every column of a record of this law, by index: their count, the name of column c and its
 * value in the state s (the order of the header, src/base/record_columns.def). */
int lt_record_column_count(const lt_law *law);
const char *lt_record_column_name(const lt_law *law, int c);
double lt_record_value(const lt_law *law, const lt_snapshot *s, int c);

#endif
