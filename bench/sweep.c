/* bench/sweep.c - the yield-probe sweep: 360 loading directions, on one core and on several.
 *
 * The probe of `lawtester.probe_yield` (src/driver/probe.c, lt_probe_run): the linear contact (kn =
 * 1e6 N/m, kt = 5e5 N/m, tan phi = tan 0.5, both bodies fixed, normal (1,1,1)) is compressed to 1
 * mm by a stage ending on the string `C and C.uN <= -1.0000001e-3` (compiled by src/script/cond.c),
 * then loaded from that state proportionally along each of n directions of the (normal, shear y)
 * plane until it first yields (slip or contact loss) or has moved 2 mm (1e4 steps of 2e-7 m).
 * Workers are processes (fork); worker w runs shard w + 1 of W (the directions k with k % W ==
 * w, interleaved, so the long and short directions are shared evenly: what `lawtester run
 * --shard` does) and sends its points through a pipe; the parent stores them by k, so the
 * result does not depend on the number of workers, which bench_sweep checks with a digest of
 * every bit of every point.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include "bench.h"
#include "contact/registry.h"
#include "driver/probe.h"
#include "script/cond.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct probe_result {
    int k;
    int yielded;
    long steps;
    double u[2], f[3]; /* m; N: at the recorded point */
} probe_result;

static int cond_cb(void *ctx, lt_tester *t)
{
    int v = lt_cond_eval(ctx, t);
    if (v < 0) snprintf(lt_tester_err(t), LT_ERR_SIZE, "condition needs Lua");
    return v;
}

/* Shard `shard` of `shards` of the n-direction probe: its points written to fd. */
static int probe_shard(int n, int shard, int shards, lt_cond *compressed, int fd);

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
        double d[5] = {p->u[0], p->u[1], p->f[0], p->f[1], p->f[2]};
        long s[3] = {p->k, p->yielded, p->steps};
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
    lt_cond *compressed = lt_cond_compile("C and C.uN <= -1.0000001e-3", law);
    probe_result *res = calloc((size_t)n_dirs, sizeof *res);
    int *fds = calloc((size_t)workers, sizeof *fds);
    pid_t *pids = calloc((size_t)workers, sizeof *pids);
    if (!compressed || !res || !fds || !pids) {
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
        if (pids[wk] == 0) { /* worker: shard wk + 1, directions wk, wk + workers, ... */
            close(p[0]);
            _exit(probe_shard(n_dirs, wk + 1, workers, compressed, p[1]) < 0);
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
        if (wait4(pids[wk], &status, 0, &ru) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
            rc = -1;
        cpu += (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
               (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
    }
    *seconds = now() - t0;
    if (got != n_dirs) rc = -1;
    memset(w, 0, sizeof *w);
    long yielded = 0;
    for (int k = 0; k < n_dirs; k++) w->steps += res[k].steps, yielded += res[k].yielded;
    w->runs = n_dirs;
    w->check = (double)yielded; /* directions that yielded */
    w->compiled = 1;
    w->cpu = cpu;
    *digest = digest_of(res, n_dirs);
    lt_cond_free(compressed);
    free(res);
    free(fds);
    free(pids);
    if (rc < 0) fprintf(stderr, "bench: sweep on %d workers failed\n", workers);
    return rc;
}

static int probe_shard(int n, int shard, int shards, lt_cond *compressed, int fd)
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
    lt_stage st = lt_default_stage();
    st.whats[0] = 'v';
    st.values[0] = -1;
    st.until = cond_cb;
    st.until_ctx = compressed;
    test.stages = &st;
    test.n_stages = 1;
    lt_probe_opts o = {n,    2e-3, 10000,  shard,  shards,
                       NULL, NULL, {0, 0}, {0, 0}, 0}; /* the default pair, displacement control */
    lt_probe pr;
    char err[512];
    if (lt_probe_run(&pr, &test, &o, err, sizeof err) < 0) {
        fprintf(stderr, "bench: sweep shard %d/%d: %s\n", shard, shards, err);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < pr.n_points && rc == 0; i++) {
        const lt_probe_point *q = &pr.points[i];
        probe_result r = {
            q->k, q->yielded, q->steps, {q->u[0], q->u[1]}, {q->f[0], q->f[1], q->f[2]}};
        rc = full_write(fd, &r, sizeof r);
    }
    lt_probe_free(&pr);
    return rc;
}
