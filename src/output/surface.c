/* src/output/surface.c - sample a law's yield surface into NAME-surface.tsv (see surface.h). */
#include "output/surface.h"
#include "base/watch.h"
#include "contact/registry.h"
#include "contact/yield.h"
#include "output/fmt.h"
#include "output/record.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lt_surface_range(const lt_law *law, const double *param, const double *state, double fn_min,
                      double fn_max, double ft_max, double *lo, double *hi)
{
    const lt_yield *y = lt_law_yield(law);
    double scale = fmax(fmax(fabs(fn_min), fabs(fn_max)), ft_max);
    if (y) {
        double tip = y->fn_max(param, state);
        if (isfinite(tip)) scale = fmax(scale, fabs(tip));
    }
    if (!(scale > 0) || !isfinite(scale)) scale = 1;
    *lo = fmin(fn_min, 0) - 0.1 * scale;
    *hi = fmax(fn_max, 0) + 0.1 * scale;
}

/* Write text (len bytes, malloc'ed; freed here) as DIR/NAME-surface.tsv among the pending files
 * p.  Returns 1, or -1 with the message in err. */
static int publish_surface(const char *dir, const char *name, char *text, size_t len, lt_pending *p,
                           char *err, size_t errlen)
{
    size_t nl = strlen(name);
    char *file = malloc(nl + 16);
    int rc = -1;
    if (file) {
        snprintf(file, nl + 16, "%s-surface.tsv", name);
        rc = lt_write_file_pending(dir, file, text, len, p, err, errlen) < 0 ? -1 : 1;
    } else {
        snprintf(err, errlen, "out of memory");
    }
    free(file);
    free(text);
    return rc;
}

/* Sample one curve into fn/ft (at most LT_SURFACE_POINTS + 2 points); returns the count. */
static int sample(const lt_yield *y, const double *param, const double *state, double lo, double hi,
                  double *fn, double *ft)
{
    double tip = y->fn_max(param, state);
    double top = fmin(hi, tip);
    if (!(top > lo)) return 0;
    const double pi = LT_PI;
    int n = 0;
    for (int i = 0; i <= LT_SURFACE_POINTS; i++) {
        double x = i == LT_SURFACE_POINTS
                       ? top
                       : lo + (top - lo) * 0.5 * (1 - cos(pi * i / LT_SURFACE_POINTS));
        double f = y->ft_max(param, state, x);
        if (!(f >= 0) || !isfinite(f)) continue;
        fn[n] = x, ft[n] = f, n++;
    }
    if (n > 0 && top == tip && ft[n - 1] > 0) fn[n] = tip, ft[n] = 0, n++;
    return n;
}

static size_t put_row(char *p, int curve, double fn, double ft)
{
    char *s = p;
    *p++ = (char)('0' + curve);
    *p++ = '\t';
    p += lt_fmt_double(p, fn);
    *p++ = '\t';
    p += lt_fmt_double(p, ft);
    *p++ = '\n';
    return (size_t)(p - s);
}

int lt_surface_write(const char *dir, const char *name, const lt_law *law, const double *param,
                     const double *state0, const double *state1, double lo, double hi, char *err,
                     size_t errlen)
{
    return lt_surface_write_pending(dir, name, law, param, state0, state1, lo, hi, NULL, err,
                                    errlen);
}

int lt_surface_write_pending(const char *dir, const char *name, const lt_law *law,
                             const double *param, const double *state0, const double *state1,
                             double lo, double hi, lt_pending *p, char *err, size_t errlen)
{
    const lt_yield *y = lt_law_yield(law);
    if (!y) return 0;
    enum { CAP = LT_SURFACE_POINTS + 2 };
    double fn[2][CAP], ft[2][CAP];
    int n0 = sample(y, param, state0, lo, hi, fn[0], ft[0]);
    int n1 = state1 ? sample(y, param, state1, lo, hi, fn[1], ft[1]) : 0;
    /* the same surface */
    if (n1 == n0 && memcmp(fn[0], fn[1], (size_t)n0 * sizeof(double)) == 0 &&
        memcmp(ft[0], ft[1], (size_t)n0 * sizeof(double)) == 0)
        n1 = 0;
    if (n0 + n1 == 0) return 0;
    char *text = malloc((size_t)(n0 + n1 + 1) * 64);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t len = (size_t)sprintf(text, "curve\tFn\tFt\n");
    for (int i = 0; i < n0; i++) len += put_row(text + len, 0, fn[0][i], ft[0][i]);
    for (int i = 0; i < n1; i++) len += put_row(text + len, 1, fn[1][i], ft[1][i]);
    return publish_surface(dir, name, text, len, p, err, errlen);
}

/* ---- sections in a pair of DoFs ---------------------------------------------------- */

int lt_surface_section_pending(const char *dir, const char *name, const lt_law *law,
                               const double *param, const double *state, const double f0[LT_DOF],
                               const int dofs[2], const double scale[2], lt_pending *p, char *err,
                               size_t errlen)
{
    const lt_yield *y = lt_law_yield(law);
    if (!y) return 0;
    char *text = malloc((size_t)(LT_SECTION_RAYS + 2) * (4 * FMT_DOUBLE_MAX + 8));
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t len = (size_t)sprintf(text, "curve\tangle\tFI\tFJ\n");
    const double pi = LT_PI;
    for (int m = 0; m <= LT_SECTION_RAYS;
         m++) { /* the last ray repeats the first: a closed curve */
        double phi = 2 * pi * (m % LT_SECTION_RAYS) / LT_SECTION_RAYS, d[LT_DOF] = {0};
        d[dofs[0]] = 2 * scale[0] * cos(phi);
        d[dofs[1]] = 2 * scale[1] * sin(phi);
        double s = lt_yield_ray(y, param, state, f0, d);
        char *q = text + len;
        if (isnan(s)) {
            *q++ = '\n';
        } else {
            q += sprintf(q, "0\t");
            q += lt_fmt_double(q, phi);
            *q++ = '\t';
            q += lt_fmt_double(q, f0[dofs[0]] + s * d[dofs[0]]);
            *q++ = '\t';
            q += lt_fmt_double(q, f0[dofs[1]] + s * d[dofs[1]]);
            *q++ = '\n';
        }
        len = (size_t)(q - text);
    }
    return publish_surface(dir, name, text, len, p, err, errlen);
}
