/* src/driver/driver_checks.c - what the driver checks of a state and what it closes: the searches
 * for the non-finite value (law outputs, contact input, state, energies) behind the step's sums
 * (driver_int.h), the stability check of leapfrog for the normal contact, and the closing of a
 * state's energies: kinetic energy, the works of the contact and the damping, the driver's work,
 * the balance and the unbooked energy (driver.h, docs/energy.md section 2).
 */
#include "driver/driver_checks.h"
#include "driver/driver_int.h"
#include "driver/stability.h"
#include <math.h>
#include <stdio.h>

static const char *const dof_u_names[LT_DOF] = {"ux", "uy", "uz", "phix", "phiy", "phiz"};
static const char *const dof_v_names[LT_DOF] = {"vx", "vy", "vz", "wx", "wy", "wz"};

static inline int all_finite(const double *x, int n)
{
    double z = 0;
    for (int i = 0; i < n; i++) z += x[i];
    if (isfinite(z)) return 1;
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i])) return 0;
    return 1;
}

/* The law's outputs of this step, once their sum was not finite (lt_law_output_check): find the
 * value, or a mere overflow of the sum. */
COLD int lt_law_output_fault(lt_tester *t)
{
    const lt_law *law = t->view.test->law;
    const lt_response *r = &t->view.resp;
    for (int k = 0; k < LT_DOF; k++)
        if (!isfinite(r->f[k]))
            return lt_fail(t, "law '%s' returned a non-finite %s %s = %g", law->name,
                           k < 3 ? "force" : "torque",
                           (const char *[]){"Fx", "Fy", "Fz", "Tx", "Ty", "Tz"}[k],
                           lt_shown(r->f[k]));
    for (int k = 0; k < 2; k++)
        if (!isfinite(r->k[k]))
            return lt_fail(t, "law '%s' returned a non-finite stiffness %s = %g", law->name,
                           k ? "kt" : "kn", lt_shown(r->k[k]));
    for (int i = 0; i < law->n_energies; i++)
        if (!isfinite(r->energy[i]))
            return lt_fail(t, "law '%s' returned a non-finite energy %s = %g", law->name,
                           law->energies[i].name, lt_shown(r->energy[i]));
    for (int i = 0; i < law->n_state; i++)
        if (!isfinite(t->view.law_state[i]))
            return lt_fail(t, "law '%s' left a non-finite state variable %s = %g", law->name,
                           law->state_names[i], lt_shown(t->view.law_state[i]));
    return 0;
}

static int vec_bad(const char *who, const char *what, vec3 v, char *name, size_t n, double *val)
{
    const double x[3] = {v.x, v.y, v.z};
    for (int k = 0; k < 3; k++)
        if (!isfinite(x[k])) {
            snprintf(name, n, "%s.%s.%c", who, what, "xyz"[k]);
            *val = x[k];
            return 1;
        }
    return 0;
}

/* The state, once its sum was not finite (lt_state_check): find the value, or a mere overflow of
 * the sum. */
COLD int lt_state_fault(lt_tester *t)
{
    char name[64] = "?";
    double val = NAN;
    int found = 0;
    for (int i = 0; i < 2 && !found; i++) {
        const lt_body *b = &t->view.body[i];
        const char *who = i ? "B" : "A";
        vec3 q = v3(b->ori.x, b->ori.y, b->ori.z);
        found = vec_bad(who, "pos", b->pos, name, sizeof name, &val) ||
                vec_bad(who, "vel", b->vel, name, sizeof name, &val) ||
                vec_bad(who, "angvel", b->angvel, name, sizeof name, &val) ||
                vec_bad(who, "orientation", q, name, sizeof name, &val);
        if (!found && !isfinite(b->ori.w))
            snprintf(name, sizeof name, "%s.orientation.w", who), val = b->ori.w, found = 1;
    }
    for (int k = 0; k < LT_DOF && !found; k++) {
        if (!isfinite(t->view.u[k]))
            snprintf(name, sizeof name, "%s", dof_u_names[k]), val = t->view.u[k], found = 1;
        else if (!isfinite(t->view.c.v[k]))
            snprintf(name, sizeof name, "%s", dof_v_names[k]), val = t->view.c.v[k], found = 1;
    }
    if (!found) return 0; /* finite values whose sum overflowed */
    return lt_fail(t, "non-finite state: %s = %g (the motion overflowed or became unstable)", name,
                   lt_shown(val));
}

/* The energies of a state, once closed: the search for the culprit (lt_energy_check). */
COLD int lt_energy_fault(lt_tester *t)
{
    const lt_law *law = t->view.test->law;
    int n = lt_energy_count(law);
    if (all_finite(t->view.energy, n)) return 0;
    for (int i = 0; i < n; i++)
        if (!isfinite(t->view.energy[i]))
            return lt_fail(t,
                           "non-finite energy: %s = %g (the motion overflowed or became unstable)",
                           lt_energy_name(law, i), lt_shown(t->view.energy[i]));
    return 0;
}

/* The contact's input, once uN + the sum of c.v was not finite: the value, or a mere overflow
 * of the sum (0). */
