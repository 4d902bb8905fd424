/* src/tools/compare.c - two tables compared on a shared key (compare.h, docs/compare.md): the
 * column pairs, the key's order, the points and the interpolation, the verdicts and the summary. */
#define _POSIX_C_SOURCE 200809L
#include "tools/compare.h"
#include "base/quote.h"
#include "output/fmt.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef char quoted[LT_QUOTE_KEEP + 1];

static const char *q(const char *s, quoted buf)
{
    return lt_quote(s, buf, sizeof(quoted), LT_QUOTE_KEEP);
}

/* ---- a pair REFCOL=[-]NEWCOL[*FACTOR][:ATOL] ------------------------------------------------ */

typedef struct pair {
    char *ref, *nw, *label;
    double scale;
    double atol; /* the pair's own absolute tolerance; NaN: none given (the --atol) */
} pair;

static void pair_free(pair *p)
{
    free(p->ref);
    free(p->nw);
    free(p->label);
}

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) memcpy(d, s, n), d[n] = 0;
    return d;
}

/* The tail ":ATOL" of text[0..*n): NaN when there is none (no ':', or what follows the last one
 * is not a number and starts with neither a digit, a sign nor a point: a ':' in a column's name,
 * "a:b"), else the tolerance, *n cut before the ':' (-1: not a finite number >= 0). */
static double pair_atol(const char *text, size_t *n)
{
    size_t c = *n;
    while (c && text[c - 1] != ':') c--;
    if (!c) return NAN;
    char *f = dup_n(text + c, *n - c), *end;
    if (!f) return -1;
    double x = strtod(f, &end);
    int number = *f && !*end;
    if (*f && !number && !strchr("0123456789.+-", *f)) {
        free(f);
        return NAN;
    }
    free(f);
    *n = c - 1;
    return number && isfinite(x) && x >= 0 ? x : -1;
}

/* text[0..n) (blanks around it dropped) into p.  0, or -1 with err naming opt. */
static int parse_pair(const char *text, size_t n, const char *opt, pair *p, char *err,
                      size_t errlen)
{
    memset(p, 0, sizeof *p);
    while (n && (*text == ' ' || *text == '\t')) text++, n--;
    while (n && (text[n - 1] == ' ' || text[n - 1] == '\t')) n--;
    quoted q1;
    size_t given = n;
    p->atol = pair_atol(text, &n);
    if (p->atol < 0 || (!isnan(p->atol) && strcmp(opt, "--key") == 0)) {
        char *whole = dup_n(text, given);
        snprintf(err, errlen,
                 p->atol < 0 ? "%s '%s': the tolerance after ':' must be a number >= 0"
                             : "%s '%s': the key takes no tolerance (':' is for --cols)",
                 opt, q(whole ? whole : "", q1));
        free(whole);
        return -1;
    }
    char *whole = dup_n(text, n);
    if (!whole) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    p->label = whole;
    const char *eq = memchr(text, '=', n);
    size_t rl = eq ? (size_t)(eq - text) : n;
    const char *ns = eq ? eq + 1 : text;
    size_t nl = eq ? n - rl - 1 : n;
    p->scale = 1;
    if (eq && nl && *ns == '-') p->scale = -1, ns++, nl--;
    const char *star = nl ? memchr(ns, '*', nl) : NULL;
    for (const char *s = star; s && (size_t)(s - ns) < nl;
         /* the last '*' */
         s = memchr(s + 1, '*', nl - (size_t)(s + 1 - ns)))
        star = s;
    if (eq && star) {
        char *f = dup_n(star + 1, nl - (size_t)(star + 1 - ns)), *end;
        double x = f ? strtod(f, &end) : 0;
        int ok = f && *f && !*end && isfinite(x) && x != 0;
        free(f);
        if (!ok) {
            snprintf(err, errlen,
                     "%s '%s': the factor after '*' must be a finite number other than 0", opt,
                     q(whole, q1));
            pair_free(p);
            return -1;
        }
        p->scale *= x;
        nl = (size_t)(star - ns);
    }
    if (rl == 0 || nl == 0 || (!eq && memchr(text, '*', n))) {
        snprintf(
            err, errlen,
            "%s '%s': expected COL or REFCOL=NEWCOL, NEWCOL optionally as -NEWCOL or NEWCOL*FACTOR",
            opt, q(whole, q1));
        pair_free(p);
        return -1;
    }
    p->ref = dup_n(text, rl);
    p->nw = dup_n(ns, nl);
    if (!p->ref || !p->nw) {
        snprintf(err, errlen, "out of memory");
        pair_free(p);
        return -1;
    }
    return 0;
}

