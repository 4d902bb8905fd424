/* src/driver/probe.c - yield probing along the directions of the displacement plane (see probe.h).
 * */
#include "driver/probe.h"
#include "contact/host.h"
#include "contact/registry.h"
#include "contact/yield.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct dir_ctx {
    const lt_yield *y;
    const double *param;
    int n_state;
    long max_steps;
    double u0[LT_DOF];                /* displacements of the initial state */
    double prev_f[LT_DOF], prev_u[2]; /* the previous state */
    double prev_k[2];                 /* N/m: its tangent stiffnesses kn, kt */
    double prev_state[LT_MAX_STATE];
    long prev_step;
    double du; /* m per step along the direction */
    lt_probe_point *pt;
    /* a probe on any pair (extended): */
    int extended, force, dof[2];
    double step_ij[2];  /* a step's displacement (m, rad) or force target increment (N, N m) */
    double k_ij[2];     /* tangent stiffness estimates of the pair (start, then secants) */
    double f0_ij[2];    /* the pair's forces at the initial state (force control) */
    double prev_uij[2]; /* the pair's displacements of the previous state (from the initial) */
} dir_ctx;

/* The initial state again, in p->work: a copy of p->start; for a hosted law (contact/host.h),
 * whose history lives in its engine and cannot be copied, the preparing stages run again (the
 * driver and the engine are deterministic: the same state, at the cost of those stages). */
static int restart_work(lt_probe *p)
{
    if (!lt_law_host(p->test.law)) {
        lt_tester_copy(p->work, p->start);
        return 0;
    }
    int rc = lt_start(p->work, &p->test, NULL, NULL);
    for (int i = 0; rc == 0 && i < p->test.n_stages - 1; i++) rc = lt_run_stage(p->work, i);
    return rc;
}

static void remember(dir_ctx *d, const lt_view *t)
{
    memcpy(d->prev_f, t->resp.f, sizeof d->prev_f);
    memcpy(d->prev_k, t->resp.k, sizeof d->prev_k);
    d->prev_u[0] = t->u[0] - d->u0[0];
    d->prev_u[1] = t->u[1] - d->u0[1];
    for (int i = 0; i < 2; i++) d->prev_uij[i] = t->u[d->dof[i]] - d->u0[d->dof[i]];
    memcpy(d->prev_state, t->law_state, (size_t)d->n_state * sizeof(double));
    d->prev_step = t->st.step;
}

/* The secants of an elastic step of the pair update the stiffness estimates (force control:
 * the next step's velocity; both: the bound dFij). */
static void update_secants(dir_ctx *d, const lt_view *t)
{
    for (int i = 0; i < 2; i++) {
        int q = d->dof[i];
        double du = (t->u[q] - d->u0[q]) - d->prev_uij[i], df = t->resp.f[q] - d->prev_f[q];
        if (du != 0 && df / du > 0 && isfinite(df / du)) d->k_ij[i] = df / du;
    }
}

/* Inside the surface of `state`? */
static int inside(const dir_ctx *d, const double *state, double fn, double fty, double ftz)
{
    return fn <= d->y->fn_max(d->param, state) &&
           hypot(fty, ftz) <= d->y->ft_max(d->param, state, fn);
}

/* Distance (N) from the force f along the elastic ray dF (N per step) to the surface of state,
 * by bisection on the step fraction; NaN if the ray is still inside one step on. */
static double distance_to_surface(const dir_ctx *d, const double *state, const double f[3],
                                  const double dF[2])
{
    if (inside(d, state, f[0] + dF[0], f[1] + dF[1], f[2])) return NAN;
    double a = 0, b = 1;
    for (int i = 0; i < 60 && b - a > 1e-12; i++) {
        double m = 0.5 * (a + b);
        if (inside(d, state, f[0] + m * dF[0], f[1] + m * dF[1], f[2]))
            a = m;
        else
            b = m;
    }
    return 0.5 * (a + b) * hypot(dF[0], dF[1]);
}

/* The extended columns of the recorded point: the pair's values, the increment and the distance
 * along it to lt_yield_excess = 0 in increments. */
