/* tests/drive.h - helpers for tests that drive the C API directly: stage conditions as C
 * callbacks, row collection, and the linear law's reference path (kn = 1e6 N/m, kt = 5e5 N/m,
 * tanPhi = tan 0.5). */
#ifndef LT_TEST_DRIVE_H
#define LT_TEST_DRIVE_H
#include "driver/driver.h"
#include <stddef.h>

enum { COND_UN_BELOW, COND_U_ABOVE, COND_NO_CONTACT, COND_STEPS, COND_REBOUND };

/* A stage condition: kind COND_* (uN <= x, u[dof] >= x, no contact, stage.step >= n,
 * rebound); calls counts its evaluations. */
typedef struct cond {
    int kind;
    int dof;
    double x;
    long n;
    int calls;
} cond;

int until_cb(void *ctx, lt_tester *t);

typedef struct rows {
    lt_snapshot *s;
    size_t n, cap;
} rows;

/* lt_row_cb appending every recorded state to a rows (ctx). */
void collect(void *ctx, const lt_tester *t, const lt_snapshot *s);

lt_stage stage(const char *whats, double v0, double v1, double v2, double v3, double v4, double v5,
               cond *c);
lt_test linear_test(vec3 normal, int fixed);

/* Every DoF imposed on two free bodies of unequal size (radii 0.1 and 0.07 m) with an uneven
 * split (abWeight 0.3), an initial spin of A and an oblique normal (1,2,3): compress to 0.505 mm,
 * all six DoFs for 800 steps, twist 400, bending 400, normal and shear with twist 300 (step
 * counts, and a threshold off the multiples of v dt, so that no stage ends on a round-off tie).
 * st and c are the caller's (5 each), the test points to st. */
lt_test every_dof_test(lt_stage st[5], cond c[5]);

/* A run recorded every step (or as t says): its rows and the final tester (free_run frees). */
typedef struct recorded_run {
    rows r;
    lt_tester *T;
    int rc;
} recorded_run;
void record_run(const lt_test *t, recorded_run *o);
void free_run(recorded_run *o);

#endif
