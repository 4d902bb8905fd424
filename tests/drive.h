/* tests/drive.h - helpers for tests that drive the C API directly: stage conditions as C
 * callbacks, row collection, and the linear-law test of the issues (kn = 1e6 N/m, kt = 5e5 N/m,
 * tanPhi = tan 0.5). */
#ifndef LT_TEST_DRIVE_H
#define LT_TEST_DRIVE_H
#include "../src/driver.h"
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

lt_stage stage(const char *whats, double v0, double v1, double v2, double v3, double v4, double v5, cond *c);
lt_test linear_test(vec3 normal, int fixed);

#endif
