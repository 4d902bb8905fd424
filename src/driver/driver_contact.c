/* src/driver/driver_contact.c - the contact at a state: the frame carried to the new normal, the
 * relative velocity of the step measured in the mid-step frame, a contact forming (the stiffness
 * rule, the law's init) or breaking, the law's step and its energies, and the contact forces on
 * the bodies.  Equations and conventions: driver.h (energies, stiffness), law.h (frame, signs).
 */
#include "base/watch.h"
#include "contact/stiffness.h"
#include "driver/driver_checks.h"
#include "driver/driver_int.h"
#include <math.h>
#include <string.h>

static const lt_response zero_response;

static void set_contact_forces(lt_tester *t, int alive)
{
    vec3 F = v3(0, 0, 0);
    const double *f = t->view.resp.f;
    if (alive) F = m3_to_global(&t->view.frame, v3(f[0], f[1], f[2]));
    /* force on A is F; B gets -F; torques about each centre add the moment of the force */
    vec3 negF = v3_neg(F), mA = v3_cross(t->view.geom.branch[0], F),
         mB = v3_cross(t->view.geom.branch[1], negF);
    t->view.force_now[0][0] = F;
    t->view.force_now[1][0] = negF;
    if (alive && (f[3] != 0 || f[4] != 0 || f[5] != 0)) {
        vec3 T = m3_to_global(&t->view.frame, v3(f[3], f[4], f[5]));
        t->view.force_now[0][1] = v3_add(T, mA);
        t->view.force_now[1][1] = v3_sub(mB, T);
    } else { /* most laws return no torque (the same values, up to the sign of a zero) */
        t->view.force_now[0][1] = mA;
        t->view.force_now[1][1] = mB;
    }
}

/* Effective mass of the pair (kg): a fixed body does not respond to forces, so it counts as
 * infinitely heavy; when both are fixed the reduced mass of their own masses keeps a law's
 * dashpot finite (its motion is imposed anyway). */
double lt_effective_mass(const lt_body *a, const lt_body *b)
{
    if (a->fixed && !b->fixed) return b->mass;
    if (b->fixed && !a->fixed) return a->mass;
    return a->mass * b->mass / (a->mass + b->mass);
}

static double law_stored_energy(const lt_tester *t)
{
    const lt_law *law = t->view.test->law;
    double e = 0;
    for (int i = 0; i < law->n_energies; i++)
        if (law->energies[i].kind == LT_STORED) e += t->view.energy[i];
    return e;
}

/* The law broke the contact at this state: the stored energy leaves the contact; what the
 * contact did not give back as work over this last step is released (brk).  Once per contact. */
COLD static void contact_break(lt_tester *t)
{
    const lt_law *law = t->view.test->law;
    double stored = law_stored_energy(t);
    for (int i = 0; i < law->n_energies; i++)
        if (law->energies[i].kind == LT_STORED) t->view.energy[i] = 0;
    t->view.has_contact = 0;
    memset(&t->view.resp, 0, sizeof t->view.resp);
    set_contact_forces(t, 0);
    t->view.energy[law->n_energies + LT_E_BRK] += stored - lt_contact_work_last_step(t);
    t->view.u[0] = t->view.c.uN;
}

/* A contact forms at this state (its geometry in view.geom, its velocity in view.c.v): the
 * stiffness rule (once per contact: its values hold for the contact's life) and the law's
 * init.  Once per contact, so kept out of the step's code. */
COLD static int contact_form(lt_tester *t)
{
    lt_view *v = &t->view;
    const lt_test *test = v->test;
    lt_contact *c = &v->c;
    if (lt_stiffness_eval(&test->stiffness, &v->body[0].mat, &v->body[1].mat, v->geom.lens, c->uN,
                          &v->stiff) < 0) {
        if (v->step == 0) { /* the contact of the initial state: its overlap is the test's gap */
            v->err_field = "gap";
            return lt_fail(t,
                           "the initial overlap (uN = %g m) leaves a branch length not positive "
                           "under stiffness.lengths = 'reduced' (l + uN/2; lens %g, %g m): a "
                           "smaller overlap, or lengths = 'raw'",
                           c->uN, v->geom.lens[0], v->geom.lens[1]);
        }
        return lt_fail(t,
                       "stiffness rule: a branch length reduced by the initial overlap (uN = %g m) "
                       "is not positive (lens %g, %g m)",
                       c->uN, v->geom.lens[0], v->geom.lens[1]);
    }
    v->stiff_step = v->step;
    v->stiff_uN0 = c->uN;
    v->n_formed++;
    c->lens[0] = v->stiff.lens[0];
    c->lens[1] = v->stiff.lens[1];
    c->contA = v->stiff.contA;
    c->kn = v->stiff.kn;
    c->kt = v->stiff.kt;
    c->tanPhi = v->stiff.tanPhi;
    if (t->obs.on_contact) t->obs.on_contact(t->obs.contact_ctx, t);
    lt_watch_enter(LT_CALL_INIT);
    test->law->init(test->params, c, v->law_state);
    lt_watch_leave();
    if (!v->created) {
        memcpy(v->law_state_created, v->law_state, (size_t)test->law->n_state * sizeof(double));
        v->created = 1;
    }
    return 0;
}