/* The column called name in t (read from path), or -1 with err "PATH:LINE: field header: ...". */
static int find_col(const lt_table *t, const char *path, const char *name, const char *opt,
                    const char *given, char *err, size_t errlen)
{
    int c = lt_table_col(t, name);
    if (c >= 0) return c;
    quoted q1, q2, q3;
    char names[200];
    lt_table_names(t, names, sizeof names);
    snprintf(err, errlen, "%s:%d: field header: no column '%s' (%s %s); the columns are: %s",
             q(path, q1), t->header_line, q(name, q2), opt, q(given, q3), names);
    return -1;
}

/* ---- the key: order and interpolation ------------------------------------------------------- */

/* The key column k of t in increasing order into key[], with the row of each in row[] (a
 * decreasing key is read backwards); scale times the file's value.  0, or -1 with err naming the
 * row where it stops being strictly monotonic. */
static int key_order(const lt_table *t, const char *path, int k, double scale, double *key,
                     long *row, char *err, size_t errlen)
{
    long n = t->nrows;
    int down = n > 1 && t->v[t->ncols + k] < t->v[k];
    for (long i = 0; i < n; i++) {
        double x = t->v[i * t->ncols + k];
        double prev = i ? t->v[(i - 1) * t->ncols + k] : 0;
        if (!isfinite(x) || (i && !(down ? x < prev : x > prev))) {
            quoted q1, q2;
            char a[FMT_DOUBLE_MAX + 1], b[FMT_DOUBLE_MAX + 1];
            lt_fmt_double_nul(a, x);
            lt_fmt_double_nul(b, prev);
            if (!isfinite(x))
                snprintf(err, errlen,
                         "%s:%ld: field %s: the key is %s (it must be a finite number)",
                         q(path, q1), t->line[i], q(t->names[k], q2), a);
            else
                snprintf(err, errlen,
                         "%s:%ld: field %s: %s after %s (line %ld): the key must increase "
                         "strictly, or decrease strictly, through the table",
                         q(path, q1), t->line[i], q(t->names[k], q2), a, b, t->line[i - 1]);
            return -1;
        }
        long r = down ? n - 1 - i : i;
        key[i] = scale * t->v[r * t->ncols + k];
        row[i] = r;
    }
    if (scale < 0) /* a negative factor turns the order round */
        for (long i = 0, j = n - 1; i < j; i++, j--) {
            double x = key[i];
            long r = row[i];
            key[i] = key[j], row[i] = row[j];
            key[j] = x, row[j] = r;
        }
    return 0;
}

static long count_in(const double *key, long n, double lo, double hi)
{
    long m = 0;
    for (long i = 0; i < n; i++) m += key[i] >= lo && key[i] <= hi;
    return m;
}

/* ---- the comparison -------------------------------------------------------------------------- */

void lt_compare_free(lt_compare *c)
{
    for (int i = 0; i < c->ncols; i++) {
        free(c->cols[i].label);
        free(c->cols[i].ref_name);
        free(c->cols[i].new_name);
    }
    free(c->cols);
    free(c->key_ref);
    free(c->key_new);
    free(c->key);
    free(c->refv);
    free(c->newv);
    lt_table_free(&c->ref);
    lt_table_free(&c->nw);
    memset(c, 0, sizeof *c);
}

