/* src/probe.c - yield probing along the directions of the displacement plane (see probe.h). */
#include "probe.h"
#include "registry.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct dir_ctx {
    const lt_yield *y;
    const double *param;
    int n_state;
    long max_steps;
    double u0[2];                    /* displacements of the initial state */
    double prev_f[3], prev_u[2];     /* the previous state */
    double prev_k[2];                /* N/m: its tangent stiffnesses kn, kt */
    double prev_state[LT_MAX_STATE];
    long prev_step;
    double du;                       /* m per step along the direction */
    lt_probe_point *pt;
} dir_ctx;

static void remember(dir_ctx *d, const lt_view *t)
{
    memcpy(d->prev_f, t->resp.f, sizeof d->prev_f);
    memcpy(d->prev_k, t->resp.k, sizeof d->prev_k);
    d->prev_u[0] = t->u[0] - d->u0[0];
    d->prev_u[1] = t->u[1] - d->u0[1];
    memcpy(d->prev_state, t->law_state, (size_t)d->n_state * sizeof(double));
    d->prev_step = t->st.step;
}

/* Inside the surface of `state`? */
static int inside(const dir_ctx *d, const double *state, double fn, double fty, double ftz)
{
    return fn <= d->y->fn_max(d->param, state) && hypot(fty, ftz) <= d->y->ft_max(d->param, state, fn);
}

/* Distance (N) from the force f along the elastic ray dF (N per step) to the surface of state,
 * by bisection on the step fraction; NaN if the ray is still inside one step on. */
static double distance_to_surface(const dir_ctx *d, const double *state, const double f[3], const double dF[2])
{
    if (inside(d, state, f[0] + dF[0], f[1] + dF[1], f[2])) return NAN;
    double a = 0, b = 1;
    for (int i = 0; i < 60 && b - a > 1e-12; i++) {
        double m = 0.5 * (a + b);
        if (inside(d, state, f[0] + m * dF[0], f[1] + m * dF[1], f[2])) a = m;
        else b = m;
    }
    return 0.5 * (a + b) * hypot(dF[0], dF[1]);
}

static void record_point(dir_ctx *d, int yielded, int broken, const lt_view *t)
{
    lt_probe_point *pt = d->pt;
    pt->yielded = yielded;
    pt->broken = broken;
    pt->steps = d->prev_step;
    memcpy(pt->u, d->prev_u, sizeof pt->u);
    memcpy(pt->f, d->prev_f, sizeof pt->f);
    for (int i = 0; i < 3; i++) pt->f1[i] = yielded && t->has_contact ? t->resp.f[i] : NAN;
    pt->gap = d->y->ft_max(d->param, d->prev_state, pt->f[0]) - hypot(pt->f[1], pt->f[2]);
    /* the elastic increment of one step from the recorded state, by its tangent stiffnesses:
     * exact for constant ones, the first-order estimate where they vary (hertz_mindlin) */
    double dF[2] = {d->prev_k[0] * d->du * pt->dir[0], d->prev_k[1] * d->du * pt->dir[1]};
    pt->dF = hypot(dF[0], dF[1]);
    pt->dist = yielded ? distance_to_surface(d, d->prev_state, pt->f, dF) : NAN;
}

/* The stage condition of a direction: first yield, or the end of the ray. */
static int probe_until(void *ctx, lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    dir_ctx *d = ctx;
    int lost = !t->has_contact;
    if (lost || d->y->yielding(d->param, t->law_state)) {
        /* broken: the contact is gone, or its surface changed (a bond broke) */
        int changed = lost || d->y->fn_max(d->param, t->law_state) != d->y->fn_max(d->param, d->prev_state) ||
                      d->y->ft_max(d->param, t->law_state, d->prev_f[0]) !=
                          d->y->ft_max(d->param, d->prev_state, d->prev_f[0]);
        record_point(d, 1, changed, t);
        return 1;
    }
    remember(d, t);
    if (t->st.step >= d->max_steps) {
        record_point(d, 0, 0, t);
        return 1;
    }
    return 0;
}