/* The geometry of this state refused before the frame is carried: degenerate (geom_ok 0), without
 * curvature radii, or with a normal reversed over the step.  0, or what lt_fail or
 * lt_cores_crossed returned (the run ends). */
static inline int contact_geometry_refused(lt_tester *t, int geom_ok, const mat3 *frame_before)
{
    const lt_body *A = &t->view.body[0], *B = &t->view.body[1];
    if (!geom_ok)
        return lt_fail(
            t,
            "degenerate %s-%s geometry: the cores touch (coincident centres, a centre on a wall, "
            "an axis through a facet or a wall), so there is no contact normal",
            lt_shape_name(A->shape), lt_shape_name(B->shape));
    /* a geometry function that forgot it */
    if (!(t->view.geom.rcurv[0] > 0 && t->view.geom.rcurv[1] > 0))
        return lt_fail(t, "the %s-%s geometry gives no curvature radius (lt_geom.rcurv)",
                       lt_shape_name(A->shape), lt_shape_name(B->shape));
    /* a normal reversed over the step: the cores passed through each other (spheres: their
     * centres met), and the frame cannot follow it (a half turn has no minimal rotation) */
    if (v3_dot(t->view.geom.normal, frame_before->r[0]) < 0 &&
        (t->view.has_contact || t->view.geom.uN < 0))
        return lt_cores_crossed(t, frame_before);
    return 0;
}

/* The frame carried from frame_before to this state's normal into view.frame, and the mid-step
 * frame into *mid (reuse: the last trial's, bit for bit), checked against the predictor's. */
static inline void contact_frame(lt_tester *t, int reuse, const mat3 *frame_before, mat3 *mid)
{
    const lt_body *A = &t->view.body[0], *B = &t->view.body[1];
    if (reuse) {
        t->view.frame = t->trial.frame;
        *mid = t->trial.mid;
    } else {
        /* the view's frame is frame_before's copy (the predictor's history took it) */
        lt_frame_step(frame_before, &t->view.frame, t->view.geom.normal,
                      v3_scale(v3_add(A->angvel, B->angvel), 0.5), t->view.test->dt, mid);
    }
    lt_predictor_check(&t->pred, frame_before, &t->view.frame, mid);
}

/* No contact before and none now (no overlap): no response, no force, the gap as uN. */
static inline void contact_apart(lt_tester *t)
{
    memset(&t->view.resp, 0, sizeof t->view.resp);
    memset(t->view.c.v, 0, sizeof t->view.c.v);
    t->view.c.uN = t->view.geom.uN;
    t->view.u[0] = t->view.geom.uN;
    set_contact_forces(t, 0);
}

/* The law's input at this state: overlap, curvature radii, and the relative velocity of the
 * step in c.v (fresh: a contact forming, measured in this state's frame). */
static inline void contact_input(lt_tester *t, int fresh, const mat3 *mid,
                                 const vec3 branch_before[2])
{
    const lt_body *A = &t->view.body[0], *B = &t->view.body[1];
    lt_contact *c = &t->view.c;
    c->uN = t->view.geom.uN; /* dt, mstar, mat: set once (lt_start_observed) */
    c->rcurv[0] = t->view.geom.rcurv[0];
    c->rcurv[1] = t->view.geom.rcurv[1];
    c->fresh = fresh;
    /* relative velocity of the contact point over the step n-1 -> n, with the branches at
     * mid-step: the contact-side work (F_{n-1} + F_n)/2 . v dt then equals the work of the
     * forces and torques on the bodies to third order in the step, even while the branches
     * change (normal motion of spinning bodies) */
    vec3 bA = t->view.geom.branch[0], bB = t->view.geom.branch[1];
    /* the state's branches, not averaged, also for a test that measures as an engine does
     * (contactVelocity: t->at_state) */
    int at_state = fresh | t->at_state;
    if (!at_state) {
        bA = v3_scale(v3_add(bA, branch_before[0]), 0.5);
        bB = v3_scale(v3_add(bB, branch_before[1]), 0.5);
    } else if (UNLIKELY(t->at_state == 2)) { /* to each surface point: the radii as levers */
        vec3 half = v3_scale(t->view.geom.normal, 0.5 * t->view.geom.uN);
        bA = v3_sub(bA, half), bB = v3_add(bB, half);
    }
    vec3 vrel =
        v3_sub(v3_add(B->vel, v3_cross(B->angvel, bB)), v3_add(A->vel, v3_cross(A->angvel, bA)));
    vec3 wrel = v3_sub(B->angvel, A->angvel);
    /* ... and projected on the mid-step frame, so that a force that keeps its local
     * components while the frame turns does the same work on both sides (Woo's L6Geom also
     * works at mid-step) */
    const mat3 *frame = at_state ? &t->view.frame : mid;
    vec3 vl = m3_to_local(frame, vrel), wl = m3_to_local(frame, wrel);
    c->v[0] = vl.x, c->v[1] = vl.y, c->v[2] = vl.z;
    c->v[3] = wl.x, c->v[4] = wl.y, c->v[5] = wl.z;
}

