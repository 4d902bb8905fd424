/* src/output/meta.h - the sidecar DIR/NAME.meta of a recorded test: what is constant over a run or
 * over a contact, kept out of the TSV rows (docs/records.md).
 *
 * Format: text, one `key<TAB>value` per line, a first comment line starting with '#'; vectors
 * are three space-separated numbers; numbers in shortest round-trip form; SI units.
 *   name law dt abWeight normal gap                   the test (normal after placement)
 *   frame.x frame.y frame.z                           the local axes of state 0, global
 *                                                     components (x = normal; y, z tangential)
 *   A.* B.*                                           each body: shape, its size keys, pos
 *                                                     (initial, after placement), mass, fixed
 *   stiffness.rule stiffness.area stiffness.lengths   the stiffness rule and its conventions
 *   stiffness.ratio stiffness.kn stiffness.kt         when given
 *   contact.K.step contact.K.uN0 contact.K.l1 contact.K.l2 contact.K.contA contact.K.kn
 *   contact.K.kt contact.K.tanPhi                     the rule's values for the K-th contact
 *                                                     formed (K = 1, 2, ...)
 *   contacts                                          number of contacts formed
 *   define.NAME                                       each `run -D NAME=VALUE`, VALUE as given
 *   status                                            last line: `complete`, or `failed: MESSAGE`
 *                                                     in the NAME.meta.partial of a failed run
 * Written through afile (temporary file + rename), committed with the TSV.
 */
#ifndef LT_META_H
#define LT_META_H
#include "driver/driver.h"
#include "output/afile.h"
#include "output/outlimit.h"

typedef struct lt_meta {
    lt_afile f;
    long contacts;
    lt_outlimit *lim;  /* NULL, or the run's output bounds: the lines written are counted there */
    long long counted; /* bytes of the file counted in lim so far */
} lt_meta;

/* Open DIR/NAME.meta and write the test's lines; lim (may be NULL) counts its bytes (a contact's
 * lines when the contact forms; the closing lines are within LT_OUTLIMIT_RESERVE).  Returns 0,
 * or -1 with a message. */
int lt_meta_open(lt_meta *m, const char *dir, const char *name, const lt_test *test,
                 lt_outlimit *lim, char *err, size_t errlen);
/* After lt_meta_open: a line `define.NAME<TAB>VALUE` for each of the n strings NAME=VALUE
 * (`run -D`; tabs and newlines of VALUE written as spaces). */
void lt_meta_defines(lt_meta *m, const char *const *defines, int n);
/* Contact-formation callback for lt_run_observed (ctx = lt_meta*). */
void lt_meta_contact(void *ctx, const lt_tester *t);
/* Write the last lines: the count of contacts and `status<TAB>STATUS` ("complete", or "failed:
 * ..." for the sidecar of a partial record; newlines and tabs become spaces).  Then commit or
 * close the afile m->f. */
void lt_meta_finish(lt_meta *m, const char *status);
/* lt_meta_finish(m, "complete"), flush, rename.  Returns 0, or -1 with a message (temporary file
 * removed). */
int lt_meta_commit(lt_meta *m, char *err, size_t errlen);
void lt_meta_abort(lt_meta *m);

#endif