static int add_col(lt_compare *c, pair *p, char *err, size_t errlen)
{
    int rc = find_col(&c->ref, c->ref_path, p->ref, "--cols", p->label, err, errlen);
    int nc = rc < 0 ? -1 : find_col(&c->nw, c->new_path, p->nw, "--cols", p->label, err, errlen);
    if (rc < 0 || nc < 0) return -1;
    if (c->ncols == c->cols_cap) { /* doubled: a million columns in linear time */
        int cap = c->cols_cap ? 2 * c->cols_cap : 16;
        lt_compare_col *cols = realloc(c->cols, sizeof *cols * (size_t)cap);
        if (!cols) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        c->cols = cols;
        c->cols_cap = cap;
    }
    lt_compare_col *cols = c->cols;
    lt_compare_col *col = &cols[c->ncols++];
    memset(col, 0, sizeof *col);
    col->label = p->label, col->ref_name = p->ref, col->new_name = p->nw;
    col->ref_col = rc, col->new_col = nc, col->scale = p->scale, col->atol = p->atol;
    memset(p, 0, sizeof *p); /* owned by col now */
    return 0;
}

/* The columns of o->cols, or every shared one. */
static int choose_cols(lt_compare *c, const lt_compare_opts *o, char *err, size_t errlen)
{
    if (o->cols) {
        for (const char *s = o->cols;;) {
            const char *comma = strchr(s, ',');
            size_t n = comma ? (size_t)(comma - s) : strlen(s);
            size_t blanks = strspn(s, " \t");
            if (blanks >= n) {
                quoted q1;
                snprintf(err, errlen,
                         "--cols '%s': an empty pair (pairs are separated by one comma)",
                         q(o->cols, q1));
                return -1;
            }
            pair p;
            if (parse_pair(s, n, "--cols", &p, err, errlen) < 0) return -1;
            int rc = add_col(c, &p, err, errlen);
            pair_free(&p);
            if (rc < 0) return -1;
            if (!comma) return 0;
            s = comma + 1;
        }
    }
    for (int i = 0; i < c->ref.ncols; i++) {
        const char *name = c->ref.names[i];
        if (strcmp(name, c->key_ref) == 0 || strcmp(name, c->key_new) == 0 ||
            lt_table_col(&c->nw, name) < 0)
            continue;
        pair p = {.ref = strdup(name),
                  .nw = strdup(name),
                  .label = strdup(name),
                  .scale = 1,
                  .atol = NAN};
        if (!p.ref || !p.nw || !p.label) {
            pair_free(&p);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        int rc = add_col(c, &p, err, errlen);
        pair_free(&p);
        if (rc < 0) return -1;
    }
    if (c->ncols == 0) {
        quoted q1, q2, q3;
        snprintf(err, errlen,
                 "%s:%d: field header: no column in common with %s besides the key '%s' (name the "
                 "pairs: --cols REFCOL=NEWCOL,...)",
                 q(c->new_path, q1), c->nw.header_line, q(c->ref_path, q2), q(c->key_new, q3));
        return -1;
    }
    return 0;
}

/* The value of column col of table t at key x, interpolated linearly between the rows j and j + 1
 * of the increasing keys key[0..n) (row[]: their rows), key[j] <= x < key[j + 1]; x = key[j]
 * (also the last row, j = n - 1) takes row j's value exactly. */
static double at_key(const lt_table *t, int col, const double *key, const long *row, long n,
                     double x, long j)
{
    double y0 = t->v[row[j] * t->ncols + col];
    if (key[j] == x || j + 1 >= n) return y0;
    double y1 = t->v[row[j + 1] * t->ncols + col];
    return y0 + (x - key[j]) / (key[j + 1] - key[j]) * (y1 - y0);
}

/* The difference at a point where REF is not finite (docs/compare.md, "Tolerance and verdict"):
 * 0 when NEW is the same (inf of the same sign, or NaN for NaN), else inf (NaN when one of them is
 * NaN: the message then says so). */
static double exact_diff(double r, double n)
{
    if (isnan(r) || isnan(n)) return isnan(r) && isnan(n) ? 0 : NAN;
    return n == r ? 0 : INFINITY;
}

static int compare_points(lt_compare *c, const lt_compare_opts *o, char *err, size_t errlen)
{
    long nr = c->ref.nrows, nn = c->nw.nrows;
    double *kr = malloc(sizeof *kr * (size_t)nr), *kn = malloc(sizeof *kn * (size_t)nn);
    long *rr = malloc(sizeof *rr * (size_t)nr), *rn = malloc(sizeof *rn * (size_t)nn);
    int rc = -1;
    int kref = lt_table_col(&c->ref, c->key_ref), knew = lt_table_col(&c->nw, c->key_new);
    if (!kr || !kn || !rr || !rn) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    if (key_order(&c->ref, c->ref_path, kref, 1, kr, rr, err, errlen) < 0 ||
        key_order(&c->nw, c->new_path, knew, c->key_scale, kn, rn, err, errlen) < 0)
        goto out;
    double lo = fmax(kr[0], kn[0]), hi = fmin(kr[nr - 1], kn[nn - 1]);
    if (lo > hi) {
        quoted q1, q2;
        char a[4][FMT_DOUBLE_MAX + 1];
        lt_fmt_double_nul(a[0], kr[0]), lt_fmt_double_nul(a[1], kr[nr - 1]);
        lt_fmt_double_nul(a[2], kn[0]), lt_fmt_double_nul(a[3], kn[nn - 1]);
        quoted q3;
        snprintf(err, errlen,
                 "%s:%d: field %s: the key ranges do not overlap: [%s, %s] here, [%s, %s] in %s "
                 "(in REF's units)",
                 q(c->new_path, q1), c->nw.header_line, q(c->key_new, q3), a[2], a[3], a[0], a[1],
                 q(c->ref_path, q2));
        goto out;
    }
    long in_r = count_in(kr, nr, lo, hi), in_n = count_in(kn, nn, lo, hi);
    /* the sparser table's keys, but one with keys in the range (the range's ends are keys of
     * the two tables: one of them has a key in it) */
    c->on_new = in_n > 0 && (in_n < in_r || in_r == 0);
    const double *ks = c->on_new ? kn : kr, *kd = c->on_new ? kr : kn;
    const long *rs = c->on_new ? rn : rr, *rd = c->on_new ? rr : rn;
    const lt_table *ts = c->on_new ? &c->nw : &c->ref, *td = c->on_new ? &c->ref : &c->nw;
    long ns = c->on_new ? nn : nr, nd = c->on_new ? nr : nn;
    c->points = c->on_new ? in_n : in_r;
    c->outside = ns - c->points;
    int m = c->ncols;
    c->key = malloc(sizeof *c->key * (size_t)c->points);
    c->refv = malloc(sizeof *c->refv * (size_t)c->points * (size_t)m);
    c->newv = malloc(sizeof *c->newv * (size_t)c->points * (size_t)m);
    if (!c->key || !c->refv || !c->newv) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    for (int k = 0; k < m; k++) {
        lt_compare_col *col = &c->cols[k];
        col->max_ref = 0; /* the finite maximum: a non-finite point is compared exactly */
        for (long i = 0; i < nr; i++) {
            double a = fabs(c->ref.v[i * c->ref.ncols + col->ref_col]);
            if (isfinite(a)) col->max_ref = fmax(col->max_ref, a);
        }
        col->tol = (isnan(col->atol) ? o->atol : col->atol) + o->rtol * col->max_ref;
        col->max_diff = -1;
        col->at_key = NAN;
    }
    long p = 0, j = 0;
    for (long i = 0; i < ns; i++) {
        double x = ks[i];
        if (x < lo || x > hi) continue;
        c->key[p] = x;
        while (j + 1 < nd && kd[j + 1] <= x) j++; /* the points come in increasing order */
        for (int k = 0; k < m; k++) {
            lt_compare_col *col = &c->cols[k];
            int cs = c->on_new ? col->new_col : col->ref_col,
                cd = c->on_new ? col->ref_col : col->new_col;
            double vs = ts->v[rs[i] * ts->ncols + cs], vd = at_key(td, cd, kd, rd, nd, x, j);
            double r = c->on_new ? vd : vs, n = (c->on_new ? vs : vd) * col->scale,
                   d = isfinite(r) ? fabs(n - r) : exact_diff(r, n);
            c->refv[p * m + k] = r;
            c->newv[p * m + k] = n;
            if (isnan(d) ? !isnan(col->max_diff) : d > col->max_diff)
                col->max_diff = d, col->at_key = x;
        }
        p++;
    }
    for (int k = 0; k < m; k++) {
        lt_compare_col *col = &c->cols[k];
        col->pass = !isnan(col->max_diff) && col->max_diff <= col->tol;
    }
    rc = 0;
out:
    free(kr);
    free(kn);
    free(rr);
    free(rn);
    return rc;
}

int lt_compare_run(lt_compare *c, const char *ref, const char *nw, const lt_compare_opts *o,
                   char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->ref_path = ref, c->new_path = nw;
    pair key;
    const char *ks = o->key ? o->key : "time";
    if (parse_pair(ks, strlen(ks), "--key", &key, err, errlen) < 0) return -1;
    c->key_ref = key.ref, c->key_new = key.nw, c->key_scale = key.scale;
    key.ref = key.nw = NULL;
    int rc = lt_table_read(&c->ref, ref, err, errlen) < 0 ||
                     lt_table_read(&c->nw, nw, err, errlen) < 0 ||
                     find_col(&c->ref, ref, c->key_ref, "--key", key.label, err, errlen) < 0 ||
                     find_col(&c->nw, nw, c->key_new, "--key", key.label, err, errlen) < 0 ||
                     choose_cols(c, o, err, errlen) < 0 || compare_points(c, o, err, errlen) < 0
                 ? -1
                 : 0;
    pair_free(&key);
    if (rc < 0) lt_compare_free(c);
    return rc;
}

/* ---- the summary ---------------------------------------------------------------------------- */

int lt_compare_print(const lt_compare *c, FILE *out, FILE *fail)
{
    quoted q1, q2, q3;
    const char *sampled = c->on_new ? "NEW" : "REF", *other = c->on_new ? "REF" : "NEW";
    fprintf(out,
            "compare: REF %s (%ld rows), NEW %s (%ld rows), key %s: %s's %ld point%s, %s "
            "interpolated linearly",
            q(c->ref_path, q1), c->ref.nrows, q(c->new_path, q2), c->nw.nrows, q(c->key_ref, q3),
            sampled, c->points, c->points == 1 ? "" : "s", other);
    if (c->outside)
        fprintf(out, "; %ld of %s's rows outside %s's key range, not compared", c->outside, sampled,
                other);
    fprintf(out, "\n");
    int w = (int)strlen("column"), failed = 0;
    for (int k = 0; k < c->ncols; k++) {
        int l = (int)strlen(lt_quote(c->cols[k].label, q1, sizeof q1, 40));
        w = l > w ? l : w;
    }
    char at[64];
    snprintf(at, sizeof at, "at %s", lt_quote(c->key_ref, q1, sizeof q1, 20));
    fprintf(out, "%-*s  %8s  %-12s  %-12s  %-14s  %-12s  %s\n", w, "column", "points", "max|REF|",
            "max|diff|", at, "tolerance", "result");
    for (int k = 0; k < c->ncols; k++) {
        const lt_compare_col *col = &c->cols[k];
        fprintf(out, "%-*s  %8ld  %-12.4g  %-12.4g  %-14.8g  %-12.4g  %s\n", w,
                lt_quote(col->label, q1, sizeof q1, 40), c->points, col->max_ref, col->max_diff,
                col->at_key, col->tol, col->pass ? "PASS" : "FAIL");
    }
    for (int k = 0; k < c->ncols; k++) {
        const lt_compare_col *col = &c->cols[k];
        if (col->pass) continue;
        failed++;
        if (!fail) continue;
        if (isnan(col->max_diff))
            fprintf(fail, "lawtester: compare: %s: a value is nan at %s = %.17g\n",
                    lt_quote(col->label, q1, sizeof q1, 40),
                    lt_quote(c->key_ref, q2, sizeof q2, 20), col->at_key);
        else
            fprintf(fail,
                    "lawtester: compare: %s: |NEW - REF| = %.6g at %s = %.17g > tolerance %.6g "
                    "(max|REF| %.6g)\n",
                    lt_quote(col->label, q1, sizeof q1, 40), col->max_diff,
                    lt_quote(c->key_ref, q2, sizeof q2, 20), col->at_key, col->tol, col->max_ref);
    }
    return failed;
}
