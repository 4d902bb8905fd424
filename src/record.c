/* src/record.c - streaming TSV writer with temp-file + rename (see record.h). */
#define _POSIX_C_SOURCE 200809L
#include "record.h"
#include "fmt.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *const lt_record_columns[] = {"step", "time", "stage", "contact", "ux", "uy", "uz", "phix", "phiy",
                                         "phiz", "vx", "vy", "vz", "wx", "wy", "wz", "Fx", "Fy", "Fz",
                                         "Tx", "Ty", "Tz", "kn", "kt"};
const int lt_record_ncolumns = (int)(sizeof lt_record_columns / sizeof lt_record_columns[0]);

#define RECORD_BUFSIZE (1 << 20)

static char *path_join(const char *dir, const char *prefix, const char *name, const char *suffix)
{
    size_t n = strlen(dir) + strlen(prefix) + strlen(name) + strlen(suffix) + 2;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s%s%s", dir, prefix, name, suffix);
    return p;
}

int record_open(lt_record *r, const char *dir, const char *name, const lt_law *law, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->final_path = path_join(dir, "", name, ".tsv");
    r->tmp_path = path_join(dir, ".", name, ".tsv.tmp.XXXXXX");
    if (!r->final_path || !r->tmp_path) {
        snprintf(err, errlen, "out of memory");
        record_abort(r);
        return -1;
    }
    int fd = mkstemp(r->tmp_path);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write in output directory '%s': %s", dir, strerror(errno));
        free(r->tmp_path);
        r->tmp_path = NULL;
        record_abort(r);
        return -1;
    }
    r->fp = fdopen(fd, "w");
    r->buf = malloc(RECORD_BUFSIZE);
    if (!r->fp || !r->buf) {
        if (!r->fp) close(fd);
        snprintf(err, errlen, "cannot open '%s': %s", r->tmp_path, strerror(errno));
        record_abort(r);
        return -1;
    }
    setvbuf(r->fp, r->buf, _IOFBF, RECORD_BUFSIZE);
    r->n_energy = lt_energy_count(law);
    for (int i = 0; i < lt_record_ncolumns; i++) fprintf(r->fp, i ? "\t%s" : "%s", lt_record_columns[i]);
    for (int i = 0; i < r->n_energy; i++) fprintf(r->fp, "\t%s", lt_energy_name(law, i));
    fputc('\n', r->fp);
    if (ferror(r->fp)) r->failed = 1;
    return 0;
}

void record_row(void *ctx, const lt_tester *t, const lt_snapshot *s)
{
    (void)t;
    lt_record *r = ctx;
    if (r->failed) return;
    char line[64 * (32 + LT_MAX_ENERGIES + LT_E_DRIVER_COUNT)];
    char *p = line;
    p += snprintf(p, 48, "%ld\t", s->step);
    p += fmt_double(p, s->time);
    p += snprintf(p, 48, "\t%d\t%d", s->stage, s->contact);
    const double *groups[3] = {s->u, s->v, s->f};
    for (int g = 0; g < 3; g++)
        for (int k = 0; k < LT_DOF; k++) {
            *p++ = '\t';
            p += fmt_double(p, groups[g][k]);
        }
    for (int k = 0; k < 2; k++) {
        *p++ = '\t';
        p += fmt_double(p, s->k[k]);
    }
    for (int i = 0; i < r->n_energy; i++) {
        *p++ = '\t';
        p += fmt_double(p, s->energy[i]);
    }
    *p++ = '\n';
    if (s->contact) {
        double ft = hypot(s->f[1], s->f[2]);
        if (!r->have_force) r->fn_min = r->fn_max = s->f[0], r->ft_max = ft, r->have_force = 1;
        r->fn_min = fmin(r->fn_min, s->f[0]);
        r->fn_max = fmax(r->fn_max, s->f[0]);
        r->ft_max = fmax(r->ft_max, ft);
    }
    if (fwrite(line, 1, (size_t)(p - line), r->fp) != (size_t)(p - line)) r->failed = 1;
    r->rows++;
}

int record_commit(lt_record *r, char *err, size_t errlen)
{
    int ok = !r->failed && fflush(r->fp) == 0 && !ferror(r->fp);
    int saved = errno;
    if (fclose(r->fp) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    r->fp = NULL;
    if (ok && rename(r->tmp_path, r->final_path) != 0) {
        ok = 0;
        saved = errno;
    }
    if (!ok) {
        snprintf(err, errlen, "cannot write '%s': %s", r->final_path, strerror(saved ? saved : EIO));
        record_abort(r);
        return -1;
    }
    free(r->tmp_path);
    r->tmp_path = NULL;
    record_abort(r);
    return 0;
}

void record_abort(lt_record *r)
{
    if (r->fp) fclose(r->fp);
    r->fp = NULL;
    if (r->tmp_path) unlink(r->tmp_path);
    free(r->tmp_path);
    free(r->final_path);
    free(r->buf);
    r->tmp_path = r->final_path = NULL;
    r->buf = NULL;
}

int lt_write_file_atomic(const char *dir, const char *name, const char *text, size_t n, char *err, size_t errlen)
{
    char *final = path_join(dir, "", name, "");
    char *tmp = path_join(dir, ".", name, ".tmp.XXXXXX");
    int rc = -1;
    int fd = final && tmp ? mkstemp(tmp) : -1;
    if (fd < 0) {
        snprintf(err, errlen, "cannot write in output directory '%s': %s", dir, strerror(errno));
        free(final);
        free(tmp);
        return -1;
    }
    FILE *f = fdopen(fd, "w");
    if (f && fwrite(text, 1, n, f) == n && fflush(f) == 0 && !ferror(f)) rc = 0;
    int saved = errno;
    if (f ? fclose(f) != 0 : close(fd) != 0) rc = -1;
    if (rc == 0 && rename(tmp, final) != 0) {
        rc = -1;
        saved = errno;
    }
    if (rc < 0) {
        snprintf(err, errlen, "cannot write '%s': %s", final, strerror(saved ? saved : EIO));
        unlink(tmp);
    }
    free(final);
    free(tmp);
    return rc;
}
