/* src/verify/verify_plot.c - `lawtester verify --plot DIR`: for every case that runs the driver,
 * the record DIR/LAW-CASE.tsv (the format of docs/records.md), the closed-form curve
 * DIR/LAW-CASE-analytic.tsv (two columns named like the record's, SI units) and the overlay
 * DIR/LAW-CASE.png (.svg, .pdf: --plot-format) drawn by plots/_verify.gp.  Files are written under
 * temporary names and renamed when complete, so a failed run leaves no half-written file. */
#define _POSIX_C_SOURCE 200809L
#include "output/fmt.h"
#include "output/plot.h"
#include "output/record.h"
#include "verify/verify_int.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int lt_vr_plot_begin(vr_ctx *v, vr_plot *p, const char *kase)
{
    memset(p, 0, sizeof *p);
    if (!v->o->plot_dir) return 0;
    snprintf(p->name, sizeof p->name, "%s-%s", v->law->name, kase);
    static char err[600];
    if (lt_record_open(&p->rec, v->o->plot_dir, p->name, v->law, NULL, err, sizeof err) < 0) {
        lt_vr_fail(v, kase, "plot", err);
        return 0;
    }
    p->open = 1;
    return 1;
}

/* DIR/NAME-analytic.tsv through a temporary file (lt_write_file_atomic: the mode of a new file,
 * nothing left behind on failure); 0 or -1 with a message. */
static int write_curve(const char *dir, const char *name, const char *xcol, const char *ycol,
                       const double *x, const double *y, int n, char *path, size_t pathlen,
                       char *err, size_t errlen)
{
    snprintf(path, pathlen, "%s/%s-analytic.tsv", dir, name);
    size_t cap = strlen(xcol) + strlen(ycol) + 2 + (size_t)n * 2 * 40, len = 0;
    char *text = malloc(cap + 1);
    if (!text) {
        snprintf(err, errlen, "out of memory writing '%.400s'", path);
        return -1;
    }
    len += (size_t)snprintf(text, cap + 1, "%s\t%s\n", xcol, ycol);
    for (int i = 0; i < n; i++) {
        len += (size_t)lt_fmt_double(text + len, x[i]);
        text[len++] = '\t';
        len += (size_t)lt_fmt_double(text + len, y[i]);
        text[len++] = '\n';
    }
    char file[4200];
    snprintf(file, sizeof file, "%s-analytic.tsv", name);
    int rc = lt_write_file_atomic(dir, file, text, len, err, errlen);
    free(text);
    return rc;
}

void lt_vr_plot_end(vr_ctx *v, vr_plot *p, const char *kase, const char *xcol, const char *ycol,
                    const double *x, const double *y, int n, int ok)
{
    if (!p->open) return;
    p->open = 0;
    static char err[600];
    if (!ok) {
        lt_record_abort(&p->rec);
        return;
    }
    if (lt_record_commit(&p->rec, err, sizeof err) < 0) {
        lt_vr_fail(v, kase, "plot", err);
        return;
    }
    const char *dir = v->o->plot_dir;
    char data[4200], curve[4200], png[4200], defs[14000];
    snprintf(data, sizeof data, "%s/%s.tsv", dir, p->name);
    snprintf(png, sizeof png, "%s/%s.%s", dir, p->name, lt_plot_ext());
    if (n > 0 &&
        write_curve(dir, p->name, xcol, ycol, x, y, n, curve, sizeof curve, err, sizeof err) < 0) {
        lt_vr_fail(v, kase, "plot", err);
        return;
    }
    if (strchr(dir, '\'') || strchr(p->name, '\'')) {
        lt_vr_fail(v, kase, "plot", "cannot plot into a directory whose name contains a quote");
        return;
    }
    /* normal curves are drawn as overlap and compressive force (both positive) */
    int flip = strcmp(xcol, "ux") == 0;
    snprintf(defs, sizeof defs,
             "datafile='%s'; analyticfile='%s'; outfile='%s'; xcol='%s'; ycol='%s'; sgn=%d; "
             "law='%s'; case='%s'; title='verify %s: law %s'",
             data, n > 0 ? curve : "", png, xcol, ycol, flip ? -1 : 1, v->law->name, kase, kase,
             v->law->name);
    if (lt_plot_script("_verify.gp", defs, err, sizeof err) < 0) lt_vr_fail(v, kase, "plot", err);
}
