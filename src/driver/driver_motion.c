/* src/driver/driver_motion.c - the motion of a step: leapfrog's free velocities, the imposed DoFs
 * overriding their local components in the mid-step frame (predicted from the last three states,
 * or found by trial moves), the stage's values of the step (functions of time, servos), extra
 * forces (imposed 'f', Cundall damping), a rigid spin of the pair, and the move of the bodies
 * with compensated positions and the arc correction of imposed shear.  Equations: driver.h.
 */
#include "driver/driver_checks.h"
#include "driver/driver_int.h"
#include <math.h>
#include <string.h>

NOINLINE static void velocity_passes(lt_tester *t, const lt_stage *s, const vec3 vfree[2],
                                     const vec3 wfree[2], vec3 vnew[2], vec3 wnew[2],
                                     vec3 *imposed_normal);

/* Predicted mid-step frame and branches of the step from the current state (R_n, b_n). */
static void predictor_mid(const lt_predictor *p, const mat3 *frame, const vec3 branch[2], mat3 *mid,
                          vec3 br[2])
{
    const mat3 *f1 = &p->frame[p->last], *f2 = &p->frame[p->last ^ 1]; /* R_{n-1}, R_{n-2} */
    for (int k = 0; k < 3; k++)                                        /* halved: nearly unit */
        mid->r[k] = v3_scale(
            v3_add(v3_sub(v3_scale(frame->r[k], 4), v3_scale(f1->r[k], 3)), f2->r[k]), 0.5);
    m3_orthonormalize_lazy(mid, FRAME_HELD_TOL);
    const vec3 *b1 = p->branch[p->last], *b2 = p->branch[p->last ^ 1];
    for (int i = 0; i < 2; i++)
        br[i] = v3_scale(v3_add(v3_sub(v3_scale(branch[i], 4), v3_scale(b1[i], 3)), b2[i]), 0.5);
}

static vec3 mean_spin(const vec3 w[2]) { return v3_scale(v3_add(w[0], w[1]), 0.5); }

/* The values the running stage imposes on this step (stage_masks, stage_values). */
static inline const double *step_values(const lt_tester *t) { return t->vals; }

COLD static int value_fault(lt_tester *t, int k, const char *fmt, double x)
{
    t->view.err_dof = k + 1;
    return lt_fail(t, fmt, k + 1, lt_shown(x));
}

/* This step's values of a stage whose values change (t->dyn; driver.h): the functions of the
 * stage time at the time level of their kind -- 'v'/'i' velocities at t + dt/2, 'f' forces at t,
 * 's' targets at t + dt, t = (stage step) dt -- then the servos' velocities
 * v = clamp(alpha (T - f_n)/(k_n dt), +-vmax) from the state's force and stiffness. */
NOINLINE static int stage_values(lt_tester *t, const lt_stage *s)
{
    double dt = t->view.test->dt, step = (double)t->view.st.step, now[LT_DOF];
    memcpy(now, s->values, sizeof now);
    for (int k = 0; k < LT_DOF; k++) {
        if (!((s->fn_mask >> k) & 1u)) continue;
        char w = s->whats[k];
        if (w == 'i' && !t->first_motion) continue; /* free after its first step */
        double time = (w == 'f' ? step : w == 's' ? step + 1 : step + 0.5) * dt;
        if (s->value_fn(s->value_ctx, t, k, time, &now[k]) < 0) {
            if (!t->view.err_dof) t->view.err_dof = k + 1;
            return -1;
        }
        if (!isfinite(now[k]))
            return value_fault(t, k, "the value of DoF %d is not finite (%g)", now[k]);
    }
    for (int k = 0; k < 3; k++) {
        if (!((t->s_mask >> k) & 1u)) continue;
        double f = 0, kk = 0, vmax = s->servo_vmax;
        if (t->view.has_contact) {
            f = t->view.resp.f[k];
            kk = t->view.resp.k[k ? 1 : 0];
            if (!(kk > 0))
                return value_fault(
                    t, k,
                    k ? "servo on DoF %d: the law reports no tangential stiffness (kt = %g N/m)"
                      : "servo on DoF %d: the law reports no normal stiffness (kn = %g N/m)",
                    kk);
        }
        double e = now[k] - f; /* the target less the force of this state */
        double v = kk > 0 ? s->servo_gain * e / (kk * dt) : e > 0 ? vmax : e < 0 ? -vmax : 0;
        now[k] = v > vmax ? vmax : v < -vmax ? -vmax : v;
    }
    memcpy(t->vals, now, sizeof now);
    return 0;
}