static void record_pair(dir_ctx *d, int yielded, const lt_view *t)
{
    lt_probe_point *pt = d->pt;
    double step[LT_DOF] = {0};
    for (int i = 0; i < 2; i++) {
        int q = d->dof[i];
        double dir = pt->dir[i];
        pt->dofs[i] = q;
        pt->uij[i] = d->prev_uij[i];
        pt->fij[i] = d->prev_f[q];
        pt->fij1[i] = yielded && t->has_contact ? t->resp.f[q] : NAN;
        pt->dFij[i] = d->force ? d->step_ij[i] * dir : d->k_ij[i] * d->step_ij[i] * dir;
        step[q] = pt->dFij[i];
    }
    pt->dsteps = yielded ? lt_yield_ray(d->y, d->param, d->prev_state, d->prev_f, step) : NAN;
    /* the norms in N only when both DoFs are forces or both torques */
    int same = (d->dof[0] < 3) == (d->dof[1] < 3);
    pt->dF = same ? hypot(pt->dFij[0], pt->dFij[1]) : NAN;
    pt->dist = same ? pt->dsteps * pt->dF : NAN;
}

/* How the yield step changed the contact (lt_probe_point.broken, .hardened). */
enum { SURFACE_KEPT, SURFACE_BROKEN, SURFACE_HARDENED };

static void record_point(dir_ctx *d, int yielded, int change, const lt_view *t)
{
    lt_probe_point *pt = d->pt;
    pt->yielded = yielded;
    pt->broken = change == SURFACE_BROKEN;
    pt->hardened = change == SURFACE_HARDENED;
    pt->steps = d->prev_step;
    memcpy(pt->u, d->prev_u, sizeof pt->u);
    memcpy(pt->f, d->prev_f, sizeof pt->f);
    for (int i = 0; i < 3; i++) pt->f1[i] = yielded && t->has_contact ? t->resp.f[i] : NAN;
    pt->gap = d->y->ft_max(d->param, d->prev_state, pt->f[0]) - hypot(pt->f[1], pt->f[2]);
    if (d->extended) {
        record_pair(d, yielded, t);
        return;
    }
    /* the elastic increment of one step from the recorded state, by its tangent stiffnesses:
     * exact for constant ones, the first-order estimate where they vary (hertz_mindlin) */
    double dF[2] = {d->prev_k[0] * d->du * pt->dir[0], d->prev_k[1] * d->du * pt->dir[1]};
    pt->dF = hypot(dF[0], dF[1]);
    pt->dist = yielded ? distance_to_surface(d, d->prev_state, pt->f, dF) : NAN;
    /* the pair's columns of the default probe (normal, shear y) */
    pt->dofs[0] = 0, pt->dofs[1] = 1;
    memcpy(pt->uij, pt->u, sizeof pt->uij);
    pt->fij[0] = pt->f[0], pt->fij[1] = pt->f[1], pt->fij1[0] = pt->f1[0], pt->fij1[1] = pt->f1[1];
    memcpy(pt->dFij, dF, sizeof pt->dFij);
    pt->dsteps = pt->dF > 0 ? pt->dist / pt->dF : NAN;
}

/* What the yield step did to the contact: broken if it is gone or its surface shrank (a bond
 * broke: the tension tip or the shear limit at the recorded Fn fell), hardened if the surface
 * only grew (plastic hardening: the law yielded and its elastic domain widened), else kept. */
static int surface_change(const dir_ctx *d, const lt_view *t)
{
    if (!t->has_contact) return SURFACE_BROKEN;
    const lt_yield *y = d->y;
    double fn0 = y->fn_max(d->param, d->prev_state), fn1 = y->fn_max(d->param, t->law_state),
           ft0 = y->ft_max(d->param, d->prev_state, d->prev_f[0]),
           ft1 = y->ft_max(d->param, t->law_state, d->prev_f[0]);
    if (fn1 < fn0 || ft1 < ft0) return SURFACE_BROKEN;
    if (fn1 > fn0 || ft1 > ft0) return SURFACE_HARDENED;
    return SURFACE_KEPT;
}

