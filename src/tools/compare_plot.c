/* src/tools/compare_plot.c - `lawtester compare --plot DIR` (compare.h): the compared points of
 * each column as a table DIR/compare-COL.tsv and its plots from plots/compare/, published together.
 *
 * The table is tab-separated, one header line, then one row per compared point:
 *   1  the key (REF's column name and units)
 *   2  the REF value                 header "COL (REF FILE)"
 *   3  the NEW value, times the pair's factor, in REF's units
 *                                    header "NEWCOL (NEW FILE)", e.g. "-fn (NEW lammps.txt,
 *                                    interpolated)"
 *   4  NEW - REF                     header "NEW - REF"
 *   5  the column's tolerance        header "tolerance"
 * ", interpolated" marks the table whose values were interpolated at the other's keys.  Column
 * names hold no blank (table_read.h), so the first word of a header is the column's name: the
 * plot scripts read their labels from the header (gnuplot's columnhead). */
#define _POSIX_C_SOURCE 200809L
#include "base/quote.h"
#include "output/afile.h"
#include "output/fmt.h"
#include "output/plot.h"
#include "tools/compare.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* name with every character but letters, digits, '.', '_' and '-' made '_' (a file name) */
static void sanitize(const char *name, char *out, size_t n)
{
    size_t m = 0;
    for (const char *p = name; *p && m + 1 < n; p++) {
        char ch = *p;
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                 ch == '.' || ch == '_' || ch == '-';
        out[m++] = ok ? ch : '_';
    }
    out[m] = 0;
}

/* "compare-COL" for column k (COL: its REF column, sanitized), with "-2", "-3"... after it when
 * earlier columns gave the same name (--cols Fx=a,Fx=b). */
static void stem(const lt_compare *c, int k, char *out, size_t n)
{
    char mine[160], other[160];
    sanitize(c->cols[k].ref_name, mine, sizeof mine);
    int dup = 0;
    for (int j = 0; j < k; j++) {
        sanitize(c->cols[j].ref_name, other, sizeof other);
        dup += strcmp(mine, other) == 0;
    }
    if (dup)
        snprintf(out, n, "compare-%s-%d", mine, dup + 1);
    else
        snprintf(out, n, "compare-%s", mine);
}

/* The table of column k into p; its temporary and final paths are p's last entry. */
static int write_table(const lt_compare *c, int k, const char *dir, const char *name, lt_pending *p,
                       char *err, size_t errlen)
{
    lt_afile f;
    if (lt_afile_open(&f, dir, name, ".tsv", 1 << 16, err, errlen) < 0) return -1;
    const lt_compare_col *col = &c->cols[k];
    char q1[LT_QUOTE_KEEP + 1], q2[LT_QUOTE_KEEP + 1], q3[LT_QUOTE_KEEP + 1], q4[LT_QUOTE_KEEP + 1],
        q5[LT_QUOTE_KEEP + 1];
    /* the NEW side of the pair as given: the label after its '=' */
    const char *eq = strchr(col->label, '=');
    const char *nspec = eq ? eq + 1 : col->label;
    while (*nspec == ' ' || *nspec == '\t') nspec++;
    fprintf(f.fp, "%s\t%s (REF %s%s)\t%s (NEW %s%s)\tNEW - REF\ttolerance\n",
            lt_quote(c->key_ref, q1, sizeof q1, 40), lt_quote(col->ref_name, q2, sizeof q2, 40),
            lt_quote(base_name(c->ref_path), q3, sizeof q3, 60), c->on_new ? ", interpolated" : "",
            lt_quote(nspec, q4, sizeof q4, 40), lt_quote(base_name(c->new_path), q5, sizeof q5, 60),
            c->on_new ? "" : ", interpolated");
    int m = c->ncols;
    for (long i = 0; i < c->points; i++) {
        char line[5 * (FMT_DOUBLE_MAX + 1) + 1], *s = line;
        double r = c->refv[i * m + k], n = c->newv[i * m + k];
        const double v[5] = {c->key[i], r, n, n - r, col->tol};
        for (int j = 0; j < 5; j++) {
            s += lt_fmt_double(s, v[j]);
            *s++ = j < 4 ? '\t' : '\n';
        }
        if (fwrite(line, 1, (size_t)(s - line), f.fp) != (size_t)(s - line))
            lt_afile_fail(&f, errno);
    }
    return lt_afile_close_into(&f, p, err, errlen);
}

int lt_compare_plot(const lt_compare *c, const char *dir, char *err, size_t errlen)
{
    lt_pending p = {0};
    int rc = 0;
    for (int k = 0; k < c->ncols && rc == 0; k++) {
        char name[200];
        stem(c, k, name, sizeof name);
        lt_pending table = {0};
        rc = write_table(c, k, dir, name, &table, err, errlen);
        if (rc == 0) {
            lt_plot_input in = {.data = table.tmp[0], .base = table.final[0], .tanPhi = NAN};
            rc = lt_plot_pending("compare", &in, &p, err, errlen) < 0 ? -1 : 0;
            /* the table after its plots: published last, as a record is */
            if (lt_pending_add(&p, table.tmp[0], table.final[0]) < 0) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
            }
            table.n = 0;
        }
        free(table.tmp);
        free(table.final);
    }
    if (rc == 0)
        rc = lt_pending_publish(&p, err, errlen);
    else
        lt_pending_discard(&p);
    return rc;
}
