/* src/output/record.c - streaming TSV writer with temp-file + rename (see record.h). */
#define _POSIX_C_SOURCE 200809L
#include "output/record.h"
#include "base/watch.h"
#include "output/fmt.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the columns, from the list (src/base/record_columns.def) ---------------------------- */

const char *const lt_record_columns[] = {
#define LT_COLUMN(name, kind, unit, field) #name,
#include "base/record_columns.def"
};
const int lt_record_ncolumns = (int)(sizeof lt_record_columns / sizeof lt_record_columns[0]);

static const char *const tail_columns[LT_TAIL_COUNT + 1] = {
#define LT_TAIL_COLUMN(name, kind, unit, value) #name,
#include "base/record_columns.def"
    NULL};

enum {
#define LT_COLUMN(name, kind, unit, field) COL_##name,
#include "base/record_columns.def"
    COL_HEAD_COUNT
};

int lt_record_column_count(const lt_law *law)
{
    return lt_record_ncolumns + lt_energy_count(law) + LT_TAIL_COUNT;
}

const char *lt_record_column_name(const lt_law *law, int c)
{
    int ne = lt_energy_count(law);
    if (c < lt_record_ncolumns) return lt_record_columns[c];
    c -= lt_record_ncolumns;
    return c < ne ? lt_energy_name(law, c) : tail_columns[c - ne];
}

double lt_record_value(const lt_law *law, const lt_snapshot *s, int c)
{
    switch (c) {
        /* a case label in a macro: clang-format would fold the include below into it */
        // clang-format off
#define LT_COLUMN(name, kind, unit, field) case COL_##name: return (double)s->field;
#include "base/record_columns.def"
        // clang-format on
    default: break;
    }
    c -= COL_HEAD_COUNT;
    int ne = lt_energy_count(law);
    return c < ne ? s->energy[c] : s->tail[c - ne];
}

#define RECORD_BUFSIZE (1 << 20)

int lt_record_open(lt_record *r, const char *dir, const char *name, const lt_law *law,
                   lt_outlimit *lim, char *err, size_t errlen)
{
    return lt_record_open_state(r, dir, name, law, NULL, 0, lim, err, errlen);
}

int lt_record_open_state(lt_record *r, const char *dir, const char *name, const lt_law *law,
                         const int *state, int n_state, lt_outlimit *lim, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (n_state < 0 || n_state > law->n_state) n_state = 0;
    r->n_state = n_state;
    r->state = state;
    if (lt_afile_open(&r->f, dir, name, ".tsv", RECORD_BUFSIZE, err, errlen) < 0) return -1;
    lt_afile_role(&r->f, LT_WF_TABLE); /* kept as .partial by a supervisor if the worker fails */
    FILE *fp = r->f.fp;
    r->lim = lim;
    r->n_law_energy = law->n_energies;
    long long n = 0;
    for (int i = 0; i < lt_record_column_count(law); i++)
        n += fprintf(fp, i ? "\t%s" : "%s", lt_record_column_name(law, i));
    for (int i = 0; i < n_state; i++)
        n += fprintf(fp, "\t" LT_RECORD_STATE_PREFIX "%s", law->state_names[state[i]]);
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
    lt_record *r = ctx;
    if (r->stop) return;
    char line[64 * (COL_HEAD_COUNT + LT_MAX_ENERGIES + LT_E_DRIVER_COUNT + LT_TAIL_COUNT +
                    LT_MAX_STATE + 1)];
    /* every column with the tab before it; the row is written from line + 1 */
    char *p = line;
#define PUT_INT(x) (*p++ = '\t', p = put_long(p, (x)))
#define PUT_REAL(x) (*p++ = '\t', p += lt_fmt_double(p, (x)))
#define LT_COLUMN(name, kind, unit, field) PUT_##kind(s->field);
    // clang-format off
#define LT_LAW_ENERGIES for (int i = 0; i < r->n_law_energy; i++) PUT_REAL(s->energy[i]);
    // clang-format on
#define LT_DRIVER_ENERGY(id, name, plot) PUT_REAL(s->energy[r->n_law_energy + LT_E_##id]);
#define LT_TAIL_COLUMN(name, kind, unit, value) PUT_##kind(s->tail[LT_TAIL_##name]);
#include "base/record_columns.def"
    /* the state after the step of this row: while no contact exists, what the last one left (0
     * before the first; the driver zeroes it when a contact forms) */
    const double *law_state = r->n_state ? lt_tester_view(t)->law_state : NULL;
    for (int i = 0; i < r->n_state; i++) PUT_REAL(law_state[r->state[i]]);
#undef PUT_INT
#undef PUT_REAL
    *p++ = '\n';
    if (r->lim) {
        int code = lt_outlimit_take(r->lim, p - (line + 1));
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
    if (fwrite(line + 1, 1, (size_t)(p - (line + 1)), r->f.fp) != (size_t)(p - (line + 1))) {
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