/* DoF k imposed on this step (t->imposed, set by lt_velocity_update for the step's stage). */
static int dof_imposed(const lt_tester *t, int k) { return (t->imposed >> k) & 1u; }

/* Forces other than the contact on body i at this state: imposed (f DoFs) and damping. */
NOINLINE static void body_extra_forces(const lt_tester *t, const lt_stage *s, int i,
                                       vec3 imposed[2], vec3 damp[2])
{
    const lt_test *test = t->view.test;
    imposed[0] = imposed[1] = damp[0] = damp[1] = v3(0, 0, 0);
    int loaded = test->abWeight < 0.5 ? 0 : 1; /* f DoFs load one body, with its real inertia */
    if (s && i == loaded) {
        double sign = i == 0 ? -1 : 1; /* a positive value pushes B away from A (or A from B) */
        vec3 fl = v3(0, 0, 0), tl = v3(0, 0, 0);
        const double *values = step_values(t);
        for (int k = 0; k < LT_DOF; k++) {
            if (s->whats[k] != 'f') continue;
            double val = sign * values[k];
            if (k < 3)
                fl = v3_add(fl, v3(k == 0 ? val : 0, k == 1 ? val : 0, k == 2 ? val : 0));
            else
                tl = v3_add(tl, v3(k == 3 ? val : 0, k == 4 ? val : 0, k == 5 ? val : 0));
        }
        /* several forced DoFs on one body add up */
        imposed[0] = m3_to_global(&t->view.frame, fl);
        imposed[1] = m3_to_global(&t->view.frame, tl);
    }
    if (test->damping > 0 && !t->view.body[i].fixed) {
        /* Cundall's non-viscous damping: each global component of the unbalanced force is
         * reduced by a fraction of its magnitude, against the velocity. */
        const lt_body *b = &t->view.body[i];
        for (int j = 0; j < 2; j++) {
            vec3 f = v3_add(t->view.force_now[i][j], imposed[j]);
            vec3 v = j == 0 ? b->vel : b->angvel;
            double lam = test->damping;
            damp[j] = v3(-lam * fabs(f.x) *
                             (v.x > 0   ? 1
                              : v.x < 0 ? -1
                                        : 0),
                         -lam * fabs(f.y) *
                             (v.y > 0   ? 1
                              : v.y < 0 ? -1
                                        : 0),
                         -lam * fabs(f.z) *
                             (v.z > 0   ? 1
                              : v.z < 0 ? -1
                                        : 0));
        }
        /* ... on the free DoFs only: the components along the imposed ones (local axes of the
         * state, rows of R_n) are removed.  The imposition overrides those components of the
         * velocity anyway, so a damping force there would do no damping; it would only be booked
         * as `damp` and paid back by the driver's work (docs/energy.md section 2). */
        for (int k = 0; k < LT_DOF; k++) {
            if (!dof_imposed(t, k)) continue;
            vec3 e = t->view.frame.r[k % 3];
            damp[k / 3] = v3_axpy(-v3_dot(damp[k / 3], e), e, damp[k / 3]);
        }
    }
}

/* Centre of mass of the pair (m). */
static vec3 pair_centre(const lt_tester *t)
{
    double ma = t->view.body[0].mass, mb = t->view.body[1].mass;
    return v3_scale(v3_add(v3_scale(t->view.body[0].pos, ma), v3_scale(t->view.body[1].pos, mb)),
                    1.0 / (ma + mb));
}

