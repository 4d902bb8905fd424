/* src/driver/driver_host.c - a hosted law's step (src/contact/host.h): the pair at this state
 * handed to its host (an engine run through its library), and what the host returns taken as the
 * contact's response and as the bodies' contact forces.
 *
 * The host gets the two spheres as they are: centres x_n (relative to their midpoint), velocities
 * and spins v_{n-1/2}, w_{n-1/2}, radii, masses, dt; it returns the force and torque on each body
 * (global; torques about each centre).  The bodies take those as they are: the engine decides its
 * own relative velocity, normal, lever arms and history, lawtester applies them and measures.
 * The record shows them as a law's response: f[0..2] the force on A and f[3..5] the torque on A
 * beyond the moment b_A x F of that force about A's centre (b_A the test's lever arm), both in
 * the contact frame; a host reports no stiffness and books no energy (the driver's `unbooked`
 * column is then the energy the contact absorbed).  Units SI.
 */
#include "base/watch.h"
#include "driver/driver_int.h"
#include <stdio.h>

/* A fixed body's mass for the engine: 2^60 times the other's, so that m* = m1 m2/(m1 + m2) rounds
 * to the free body's mass (a fixed body is infinitely heavy, lt_effective_mass). */
#define FIXED_MASS_FACTOR 1152921504606846976.0 /* 2^60 */

int lt_host_check_pair(lt_tester *t)
{
    const lt_body *b = t->view.body;
    if (b[0].shape == LT_WALL && b[1].shape == LT_SPHERE && t->host->walls) return 0;
    if (b[1].shape == LT_WALL && t->host->walls)
        return lt_fail(t,
                       "law '%s' runs in its engine: a wall is body A, the sphere body B (the "
                       "engine's wall acts on its atoms)",
                       t->view.test->law->name);
    for (int i = 0; i < 2; i++)
        if (t->view.body[i].shape != LT_SPHERE)
            return lt_fail(t,
                           "law '%s' runs in its engine, whose atoms are spheres: body %c is a %s "
                           "(a hosted law takes two spheres%s)",
                           t->view.test->law->name, i ? 'B' : 'A',
                           lt_shape_name(t->view.body[i].shape),
                           t->host->walls ? ", or a wall A and a sphere B"
                                          : "; it names no `wall` command for a wall A");
    return 0;
}

static void put3(double *d, vec3 a) { d[0] = a.x, d[1] = a.y, d[2] = a.z; }

static vec3 get3(const double *s) { return v3(s[0], s[1], s[2]); }

/* A wall A and the sphere B at this state as the host takes them: the wall's point under B's
 * centre (relative to that centre), its normal toward B, the velocity of its material there. */
static void host_wall_pair(const lt_tester *t, lt_host_pair *p)
{
    const lt_body *b = t->view.body;
    vec3 n = t->view.geom.normal, d = v3_sub(b[1].pos, b[0].pos);
    vec3 foot = v3_sub(b[1].pos, v3_scale(n, v3_dot(d, n))); /* under B's centre */
    put3(p->x[0], v3_sub(foot, b[1].pos));
    put3(p->x[1], v3(0, 0, 0));
    put3(p->v[0], v3_add(b[0].vel, v3_cross(b[0].angvel, v3_sub(foot, b[0].pos))));
    put3(p->w[0], b[0].angvel);
    put3(p->v[1], b[1].vel);
    put3(p->w[1], b[1].angvel);
    p->radius[0] = 0, p->mass[0] = 0;
    p->radius[1] = b[1].radius, p->mass[1] = b[1].mass;
    p->wall = 1;
    put3(p->n, n);
}

/* The pair at this state as the host takes it. */
static void host_pair(const lt_tester *t, lt_host_pair *p)
{
    const lt_body *b = t->view.body;
    p->param = t->view.test->params;
    p->dt = t->view.test->dt;
    if (b[0].shape == LT_WALL) {
        host_wall_pair(t, p);
        return;
    }
    p->wall = 0;
    vec3 mid = v3_scale(v3_add(b[0].pos, b[1].pos), 0.5);
    for (int i = 0; i < 2; i++) {
        put3(p->x[i], v3_sub(b[i].pos, mid));
        put3(p->v[i], b[i].vel);
        put3(p->w[i], b[i].angvel);
        p->radius[i] = b[i].radius;
        p->mass[i] = b[i].mass;
    }
    for (int i = 0; i < 2; i++)
        if (b[i].fixed && !b[1 - i].fixed) p->mass[i] = b[1 - i].mass * FIXED_MASS_FACTOR;
}

int lt_host_prepare(lt_tester *t)
{
    const lt_host *h = t->host;
    lt_host_pair p;
    host_pair(t, &p);
    char err[600] = "";
    lt_watch_enter(LT_CALL_INIT);
    int rc = h->prepare(h->ctx, &p, err, sizeof err);
    lt_watch_leave();
    return rc < 0 ? lt_fail(t, "law '%s': %s", t->view.test->law->name, err) : 0;
}

int lt_host_contact_step(lt_tester *t, int fresh, lt_response *resp)
{
    const lt_host *h = t->host;
    lt_host_pair p;
    host_pair(t, &p);
    char err[600] = "";
    lt_host_out *o = &t->host_out;
    if (fresh) {
        lt_watch_enter(LT_CALL_INIT);
        int rc = h->begin(h->ctx, &p, err, sizeof err);
        lt_watch_leave();
        if (rc < 0) return lt_fail(t, "law '%s': %s", t->view.test->law->name, err);
    }
    lt_watch_enter(LT_CALL_STEP);
    int rc = h->step(h->ctx, &p, o, err, sizeof err);
    lt_watch_leave();
    if (rc < 0) return lt_fail(t, "law '%s': %s", t->view.test->law->name, err);
    if (p.wall) { /* the wall's torque about its point under B, moved to its reference point */
        vec3 arm = v3_sub(v3_add(t->view.body[1].pos, get3(p.x[0])), t->view.body[0].pos);
        put3(o->t[0], v3_add(get3(o->t[0]), v3_cross(arm, get3(o->f[0]))));
    }
    if (!o->touching) return 0;
    /* the force on A, and its torque beyond the moment of that force about A's centre */
    const mat3 *R = &t->view.frame;
    vec3 F = get3(o->f[0]), T = v3_sub(get3(o->t[0]), v3_cross(t->view.geom.branch[0], F));
    vec3 fl = m3_to_local(R, F), tl = m3_to_local(R, T);
    resp->f[0] = fl.x, resp->f[1] = fl.y, resp->f[2] = fl.z;
    resp->f[3] = tl.x, resp->f[4] = tl.y, resp->f[5] = tl.z;
    return 1;
}

void lt_host_contact_forces(lt_tester *t)
{
    const lt_host_out *o = &t->host_out;
    for (int i = 0; i < 2; i++) {
        t->view.force_now[i][0] = get3(o->f[i]);
        t->view.force_now[i][1] = get3(o->t[i]);
    }
}
