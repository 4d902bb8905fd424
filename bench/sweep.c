/* bench/sweep.c - the yield-probe sweep: 360 loading directions, on one core and on several.
 *
 * Stand-in for the probe API of issue 6 (being written on another branch): probe_direction()
 * is the one function the real probe replaces; the partitioning, the collection and the check
 * stay.  Direction k of n: the linear contact (kn = 1e6 N/m, kt = 5e5 N/m, tan phi = tan 0.5,
 * both bodies fixed, normal (1,1,1)) is compressed to 1 mm, then loaded proportionally with the
 * relative velocity (cos a, sin a) m/s on (normal, shear y), a = 2 pi k/n, until the first slip
 * (`E.plast > 0`), the loss of contact (`not C`, opening directions) or 2 mm of loading
 * (`stage.time >= 2e-3`: compressive directions with kt |tan a| < kn tan phi never slip),
 * dt = 2e-7 s.  The
 * conditions are the same strings a script would give, compiled by src/cond.c.
 * Workers are processes (fork); worker w takes the directions k = w, w + W, ... (interleaved, so
 * the long and short directions are shared evenly) and sends its results through a pipe; the
 * parent stores them by k, so the result does not depend on the number of workers, which
 * bench_sweep checks with a digest of every bit of every result.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include "bench.h"
#include "../src/cond.h"
#include "../src/registry.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct probe_result {
    int k;
    int slipped;           /* 1: first slip reached (plast > 0) */
    long steps;
    double uN, ut, Fn, Ft; /* m, m, N, N at the end of the probe */
} probe_result;

static int cond_cb(void *ctx, lt_tester *t)
{
    int v = lt_cond_eval(ctx, t);
    if (v < 0) snprintf(t->err, sizeof t->err, "condition needs Lua");
    return v;
}

static int probe_direction(int k, int n, lt_cond *compressed, lt_cond *yielded, probe_result *out)
{
    lt_test test = lt_default_test();
    test.law = lt_find_law("linear");
    for (int i = 0; i < test.law->n_params; i++) test.params[i] = test.law->params[i].def;
    test.params[lt_law_param_index(test.law, "kn")] = 1e6;
    test.params[lt_law_param_index(test.law, "kt")] = 5e5;
    test.params[lt_law_param_index(test.law, "tanPhi")] = tan(0.5);
    test.normal = v3(1, 1, 1);
    test.dt = 2e-7;
    test.record_every = 0;
    test.body[0].fixed = test.body[1].fixed = 1;
    double a = 2 * LT_PI * k / n;
    lt_stage st[2] = {lt_default_stage(), lt_default_stage()};
    st[0].whats[0] = 'v';
    st[0].values[0] = -1;
    st[0].until = cond_cb;
    st[0].until_ctx = compressed;
    st[1].whats[0] = st[1].whats[1] = 'v';
    st[1].values[0] = cos(a);
    st[1].values[1] = sin(a);
    st[1].until = cond_cb;
    st[1].until_ctx = yielded;
    test.stages = st;
    test.n_stages = 2;
    lt_tester *t = calloc(1, sizeof *t);
    if (!t) return -1;
    int rc = lt_run(t, &test, NULL, NULL);
    if (rc < 0) fprintf(stderr, "bench: sweep direction %d: %s\n", k, t->err);
    out->k = k;
    out->slipped = t->energy[lt_law_energy_index(test.law, "plast")] > 0;
    out->steps = t->step;
    out->uN = t->u[0];
    out->ut = t->u[1];
    out->Fn = t->resp.f[0];
    out->Ft = hypot(t->resp.f[1], t->resp.f[2]);
    free(t);
    return rc;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* FNV-1a over the bytes of every result, in direction order. */
static unsigned long long digest_of(const probe_result *r, int n)
{
    unsigned long long h = 1469598103934665603ULL;
    for (int k = 0; k < n; k++) {
        const probe_result *p = &r[k];
        double d[4] = {p->uN, p->ut, p->Fn, p->Ft};
        long s[3] = {p->k, p->slipped, p->steps};
        const unsigned char *b = (const unsigned char *)d;
        for (size_t i = 0; i < sizeof d; i++) h = (h ^ b[i]) * 1099511628211ULL;
        b = (const unsigned char *)s;
        for (size_t i = 0; i < sizeof s; i++) h = (h ^ b[i]) * 1099511628211ULL;
    }
    return h;
}

static int full_write(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t w = write(fd, c, n);
        if (w <= 0) return -1;
        c += w;
        n -= (size_t)w;
    }
    return 0;
}

int bench_sweep(int n_dirs, int workers, double *seconds, bench_work *w, unsigned long long *digest)
{
    const lt_law *law = lt_find_law("linear");
    lt_cond *compressed = lt_cond_compile("C and C.uN <= -1e-3", law);
    lt_cond *yielded = lt_cond_compile("not C or E.plast > 0 or stage.time >= 2e-3", law);
    probe_result *res = calloc((size_t)n_dirs, sizeof *res);
    int *fds = calloc((size_t)workers, sizeof *fds);
    pid_t *pids = calloc((size_t)workers, sizeof *pids);
    if (!compressed || !yielded || !res || !fds || !pids) {
        fprintf(stderr, "bench: sweep setup failed\n");
        return -1;
    }
    int rc = 0;
    double t0 = now();
    for (int wk = 0; wk < workers; wk++) {
        int p[2];
        if (pipe(p) < 0 || (pids[wk] = fork()) < 0) {
            fprintf(stderr, "bench: cannot start sweep worker\n");
            return -1;
        }
        if (pids[wk] == 0) { /* worker: directions wk, wk + workers, ... */
            close(p[0]);
            int bad = 0;
            for (int k = wk; k < n_dirs; k += workers) {
                probe_result r;
                if (probe_direction(k, n_dirs, compressed, yielded, &r) < 0) bad = 1;
                if (full_write(p[1], &r, sizeof r) < 0) bad = 1;
            }
            _exit(bad);
        }
        close(p[1]);
        fds[wk] = p[0];
    }
    long got = 0;
    double cpu = 0;
    for (int wk = 0; wk < workers; wk++) {
        probe_result r;
        FILE *f = fdopen(fds[wk], "rb");
        while (f && fread(&r, sizeof r, 1, f) == 1)
            if (r.k >= 0 && r.k < n_dirs) res[r.k] = r, got++;
        if (f) fclose(f);
        int status;
        struct rusage ru;
        if (wait4(pids[wk], &status, 0, &ru) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) rc = -1;
        cpu += (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_sec +
               1e-6 * (double)ru.ru_stime.tv_usec;
    }
    *seconds = now() - t0;
    if (got != n_dirs) rc = -1;
    memset(w, 0, sizeof *w);
    long slipped = 0;
    for (int k = 0; k < n_dirs; k++) w->steps += res[k].steps, slipped += res[k].slipped;
    w->runs = n_dirs;
    w->check = (double)slipped; /* directions that reached slip */
    w->compiled = 2;
    w->cpu = cpu;
    *digest = digest_of(res, n_dirs);
    lt_cond_free(compressed);
    lt_cond_free(yielded);
    free(res);
    free(fds);
    free(pids);
    if (rc < 0) fprintf(stderr, "bench: sweep on %d workers failed\n", workers);
    return rc;
}