/* The stage condition of a direction: first yield, or the end of the ray. */
static int probe_until(void *ctx, lt_tester *tester)
{
    const lt_view *t = lt_tester_view(tester);
    dir_ctx *d = ctx;
    if (!t->has_contact || d->y->yielding(d->param, t->law_state)) {
        record_point(d, 1, surface_change(d, t), t);
        return 1;
    }
    if (d->extended) update_secants(d, t);
    remember(d, t);
    if (t->st.step >= d->max_steps) {
        record_point(d, 0, SURFACE_KEPT, t);
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

/* Force control: the velocity of DoF `dof` of the pair that reaches the next target force with
 * the stiffness estimate (lt_value_cb). */
static int force_velocity(void *ctx, lt_tester *tester, int dof, double time, double *value)
{
    const lt_view *t = lt_tester_view(tester);
    (void)time;
    dir_ctx *d = ctx;
    int i = dof == d->dof[0] ? 0 : 1;
    double target = d->f0_ij[i] + (double)(t->st.step + 1) * d->step_ij[i] * d->pt->dir[i];
    double f = t->has_contact ? t->resp.f[dof] : 0;
    *value = d->k_ij[i] > 0 ? (target - f) / (d->k_ij[i] * t->test->dt) : 0;
    return 0;
}

/* Stop after one step (the difference quotient of the start stiffness). */
static int one_step(void *ctx, lt_tester *t)
{
    (void)ctx;
    return lt_tester_view(t)->st.step >= 1;
}

/* The start state's tangent stiffness on DoF q (N/m or N m/rad): the law's kn, kt for DoFs 0..2;
 * for a torque the difference quotient of one step of du (m, rad) from the start state, on the
 * copy `work`.  Returns 0, or -1 with t->err set. */
static int start_stiffness(lt_probe *p, int q, double du, double *k)
{
    const lt_view *t0 = lt_tester_view(p->start), *work = lt_tester_view(p->work);
    if (q < 3) {
        *k = t0->resp.k[q ? 1 : 0];
        return 0;
    }
    lt_stage *ray = &p->test.stages[p->test.n_stages - 1], keep = *ray;
    memset(ray->values, 0, sizeof ray->values);
    ray->values[q] = du / p->test.dt;
    ray->until = one_step;
    ray->fn_mask = 0;
    int rc = restart_work(p);
    if (rc == 0) rc = lt_run_stage(p->work, p->test.n_stages - 1);
    *ray = keep;
    if (rc < 0) return -1;
    double dq = work->u[q] - t0->u[q];
    *k = work->has_contact && dq != 0 ? (work->resp.f[q] - t0->resp.f[q]) / dq : 0;
    return 0;
}

int lt_probe_is_default(const lt_probe_opts *o)
{
    int pair = o->dofs[0] == o->dofs[1] || (o->dofs[0] == 0 && o->dofs[1] == 1);
    int limits = o->limits[0] == 0 && o->limits[1] == 0;
    return pair && limits && !o->force;
}

void lt_probe_free(lt_probe *p)
{
    free(p->test.stages);
    lt_tester_free(p->start);
    lt_tester_free(p->work);
    free(p->points);
    memset(p, 0, sizeof *p);
}

/* The probe's test into p: the given test's stages, then the ray's stage (all six DoFs
 * velocity-controlled, ended by probe_until), and its testers and points (a shard's share).
 * 0, or -1 with the message. */
static int probe_alloc(lt_probe *p, const lt_test *test, const lt_probe_opts *o, char *err,
                       size_t errlen)
{
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
        return -1;
    }
    if (n0) memcpy(p->test.stages, test->stages, (size_t)n0 * sizeof *test->stages);
    lt_stage *ray = &p->test.stages[n0];
    *ray = lt_default_stage();
    memset(ray->whats, 'v', LT_DOF);
    ray->max_steps = o->steps + 1;
    ray->until = probe_until;
    return 0;
}

/* The initial state: the given test's stages run on p->start, which must end in contact.  0, or
 * -1 with the message. */
static int probe_initial_state(lt_probe *p, int n0, char *err, size_t errlen)
{
    int rc = lt_start(p->start, &p->test, NULL, NULL);
    for (int i = 0; rc == 0 && i < n0; i++) rc = lt_run_stage(p->start, i);
    const lt_view *t0 = lt_tester_view(p->start);
    if (rc < 0) {
        snprintf(err, errlen, "%s", t0->err);
        return -1;
    }
    if (!t0->has_contact) {
        snprintf(err, errlen,
                 "no contact at the probe's initial state (give gap < 0, or stages that end in "
                 "contact)");
        return -1;
    }
    return 0;
}

/* What every direction shares into d (the surface, the step du along a direction, the initial
 * state, the pair and its control) and p; the pair's start stiffnesses into p->k0 (force
 * control needs them positive).  0, or -1 with the message. */
static int probe_directions_ctx(lt_probe *p, dir_ctx *d, const lt_yield *y, const lt_probe_opts *o,
                                double du, char *err, size_t errlen)
{
    const lt_view *t0 = lt_tester_view(p->start), *work = lt_tester_view(p->work);
    memset(d, 0, sizeof *d);
    d->y = y, d->param = p->test.params, d->n_state = p->test.law->n_state, d->max_steps = o->steps,
    d->du = du;
    memcpy(d->u0, t0->u, sizeof d->u0);
    d->extended = !lt_probe_is_default(o);
    d->force = o->force;
    d->dof[0] = o->dofs[0] == o->dofs[1] ? 0 : o->dofs[0];
    d->dof[1] = o->dofs[0] == o->dofs[1] ? 1 : o->dofs[1];
    memcpy(p->dofs, d->dof, sizeof p->dofs);
    p->extended = d->extended;
    p->force = d->force;
    for (int i = 0; i < 2; i++) {
        double lim = o->limits[i] > 0 ? o->limits[i] : o->limit;
        d->step_ij[i] = lim / (double)o->steps;
        d->f0_ij[i] = t0->resp.f[d->dof[i]];
        /* the difference quotient's step: a probe step (displacement control) or a millionth of
         * the DoF's own scale, a small motion far from the surface (force control: du unknown) */
        double q = d->force ? 1e-9 : d->step_ij[i];
        if (d->extended && start_stiffness(p, d->dof[i], q, &p->k0[i]) < 0) {
            snprintf(err, errlen, "start stiffness of DoF %d: %s", d->dof[i] + 1, work->err);
            return -1;
        }
        if (d->force && !(p->k0[i] > 0)) {
            snprintf(
                err, errlen,
                "field control: force control needs a positive stiffness on DoF %d at the initial "
                "state, got %g N/m or N m/rad (the law reports none there, or its spring is off)",
                d->dof[i] + 1, p->k0[i]);
            return -1;
        }
    }
    return 0;
}

/* Direction k of n: the ray from the initial state (a copy of p->start) at speed (m/s; the pair's
 * steps, or force control) until the surface or the limit, into the next point with its work
 * and balance.  0, or -1 with the message. */
static int probe_direction(lt_probe *p, dir_ctx *d, int k, int n, double speed, char *err,
                           size_t errlen)
{
    const lt_test *test = &p->test;
    int n0 = test->n_stages - 1;
    lt_stage *ray = &p->test.stages[n0];
    const lt_view *work = lt_tester_view(p->work);
    lt_probe_point *pt = &p->points[p->n_points];
    pt->k = k;
    direction(k, n, pt->dir, &pt->angle);
    memset(ray->values, 0, sizeof ray->values);
    if (!d->extended) {
        ray->values[0] = speed * pt->dir[0];
        ray->values[1] = speed * pt->dir[1];
    } else if (!d->force) {
        for (int i = 0; i < 2; i++) ray->values[d->dof[i]] = d->step_ij[i] * pt->dir[i] / test->dt;
    } else {
        ray->fn_mask = 1u << d->dof[0] | 1u << d->dof[1];
        ray->value_fn = force_velocity;
        ray->value_ctx = d;
    }
    memcpy(d->k_ij, p->k0, sizeof d->k_ij);
    ray->until_ctx = d;
    d->pt = pt;
    if (restart_work(p) < 0) {
        snprintf(err, errlen, "direction %d: %s", k, work->err);
        return -1;
    }
    remember(d, work);
    d->prev_step = 0;
    if (lt_run_stage(p->work, n0) < 0 || lt_finish(p->work) < 0) {
        snprintf(err, errlen, "direction %d: %s", k, work->err);
        return -1;
    }
    int ne = test->law->n_energies;
    pt->work = work->energy[ne + LT_E_WORK];
    pt->balance = work->energy[ne + LT_E_BALANCE];
    p->n_points++;
    return 0;
}

int lt_probe_run(lt_probe *p, const lt_test *test, const lt_probe_opts *o, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    const lt_yield *y = lt_law_yield(test->law);
    if (!y) {
        snprintf(err, errlen, "law '%s' declares no yield surface to probe", test->law->name);
        return -1;
    }
    int n = o->directions;
    double du = o->limit / (double)o->steps, speed = du / test->dt;
    int total = 0; /* the directions of this shard */
    for (int k = 0; k < n; k++) total += k % o->shards == o->shard - 1;
    dir_ctx d;
    if (probe_alloc(p, test, o, err, errlen) < 0 ||
        probe_initial_state(p, test->n_stages, err, errlen) < 0 ||
        probe_directions_ctx(p, &d, y, o, du, err, errlen) < 0) {
        lt_probe_free(p);
        return -1;
    }
    for (int k = 0; k < n; k++) {
        if (k % o->shards != o->shard - 1) continue;
        if (probe_direction(p, &d, k, n, speed, err, errlen) < 0) {
            lt_probe_free(p);
            return -1;
        }
        if (o->progress) o->progress(o->progress_ctx, p->n_points, total);
    }
    return 0;
}