COLD int lt_contact_input_fault(lt_tester *t)
{
    const lt_contact *c = &t->view.c;
    if (isfinite(c->uN) && all_finite(c->v, LT_DOF)) return 0;
    for (int k = 0; k < LT_DOF; k++)
        if (!isfinite(c->v[k]))
            return lt_fail(
                t,
                "non-finite contact velocity: %s = %g (the motion overflowed or became unstable)",
                dof_v_names[k], lt_shown(c->v[k]));
    return lt_fail(t, "non-finite contact: ux = %g (the motion overflowed or became unstable)",
                   lt_shown(c->uN));
}

/* What a shape's core is (the point, segment, triangle or plane the contact is measured from). */
static const char *core_name(lt_shape_kind k)
{
    switch (k) {
    case LT_SPHERE: return "centre";
    case LT_CAPSULE: return "axis";
    case LT_FACET: return "triangle";
    default: return "plane";
    }
}

COLD int lt_cores_crossed(lt_tester *t, const mat3 *frame_before)
{
    const lt_body *A = &t->view.body[0], *B = &t->view.body[1];
    const lt_geom *g = &t->view.geom;
    /* the overlap along the normal of the state before: the radii plus how far the cores have
     * passed each other (the distance of the core points projected on that normal; a distance
     * carried through imposed shear, driver_motion.c, is signed and already counts the passing) */
    double radii = lt_body_rho(A) + lt_body_rho(B);
    double overlap = radii + fabs(g->dist * v3_dot(g->normal, frame_before->r[0]));
    if (A->shape == LT_SPHERE && B->shape == LT_SPHERE)
        return lt_fail(t,
                       "the centres of A and B met: overlap %g m, more than the sum of the radii "
                       "%g m, so the contact has no normal (it reversed over the step)",
                       overlap, radii);
    return lt_fail(t,
                   "the %s of A (%s) and the %s of B (%s) crossed: overlap %g m, more than the "
                   "radii %g m, so the contact has no normal (it reversed over the step)",
                   core_name(A->shape), lt_shape_name(A->shape), core_name(B->shape),
                   lt_shape_name(B->shape), overlap, radii);
}

void lt_stability_seen(lt_tester *t, int stage_no)
{
    if (!t->view.has_contact || (t->view.body[0].fixed && t->view.body[1].fixed)) return;
    /* imposed ('v', 's', 'i' on its step): no free normal motion, the run is not at risk; seen
     * apart (stab_imposed), for the warning that releasing that contact would be unstable */
    int imposed = (lt_imposed_dofs(t) & 1u) != 0;
    lt_stability *seen = imposed ? &t->view.stab_imposed : &t->view.stab;
    if (seen->exceeded) return;
    double k = t->view.resp.k[0], m = t->view.c.mstar, dt = t->view.test->dt, z = t->zetaN;
    double crit = lt_dt_crit(m, k, z);
    if (!(dt > crit)) return;
    *seen = (lt_stability){.exceeded = 1,
                           .stage = stage_no,
                           .step = t->view.step,
                           .dt_crit = crit,
                           .k = k,
                           .mstar = m,
                           .zeta = z};
}

/* Close the energies of state n once v_{n+1/2} is known (driver.h, docs/energy.md section 2).
 * KE_n = sum of m v_{n-1/2} . v_{n+1/2} / 2 and w_{n-1/2} . I_n w_{n+1/2} / 2.  The contact's work
 * on the bodies over the last step (trapezoid on each displacement, the arc correction
 * included: lt_contact_work_last_step) and the damping's (likewise) accumulate; the driver's work
 * -- of its force D_n = m (v_{n+1/2} - v_{n-1/2})/dt - contact - damping, which includes the
 * imposed 'f' forces -- is then KE_n - KE_0 - (contact work) - (damping work): leapfrog's
 * kinetic-energy theorem, exact for these definitions whatever the velocities, equates it with
 * the trapezoid sum of (D_{n-1} + D_n)/2 . v_{n-1/2} dt step by step (for a turning capsule, as
 * w . I_n w = w . I_{n-1} w, driver.h).  `extra`: a damping force may be non-zero. */
void lt_close_energies(lt_tester *t, const vec3 vnew[2], const vec3 wnew[2], vec3 damp[2][2],
                       int extra)
{
    const lt_test *test = t->view.test;
    int ne = test->law->n_energies;
    double *E = t->view.energy, dt = test->dt;
    if (t->view.step > 0) { /* state 0 closes no step */
        t->contact_work += lt_contact_work_last_step(t);
        if (extra) {
            double dampw = 0;
            for (int i = 0; i < 2; i++) {
                const lt_body *b = &t->view.body[i];
                dampw += v3_dot(v3_add(t->damp_prev[i][0], damp[i][0]), b->vel) +
                         v3_dot(v3_add(t->damp_prev[i][1], damp[i][1]), b->angvel);
            }
            E[ne + LT_E_DAMP] -= 0.5 * dt * dampw;
        }
    }
    double kin = 0.5 * lt_kinetic2(t, 0, vnew, wnew);
    if (extra)
        for (int i = 0; i < 2; i++)
            t->damp_prev[i][0] = damp[i][0], t->damp_prev[i][1] = damp[i][1];
    lt_keep_forces(t);
    double stored, dissipated;
    lt_law_energy_sums(t, &stored, &dissipated);
    if (t->view.step == 0) {
        t->kin0 = kin;
        t->stored0 = stored;
    }
    lt_book_state(t, t->view.step > 0, kin, stored, dissipated);
}
