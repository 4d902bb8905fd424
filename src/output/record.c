/* src/output/record.c - streaming TSV writer with temp-file + rename (see record.h). */
#define _POSIX_C_SOURCE 200809L
#include "output/record.h"
#include "base/watch.h"
#include "output/fmt.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const lt_record_columns[] = {
    "step", "time", "stage", "contact", "ux", "uy", "uz", "phix", "phiy", "phiz", "vx", "vy",
    "vz",   "wx",   "wy",    "wz",      "Fx", "Fy", "Fz", "Tx",   "Ty",   "Tz",   "kn", "kt"};
const int lt_record_ncolumns = (int)(sizeof lt_record_columns / sizeof lt_record_columns[0]);

#define RECORD_BUFSIZE (1 << 20)

int lt_record_open(lt_record *r, const char *dir, const char *name, const lt_law *law,
                   lt_outlimit *lim, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (lt_afile_open(&r->f, dir, name, ".tsv", RECORD_BUFSIZE, err, errlen) < 0) return -1;
    lt_afile_role(&r->f, LT_WF_TABLE); /* kept as .partial by a supervisor if the worker fails */
    FILE *fp = r->f.fp;
    r->lim = lim;
    r->n_energy = lt_energy_count(law);
    long long n = 0;
    for (int i = 0; i < lt_record_ncolumns; i++)
        n += fprintf(fp, i ? "\t%s" : "%s", lt_record_columns[i]);
    for (int i = 0; i < r->n_energy; i++) n += fprintf(fp, "\t%s", lt_energy_name(law, i));
    if (fputc('\n', fp) == EOF) lt_afile_fail(&r->f, errno);
    if (lim) lim->open += n + 1;
    r->stop = r->f.failed;
    return 0;
}

/* Decimal integer, as printf("%ld") writes it (snprintf cost as much as the rest of a row). */
static char *put_long(char *p, long v)
{
    char tmp[24];
    int n = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do tmp[n++] = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0) *p++ = '-';
    while (n) *p++ = tmp[--n];
    return p;
}

void lt_record_row(void *ctx, const lt_tester *t, const lt_snapshot *s)
{
    (void)t;
    lt_record *r = ctx;
    if (r->stop) return;
    char line[64 * (32 + LT_MAX_ENERGIES + LT_E_DRIVER_COUNT)];
    char *p = line;
    p = put_long(p, s->step);
    *p++ = '\t';
    p += lt_fmt_double(p, s->time);
    *p++ = '\t';
    p = put_long(p, s->stage);
    *p++ = '\t';
    p = put_long(p, s->contact);
    const double *groups[3] = {s->u, s->v, s->f};
    for (int g = 0; g < 3; g++)
        for (int k = 0; k < LT_DOF; k++) {
            *p++ = '\t';
            p += lt_fmt_double(p, groups[g][k]);
        }
    for (int k = 0; k < 2; k++) {
        *p++ = '\t';
        p += lt_fmt_double(p, s->k[k]);
    }
    for (int i = 0; i < r->n_energy; i++) {
        *p++ = '\t';
        p += lt_fmt_double(p, s->energy[i]);
    }
    *p++ = '\n';
    if (r->lim) {
        int code = lt_outlimit_take(r->lim, p - line);
        if (code != LT_OUT_OK) {
            r->limit_hit = code;
            r->stop = 1;
            return;
        }
    }
    if (s->contact) {
        double ft = hypot(s->f[1], s->f[2]);
        if (!r->have_force) r->fn_min = r->fn_max = s->f[0], r->ft_max = ft, r->have_force = 1;
        r->fn_min = fmin(r->fn_min, s->f[0]);
        r->fn_max = fmax(r->fn_max, s->f[0]);
        r->ft_max = fmax(r->ft_max, ft);
    }
    if (fwrite(line, 1, (size_t)(p - line), r->f.fp) != (size_t)(p - line)) {
        lt_afile_fail(&r->f, errno);
        r->stop = 1;
    } else {
        r->rows++;
    }
}

int lt_record_commit(lt_record *r, char *err, size_t errlen)
{
    return lt_afile_commit(&r->f, err, errlen);
}

void lt_record_abort(lt_record *r) { lt_afile_abort(&r->f); }

int lt_write_file_pending(const char *dir, const char *name, const char *text, size_t n,
                          lt_pending *p, char *err, size_t errlen)
{
    lt_afile f;
    if (lt_afile_open(&f, dir, name, "", 1 << 16, err, errlen) < 0) return -1;
    if (fwrite(text, 1, n, f.fp) != n) lt_afile_fail(&f, errno);
    return p ? lt_afile_close_into(&f, p, err, errlen) : lt_afile_commit(&f, err, errlen);
}

int lt_write_file_atomic(const char *dir, const char *name, const char *text, size_t n, char *err,
                         size_t errlen)
{
    return lt_write_file_pending(dir, name, text, n, NULL, err, errlen);
}