/* A stage's `spin` (rad/s): a rigid rotation of the whole pair about its centre of mass, on
 * top of the relative motion, for objectivity checks: each centre moves along the chord of its
 * exact arc over the step, each body spins by the same angle.  The chord of the relative
 * vector is perpendicular to the mid-step normal, so the rotation is no relative motion for the
 * contact (nor for the arc-drift rule).  stage_spins: the running stage has one (spin_given,
 * read once per stage by stage_masks). */
static int stage_spins(const lt_tester *t) { return t->spins; }

NOINLINE static void add_rigid_spin_now(const lt_tester *t, const lt_stage *s, vec3 vnew[2],
                                        vec3 wnew[2])
{
    double dt = t->view.test->dt;
    vec3 c = pair_centre(t), axis = v3_normalized(s->spin);
    double angle = v3_norm(s->spin) * dt;
    for (int i = 0; i < 2; i++) {
        vec3 r = v3_sub(t->view.body[i].pos, c);
        vnew[i] = v3_axpy(1.0 / dt, v3_sub(v3_rotate(r, axis, angle), r), vnew[i]);
        wnew[i] = v3_add(wnew[i], s->spin);
    }
}

/* The rigid spin, if the running stage has one (out of line: most stages have none). */
static inline void add_rigid_spin(const lt_tester *t, const lt_stage *s, vec3 vnew[2], vec3 wnew[2])
{
    if (stage_spins(t)) add_rigid_spin_now(t, s, vnew, wnew);
}

/* v with its component along unit axis e set to `value` (the other components kept). */

static inline vec3 with_component(vec3 v, vec3 e, double value)
{
    return v3_axpy(value - v3_dot(v, e), e, v);
}

/* Override the local components of the free velocities (vfree, wfree) on the DoFs stage s
 * imposes, decomposed in frame R with branches b (contact point minus centres); the DoFs not
 * imposed keep the free velocities' components.  Works on local copies and stores once (the
 * outputs could alias the inputs for all the compiler knows). */
static void impose(const lt_tester *t, const double *values, const mat3 *R, const vec3 b[2],
                   const vec3 vfree[2], const vec3 wfree[2], vec3 vnew[2], vec3 wnew[2])
{
    double w = t->view.test->abWeight;
    const double shareA = -(1 - w), shareB = w; /* of an imposed relative velocity, to A and B */
    vec3 vA = vfree[0], vB = vfree[1], omA = wfree[0], omB = wfree[1];
    const vec3 n = R->r[0];
    /* rotations first: the shear imposition below accounts for the spins */
    if (dof_imposed(t, 3)) {
        omA = with_component(omA, n, shareA * values[3]);
        omB = with_component(omB, n, shareB * values[3]);
    }
    if (dof_imposed(t, 4) || dof_imposed(t, 5)) {
        /* lever arms: the branches' components along the normal (for spheres their lengths).
         * Split so that the contact point gets no tangential velocity: the tangential part of
         * omegaB x bB - omegaA x bA vanishes, with bA.n = a, bB.n = -b, when b omegaB = -a omegaA
         * (rotations about tangential axes) */
        double a = v3_dot(b[0], n), bb = -v3_dot(b[1], n);
        for (int k = 4; k <= 5; k++) {
            if (!dof_imposed(t, k)) continue;
            double val = values[k];
            omA = with_component(omA, R->r[k - 3], -bb / (a + bb) * val);
            omB = with_component(omB, R->r[k - 3], a / (a + bb) * val);
        }
    }
    if (dof_imposed(t, 0)) {
        vA = with_component(vA, n, shareA * values[0]);
        vB = with_component(vB, n, shareB * values[0]);
    }
    if (dof_imposed(t, 1) || dof_imposed(t, 2)) {
        /* tangential velocity that the spins give the contact point */
        vec3 spin = v3_sub(v3_cross(omB, b[1]), v3_cross(omA, b[0]));
        for (int k = 1; k <= 2; k++) {
            if (!dof_imposed(t, k)) continue;
            double need = values[k] - v3_dot(spin, R->r[k]);
            vA = with_component(vA, R->r[k], shareA * need);
            vB = with_component(vB, R->r[k], shareB * need);
        }
    }
    vnew[0] = vA, vnew[1] = vB, wnew[0] = omA, wnew[1] = omB;
}