/* The law's response resp taken into the view: forces, stiffnesses and energies (stored ones
 * replaced, dissipated ones added).  Returns what the law booked for this step: stored now +
 * dissipated increments. */
static inline double contact_take_response(lt_tester *t, const lt_response *resp)
{
    const lt_law *law = t->view.test->law;
    /* value by value, what the driver reads: a block copy loads 16 bytes at a time from the
     * law's 8-byte stores, which cannot be forwarded to it (the copy waited for them: 2 % of
     * the sparse case's step, measured with `make bench`) */
    lt_response *out = &t->view.resp;
    out->f[0] = resp->f[0], out->f[1] = resp->f[1], out->f[2] = resp->f[2];
    out->f[3] = resp->f[3], out->f[4] = resp->f[4], out->f[5] = resp->f[5];
    out->k[0] = resp->k[0], out->k[1] = resp->k[1];
    double booked = 0;
    for (int i = 0; i < law->n_energies; i++) {
        double e = resp->energy[i];
        out->energy[i] = e;
        if ((t->stored_mask >> i) & 1u)
            t->view.energy[i] = e;
        else
            t->view.energy[i] += e;
        booked += e;
    }
    return booked;
}

/* The contact alive after the law's step: overlap and accumulated displacements, the forces on
 * the bodies, and (formed inside this step) the energy of its forming. */
static inline void contact_alive(lt_tester *t, int fresh, double booked)
{
    const lt_test *test = t->view.test;
    const lt_contact *c = &t->view.c;
    t->view.has_contact = 1;
    t->view.u[0] = c->uN;
    double dt = test->dt, *u = t->view.u;
    u[1] += c->v[1] * dt, u[2] += c->v[2] * dt, u[3] += c->v[3] * dt, u[4] += c->v[4] * dt,
        u[5] += c->v[5] * dt;
    set_contact_forces(t, 1);
    /* formed inside this step: the contact-side work of the step (trapezoid from no force at
     * the previous state) minus what the law booked for it */
    if (fresh && t->view.step > 0)
        t->view.energy[test->law->n_energies + LT_E_FORM] += -lt_contact_work_last_step(t) - booked;
}

/* Frame and law at the current positions (state n), whose geometry is view.geom (geom_ok 0: the
 * geometry was degenerate).  frame_before, branch_before: the frame and branches of the state
 * the step left (the predictor's history holds them).  The step's path: its helpers above are
 * static inline, so that the compiler keeps it one function (callgrind's count of a step is
 * that of the single function it replaced). */
int lt_contact_update(lt_tester *t, int geom_ok, const mat3 *frame_before,
                      const vec3 branch_before[2])
{
    const lt_test *test = t->view.test;
    const lt_law *law = test->law;
    /* lt_position_update moved the bodies exactly as the last trial did (lt_trial): its geometry,
     * carried frame and mid-step frame are those of this state, bit for bit */
    int reuse = t->trial.valid == 2;
    t->trial.valid = 0;
    int refused = contact_geometry_refused(t, geom_ok, frame_before);
    if (refused) return refused;
    mat3 mid; /* the frame in which the relative velocity of this step is measured */
    contact_frame(t, reuse, frame_before, &mid);
    int fresh = 0;
    if (!t->view.has_contact) {
        if (!(t->view.geom.uN < 0)) {
            contact_apart(t);
            return 0;
        }
        fresh = 1;
        memset(t->view.law_state, 0, (size_t)law->n_state * sizeof(double));
        memset(t->view.u, 0, sizeof t->view.u);
    }
    contact_input(t, fresh, &mid, branch_before);
    lt_contact *c = &t->view.c;
    if (fresh && contact_form(t) < 0) return -1;
    /* do not blame the law for its input */
    if (!isfinite(c->uN + lt_sum6(c->v)) && lt_contact_input_fault(t) < 0) return -1;
    /* what a law leaves unset is zero (a plain copy: memset of this size is a slow rep stos);
     * the law writes the guarded response (driver_int.h), whose values the view takes once it
     * returned */
    lt_response *resp = t->law_resp;
    *resp = zero_response;
    int alive;
    if (UNLIKELY(t->host != NULL)) { /* a hosted law: its engine's step (driver_host.c) */
        alive = lt_host_contact_step(t, fresh, resp);
        if (alive < 0) return -1;
    } else {
        lt_watch_enter(LT_CALL_STEP);
        alive = law->step(test->params, c, t->view.law_state, resp);
        lt_watch_leave();
    }
    if (!alive) {
        contact_break(t);
        return 0;
    }
    double booked = contact_take_response(t, resp);
    if (lt_law_output_check(t, booked) < 0)
        return -1; /* the run ends: the energies just booked are not read */
    contact_alive(t, fresh, booked);
    if (UNLIKELY(t->host != NULL)) lt_host_contact_forces(t); /* the bodies take its forces */
    return 1;
}
