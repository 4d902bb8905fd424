/* src/verify/verify_tap.c - `lawtester verify --plot DIR` for the generic checks: their runs
 * recorded through the tests' tap (driver.h, lt_test.tap), named by the check whose row follows
 * them, and drawn by plots/_verify_generic.gp.  See verify_int.h ("--plot DIR for the generic
 * checks"); docs/plots.md.  The generic checks (verify_generic.c, verify_passivity.c,
 * verify_oblique.c) know nothing of it: their tests carry the tap. */
#define _POSIX_C_SOURCE 200809L
#include "output/plot.h"
#include "output/record.h"
#include "verify/verify_int.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct tap_run {
    lt_record rec;
    long serial; /* DIR/LAW-generic-run-PID-SERIAL.tsv until named */
} tap_run;

struct vr_tap {
    const char *dir;
    const lt_law *law;
    tap_run run[VR_TAP_RUNS];
    int n;              /* runs kept since the last row */
    long seen, stride;  /* runs seen since the last row; every stride-th is kept */
    tap_run *cur;       /* the run being recorded (NULL: one not kept) */
    const void *tester; /* of the last row seen, and its step: a new run starts when either */
    long step;          /* changes back */
    long serial;
    char kase[64]; /* the check named last, and its runs drawn so far */
    int drawn;
    int naming; /* in lt_vr_tap_name (a failed `plot` row is a row too) */
};

struct vr_tap *lt_vr_tap_new(const char *dir, const lt_law *law)
{
    struct vr_tap *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->dir = dir, p->law = law, p->stride = 1, p->step = -1;
    return p;
}

static void drop_pending(struct vr_tap *p)
{
    for (int j = 0; j < p->n; j++) lt_record_abort(&p->run[j].rec);
    p->n = 0, p->seen = 0, p->stride = 1, p->cur = NULL;
}

void lt_vr_tap_free(struct vr_tap *p)
{
    if (!p) return;
    drop_pending(p);
    free(p);
}

/* Room for one more run: every other run kept is dropped and the stride doubled, so that the
 * runs kept stay spread over all seen (deterministically: runs 0, s, 2s, ...). */
static void thin(struct vr_tap *p)
{
    int m = 0;
    for (int j = 0; j < p->n; j++) {
        if (j % 2)
            lt_record_abort(&p->run[j].rec);
        else
            p->run[m++] = p->run[j];
    }
    p->n = m;
    p->stride *= 2;
}

static void new_run(struct vr_tap *p)
{
    long i = p->seen++;
    p->cur = NULL;
    if (i % p->stride) return;
    if (p->n == VR_TAP_RUNS) {
        thin(p);
        if (i % p->stride) return;
    }
    tap_run *r = &p->run[p->n];
    char name[200], err[600];
    r->serial = ++p->serial;
    /* the pid: the children of verify -j N record runs of one law at once (verify_jobs.h) */
    snprintf(name, sizeof name, "%s-generic-run-%ld-%ld", p->law->name, (long)getpid(), r->serial);
    if (lt_record_open(&r->rec, p->dir, name, p->law, NULL, err, sizeof err) < 0) return;
    p->n++;
    p->cur = r;
}

void lt_vr_tap_row(void *ctx, const lt_tester *t, const lt_snapshot *s)
{
    struct vr_tap *p = ctx;
    if ((const void *)t != p->tester || s->step < p->step || (s->step == 0 && p->step > 0))
        new_run(p);
    p->tester = t, p->step = s->step;
    if (p->cur) lt_record_row(&p->cur->rec, t, s);
}

/* The displacement and force of a check's plot: the shear cycle's on shear y, the others'
 * normal. */
static void columns_of(const char *kase, const char **x, const char **y, int *sgn)
{
    int shear = strcmp(kase, "generic-shear-cycle") == 0;
    *x = shear ? "uy" : "ux", *y = shear ? "Fy" : "Fx", *sgn = shear ? 1 : -1;
}

/* The names of the law's energies (stored only: stored = 1), one space between. */
static void energy_names(const lt_law *law, int stored, char *buf, size_t n)
{
    size_t u = 0;
    buf[0] = 0;
    for (int i = 0; i < law->n_energies && u < n; i++)
        if (!stored || law->energies[i].kind == LT_STORED)
            u += (size_t)snprintf(buf + u, n - u, "%s%s", u ? " " : "", law->energies[i].name);
}

/* The runs kept, committed and renamed to DIR/LAW-KASE.tsv, -run2.tsv, ... (after those drawn
 * for the same check already).  0, or -1 with the message. */
static int publish(struct vr_tap *p, const char *kase, char *err, size_t errlen)
{
    int first = strcmp(p->kase, kase) == 0 ? p->drawn : 0;
    for (int j = 0; j < p->n; j++) {
        tap_run *r = &p->run[j];
        if (lt_record_commit(&r->rec, err, errlen) < 0) {
            for (int k = j + 1; k < p->n; k++) lt_record_abort(&p->run[k].rec);
            return -1;
        }
        char from[4400], to[4400]; /* err: at most 800 bytes, the paths cut to fit */
        snprintf(from, sizeof from, "%s/%s-generic-run-%ld-%ld.tsv", p->dir, p->law->name,
                 (long)getpid(), r->serial);
        if (first + j == 0)
            snprintf(to, sizeof to, "%s/%s-%s.tsv", p->dir, p->law->name, kase);
        else
            snprintf(to, sizeof to, "%s/%s-%s-run%d.tsv", p->dir, p->law->name, kase,
                     first + j + 1);
        if (rename(from, to) != 0) {
            snprintf(err, errlen, "cannot rename '%.300s' to '%.300s'", from, to);
            remove(from);
            return -1;
        }
    }
    snprintf(p->kase, sizeof p->kase, "%s", kase);
    p->drawn = first + p->n;
    return 0;
}

/* DIR/LAW-KASE.png from the check's runs drawn so far.  0, or -1 with the message. */
static int draw(const struct vr_tap *p, const char *kase, char *err, size_t errlen)
{
    if (strchr(p->dir, '\'') || strchr(p->law->name, '\'')) {
        snprintf(err, errlen, "cannot plot into a directory whose name contains a quote");
        return -1;
    }
    const char *x, *y;
    int sgn;
    columns_of(kase, &x, &y, &sgn);
    char energies[600], stored[600], defs[6000];
    energy_names(p->law, 0, energies, sizeof energies);
    energy_names(p->law, 1, stored, sizeof stored);
    snprintf(defs, sizeof defs,
             "base='%s/%s-%s'; runs=%d; outfile='%s/%s-%s.%s'; xcol='%s'; ycol='%s'; sgn=%d; "
             "energies='%s'; estored='%s'; title='verify %s: law %s'",
             p->dir, p->law->name, kase, p->drawn, p->dir, p->law->name, kase, lt_plot_ext(), x, y,
             sgn, energies, stored, kase, p->law->name);
    return lt_plot_script("_verify_generic.gp", defs, err, errlen);
}

void lt_vr_tap_name(vr_ctx *v, const char *kase)
{
    struct vr_tap *p = v->tap;
    if (!p || p->naming || p->n == 0) {
        if (p && !p->naming) drop_pending(p); /* runs not kept only */
        return;
    }
    p->naming = 1;
    char err[800];
    int rc = publish(p, kase, err, sizeof err);
    p->n = 0, p->seen = 0, p->stride = 1, p->cur = NULL;
    if (rc == 0) rc = draw(p, kase, err, sizeof err);
    if (rc < 0) lt_vr_fail(v, kase, "plot", err);
    p->naming = 0;
}