static int shear_imposed(const lt_tester *t) { return dof_imposed(t, 1) || dof_imposed(t, 2); }

/* Orientation after a step of spin w (rad/s).  A sphere's is not integrated: nothing reads it
 * (its inertia is isotropic, its geometry is its centre's, no record or script sees it), so it
 * stays as given. */
static void turn_body(lt_body *b, vec3 w, double dt)
{
    if (b->shape == LT_SPHERE) return;
    b->ori = q_normalized(q_mul(q_from_rotvec(v3_scale(w, dt)), b->ori));
}

static int same_vecs(const vec3 *a, const vec3 *b, int n)
{
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

/* Move two bodies over one step with velocities v, w and compute their geometry at the new
 * positions into *g; returns 0 if it is degenerate.  With imposed shear, correct the arc drift
 * (geom.h): displace the bodies along g's normal so that the rule's quantity has changed by
 * the relative motion along `normal` (the normal of the frame the motion was imposed in) only,
 * return the displacements in shift, and carry g along (lt_geom_shift_normal: one geometry
 * evaluation per move, the correction after it and off its critical path). */
static int move_bodies(const lt_tester *t, lt_body b[2], const vec3 v[2], const vec3 w[2],
                       const vec3 *normal, vec3 shift[2], double arc_gap[2], int turn, lt_geom *g)
{
    double dt = t->view.test->dt, wt = t->view.test->abWeight;
    /* the gap along the imposed normal is carried from step to step (not re-read from the
     * rounded positions), so rounding does not accumulate over a long imposed shear */
    int shear = shear_imposed(t);
    double gap = NAN, gap_lo = 0;
    if (shear) {
        gap = isnan(arc_gap[0]) ? lt_geom_arc_value(&b[0], &b[1]) : arc_gap[0];
        gap_lo = isnan(arc_gap[0]) ? 0 : arc_gap[1];
        double y = dt * v3_dot(v3_sub(v[1], v[0]), *normal) + gap_lo; /* compensated sum */
        double sum = gap + y;
        gap_lo = y - (sum - gap);
        gap = sum;
    }
    for (int i = 0; i < 2; i++) {
        b[i].vel = v[i];
        b[i].angvel = w[i];
        lt_add_compensated(&b[i], v3_scale(v[i], dt));
        if (turn && b[i].shape != LT_SPHERE) turn_body(&b[i], w[i], dt);
        shift[i] = v3(0, 0, 0);
    }
    arc_gap[0] = NAN;
    if (!t->gops.compute(&b[0], &b[1], g)) return 0;
    if (shear && !isnan(gap)) { /* NaN: the pair has no arc drift (geom.h) */
        arc_gap[0] = gap;
        arc_gap[1] = gap_lo;
        /* lt_geom_arc_shortfall; a pair with a gap has the rule */
        double ds = gap - t->gops.arc_of_geom(g);
        shift[1] = v3_scale(g->normal, ds * wt);
        shift[0] = v3_scale(g->normal, -ds * (1 - wt));
        /* a body with no share (abWeight 0 or 1) is not moved: adding a zero to a compensated
         * sum whose low part is below half an ulp of its high part changes neither */
        if (wt != 0) lt_add_compensated(&b[1], shift[1]);
        if (wt != 1) lt_add_compensated(&b[0], shift[0]);
        lt_geom_shift_normal(g, ds, wt);
    }
    return 1;
}

/* New half-step velocities of both bodies for stage s: free dynamics, then the imposed local
 * DoFs override.  The contact measures the relative velocity of a step in the frame and with
 * the branches at mid-step (lt_contact_update), so the imposition is made in the same mid-step
 * frame and branches: extrapolated from the last three states (the predictor above) when it can
 * be trusted, else found by moving trial copies of the bodies: two passes make the imposed and
 * the measured velocities agree to O(rotation^3) per step, also when normal and tangential
 * motion are imposed together on a turning frame.
 * Fast paths (off with test->no_fast_paths; bit-identical either way): trial bodies are not
 * turned when the geometry ignores orientations; a pass whose output velocities (and imposing
 * normal) equal its inputs is a fixed point, so the next pass would repeat it and is skipped;
 * the last trial is kept (t->trial) for lt_position_update and lt_contact_update to reuse.
 * extra: stage s may put forces other than the contact's on the bodies (extra_forces).
 * Returns the new velocities in vnew/wnew; extra forces in imposed/damp; 0, or -1 when a value
 * of the stage failed (stage_values: a function's error, a servo without stiffness). */
int lt_velocity_update(lt_tester *t, const lt_stage *s, int extra, vec3 vnew[2], vec3 wnew[2],
                       vec3 imposed[2][2], vec3 damp[2][2], vec3 *imposed_normal)
{
    if (t->dyn && stage_values(t, s) < 0) return -1;
    t->trial.valid = 0;
    t->pred.pending = 0;
    t->imposed = lt_imposed_dofs(t);
    const lt_test *test = t->view.test;
    vec3 vfree[2], wfree[2];
    for (int i = 0; i < 2; i++) {
        const lt_body *b = &t->view.body[i];
        if (extra) body_extra_forces(t, s, i, imposed[i], damp[i]);
        if (b->fixed) {
            vfree[i] = wfree[i] = v3(0, 0, 0);
            continue;
        }
        vec3 F = t->view.force_now[i][0], T = t->view.force_now[i][1];
        if (extra) {
            F = v3_add(v3_add(F, imposed[i][0]), damp[i][0]);
            T = v3_add(v3_add(T, imposed[i][1]), damp[i][1]);
        }
        lt_free_velocity(t, i, t->iso_inertia[i] > 0, F, T, &vfree[i], &wfree[i]);
    }
    if (!s || (!t->imposed && !stage_spins(t))) { /* free motion: impose() is not called */
        for (int i = 0; i < 2; i++) vnew[i] = vfree[i], wnew[i] = wfree[i];
        *imposed_normal = t->view.frame.r[0];
        return 0;
    }
    lt_predictor *p = &t->pred;
    if (t->view.st.step >= 2 && !t->first_motion) { /* two steps of this stage's motion behind */
        vec3 pbr[2];
        predictor_mid(p, &t->view.frame, t->view.geom.branch, &p->mid, pbr);
        p->pending = 1;
        if (!p->missed && !test->no_predictor) {
            p->used++;
            impose(t, step_values(t), &p->mid, pbr, vfree, wfree, vnew, wnew);
            add_rigid_spin(t, s, vnew, wnew);
            *imposed_normal = p->mid.r[0];
            return 0;
        }
    }
    velocity_passes(t, s, vfree, wfree, vnew, wnew, imposed_normal);
    return 0;
}

/* lt_velocity_update's trial passes (the first two steps of a stage, a missed prediction): out of
 * line, so that the predicted step's code sits together. */
NOINLINE static void velocity_passes(lt_tester *t, const lt_stage *s, const vec3 vfree[2],
                                     const vec3 wfree[2], vec3 vnew[2], vec3 wnew[2],
                                     vec3 *imposed_normal)
{
    const lt_test *test = t->view.test;
    double dt = test->dt;
    t->pred.passes++;
    *imposed_normal = t->view.frame.r[0];
    mat3 R = t->view.frame;
    vec3 br[2] = {t->view.geom.branch[0], t->view.geom.branch[1]};
    const double *values = step_values(t);
    impose(t, values, &R, br, vfree, wfree, vnew, wnew);
    add_rigid_spin(t, s, vnew, wnew);
    int fast = !test->no_fast_paths, shear = shear_imposed(t);
    lt_trial *tr = &t->trial;
    for (int pass = 0; pass < 2; pass++) {
        lt_body trial[2] = {t->view.body[0], t->view.body[1]};
        vec3 shift[2], vin[2] = {vnew[0], vnew[1]}, win[2] = {wnew[0], wnew[1]}, nin = R.r[0];
        lt_geom g;
        double arc_gap[2] = {t->arc_gap[0], t->arc_gap[1]};
        if (!move_bodies(t, trial, vnew, wnew, &R.r[0], shift, arc_gap, !fast || t->trial_turns,
                         &g))
            return;
        /* the trial move reverses the normal (the cores pass through each other): no frame
         * follows a half turn; the move is taken as it is, and lt_contact_update names it */
        if (v3_dot(g.normal, t->view.frame.r[0]) < 0) break;
        mat3 R1 = t->view.frame;
        lt_frame_step(&t->view.frame, &R1, g.normal, mean_spin(wnew), dt, &R);
        for (int i = 0; i < 2; i++)
            br[i] = v3_scale(v3_add(t->view.geom.branch[i], g.branch[i]), 0.5);
        impose(t, values, &R, br, vfree, wfree, vnew, wnew);
        add_rigid_spin(t, s, vnew, wnew);
        if (!fast) continue;
        tr->valid = 1;
        for (int i = 0; i < 2; i++) {
            tr->v[i] = vin[i], tr->w[i] = win[i];
            tr->pos[i] = trial[i].pos, tr->pos_lo[i] = trial[i].pos_lo, tr->shift[i] = shift[i];
        }
        tr->normal = nin;
        tr->arc_gap[0] = arc_gap[0], tr->arc_gap[1] = arc_gap[1];
        tr->g = g;
        tr->frame = R1;
        tr->mid = R;
        /* the next pass would start from these very inputs (the normal only matters through
         * the arc correction of imposed shear) and so repeat this pass */
        if (same_vecs(vin, vnew, 2) && same_vecs(win, wnew, 2) &&
            (!shear || same_vecs(&nin, &R.r[0], 1)))
            break;
    }
    *imposed_normal = R.r[0];
}

/* Move the bodies over the step and compute their geometry (view.geom; returns 0 if degenerate);
 * the predictor's history takes the state being left.  When the velocities (and the imposing
 * normal, which matters only through the arc correction of imposed shear) are those of the
 * last trial move, the trial's positions and geometry are exactly what move_bodies would
 * compute: take them, turn the bodies, and let lt_contact_update take the trial's frames
 * (trial.valid = 2). */
int lt_position_update(lt_tester *t, const vec3 vnew[2], const vec3 wnew[2], const vec3 *normal)
{
    lt_trial *tr = &t->trial;
    lt_predictor_shift(&t->pred, &t->view.frame, t->view.geom.branch);
    if (tr->valid && same_vecs(tr->v, vnew, 2) && same_vecs(tr->w, wnew, 2) &&
        (!shear_imposed(t) || same_vecs(&tr->normal, normal, 1))) {
        for (int i = 0; i < 2; i++) {
            lt_body *b = &t->view.body[i];
            b->vel = vnew[i];
            b->angvel = wnew[i];
            b->pos = tr->pos[i];
            b->pos_lo = tr->pos_lo[i];
            turn_body(b, wnew[i], t->view.test->dt);
            t->shift[i] = tr->shift[i];
        }
        t->arc_gap[0] = tr->arc_gap[0];
        t->arc_gap[1] = tr->arc_gap[1];
        t->view.geom = tr->g;
        tr->valid = 2;
        t->trial_reuses++;
        return 1;
    }
    tr->valid = 0;
    return move_bodies(t, t->view.body, vnew, wnew, normal, t->shift, t->arc_gap, 1, &t->view.geom);
}