static void direction(int k, int n, double dir[2], double *angle)
{
    const double pi = LT_PI;
    *angle = 2 * pi * k / n;
    if ((4L * k) % n == 0) { /* quarter turns exactly: pure tension, shear, compression */
        static const double c[4] = {1, 0, -1, 0}, s[4] = {0, 1, 0, -1};
        int q = (int)((4L * k) / n);
        dir[0] = c[q], dir[1] = s[q];
    } else {
        dir[0] = cos(*angle), dir[1] = sin(*angle);
    }
}

void lt_probe_free(lt_probe *p)
{
    free(p->test.stages);
    lt_tester_free(p->start);
    lt_tester_free(p->work);
    free(p->points);
    memset(p, 0, sizeof *p);
}

int lt_probe_run(lt_probe *p, const lt_test *test, const lt_probe_opts *o, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    const lt_yield *y = lt_law_yield(test->law);
    if (!y) {
        snprintf(err, errlen, "law '%s' declares no yield surface to probe", test->law->name);
        return -1;
    }
    int n0 = test->n_stages, n = o->directions;
    p->test = *test;
    p->test.stages = calloc((size_t)n0 + 1, sizeof *p->test.stages);
    p->test.n_stages = n0 + 1;
    p->test.record_every = 0;
    p->start = lt_tester_new();
    p->work = lt_tester_new();
    p->points = calloc((size_t)n / (size_t)o->shards + 1, sizeof *p->points);
    if (!p->test.stages || !p->start || !p->work || !p->points) {
        snprintf(err, errlen, "out of memory");
        lt_probe_free(p);
        return -1;
    }
    if (n0) memcpy(p->test.stages, test->stages, (size_t)n0 * sizeof *test->stages);
    lt_stage *ray = &p->test.stages[n0];
    *ray = lt_default_stage();
    memset(ray->whats, 'v', LT_DOF);
    ray->max_steps = o->steps + 1;
    ray->until = probe_until;

    /* the initial state */
    int rc = lt_start(p->start, &p->test, NULL, NULL);
    for (int i = 0; rc == 0 && i < n0; i++) rc = lt_run_stage(p->start, i);
    const lt_view *t0 = lt_tester_view(p->start), *work = lt_tester_view(p->work);
    if (rc < 0) {
        snprintf(err, errlen, "%s", t0->err);
        lt_probe_free(p);
        return -1;
    }
    if (!t0->has_contact) {
        snprintf(err, errlen, "no contact at the probe's initial state (give gap < 0, or stages that end in contact)");
        lt_probe_free(p);
        return -1;
    }
    double du = o->limit / (double)o->steps, speed = du / test->dt;
    int total = 0;
    for (int k = 0; k < n; k++) total += k % o->shards == o->shard - 1;
    dir_ctx d = {y, test->params, test->law->n_state, o->steps, {t0->u[0], t0->u[1]}, {0}, {0}, {0}, {0}, 0, du, NULL};
    for (int k = 0; k < n; k++) {
        if (k % o->shards != o->shard - 1) continue;
        lt_probe_point *pt = &p->points[p->n_points];
        pt->k = k;
        direction(k, n, pt->dir, &pt->angle);
        memset(ray->values, 0, sizeof ray->values);
        ray->values[0] = speed * pt->dir[0];
        ray->values[1] = speed * pt->dir[1];
        ray->until_ctx = &d;
        d.pt = pt;
        lt_tester_copy(p->work, p->start);
        remember(&d, work);
        d.prev_step = 0;
        if (lt_run_stage(p->work, n0) < 0 || lt_finish(p->work) < 0) {
            snprintf(err, errlen, "direction %d: %s", k, work->err);
            lt_probe_free(p);
            return -1;
        }
        int ne = test->law->n_energies;
        pt->work = work->energy[ne + LT_E_WORK];
        pt->balance = work->energy[ne + LT_E_BALANCE];
        p->n_points++;
        if (o->progress) o->progress(o->progress_ctx, p->n_points, total);
    }
    return 0;
}
