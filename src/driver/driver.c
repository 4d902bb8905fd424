/* src/driver/driver.c - the two-particle driver's stage loop and run API: a run's start (placing
 * the bodies, the per-run constants, state 0), the steps of a stage until its `until` holds, the
 * finish, the rows handed to the observer and the stage counters.  The step's parts live in
 * driver_motion.c, driver_contact.c and driver_checks.c, the tester's life in tester.c
 * (driver_int.h); defaults and energy names in defaults.c and energies.c.  Equations and
 * conventions: driver.h (time stepping, energies), law.h.
 */
#include "base/watch.h"
#include "contact/stiffness.h"
#include "driver/driver_checks.h"
#include "driver/driver_int.h"
#include "driver/stability.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile sig_atomic_t lt_interrupt_signal;

/* ---- what a stage sets up ----------------------------------------------------------------- */

/* 1 if stage s has a rigid `spin` of the whole pair (add_rigid_spin). */
static int spin_given(const lt_stage *s)
{
    return s->spin.x != 0 || s->spin.y != 0 || s->spin.z != 0;
}

/* The DoFs stage s (may be NULL) imposes velocities on: bit k of v_mask for 'v' and 's' (a servo
 * imposes its velocity on every step), of i_mask for 'i' (on its first motion step only); s_mask
 * marks the servos.  Read once per stage, not per step.  The step reads the values from t->vals:
 * the stage's constants, copied here, or this step's (driver_motion.c) when the stage has functions
 * or servos (t->dyn). */
static void stage_masks(lt_tester *t, const lt_stage *s)
{
    t->v_mask = t->i_mask = t->s_mask = 0;
    t->spins = s && spin_given(s);
    t->dyn = 0;
    if (s) {
        for (int k = 0; k < LT_DOF; k++) {
            if (s->whats[k] == 'v') t->v_mask |= 1u << k;
            if (s->whats[k] == 'i') t->i_mask |= 1u << k;
            if (s->whats[k] == 's') t->s_mask |= 1u << k, t->v_mask |= 1u << k;
        }
        t->dyn = (t->s_mask | s->fn_mask) != 0;
        memcpy(t->vals, s->values, sizeof t->vals);
    }
}

/* 1 when stage s may put forces other than the contact's on the bodies: f DoFs or damping. */
static int extra_forces(const lt_tester *t, const lt_stage *s)
{
    return t->view.test->damping > 0 || (s && memchr(s->whats, 'f', LT_DOF));
}

/* The current state as a row, to the observer. */
NOINLINE static void emit_row(lt_tester *t, int stage_of_state)
{
    const lt_test *test = t->view.test;
    if (!t->obs.on_row && !test->tap) return;
    lt_snapshot s;
    s.step = t->view.step;
    s.time = t->view.time;
    s.stage = stage_of_state;
    s.contact = t->view.has_contact;
    memcpy(s.u, t->view.u, sizeof s.u);
    memcpy(s.v, t->view.c.v, sizeof s.v);
    memcpy(s.f, t->view.resp.f, sizeof s.f);
    s.k[0] = t->view.resp.k[0];
    s.k[1] = t->view.resp.k[1];
    memcpy(s.energy, t->view.energy, sizeof s.energy);
    /* the columns after the energies (src/base/record_columns.def), from the view */
    const lt_view *v = &t->view;
    memset(s.tail, 0, sizeof s.tail);
#define LT_TAIL_COLUMN(name, kind, unit, value) s.tail[LT_TAIL_##name] = (value);
#include "base/record_columns.def"
    (void)v;
    if (t->obs.on_row) t->obs.on_row(t->obs.row_ctx, t, &s);
    if (test->tap) test->tap(test->tap_ctx, t, &s);
}

/* ---- stage loop ----------------------------------------------------------------------- */

static void counters_after_contact(lt_tester *t)
{
    lt_stage_state *st = &t->view.st;
    st->hasC = t->view.has_contact;
    if (st->hasC && !st->hadC) {
        st->hadC = 1;
        st->timeC0 = st->time;
    }
    if (st->hasC) {
        int sign = t->view.c.v[0] > 0 ? 1 : t->view.c.v[0] < 0 ? -1 : 0;
        if (sign != 0) {
            if (st->last_sign != 0 && sign != st->last_sign) st->bounces++;
            st->last_sign = sign;
        }
    }
}

/* Steps to the next evaluation of `until` after it returned 0 at this state, for a stage whose
 * `until` knows it cannot hold for q - 1 more steps (lt_stage.until_quiet): the first multiple of
 * untilEvery that is >= q, where the evaluations every untilEvery steps would have been anyway.
 * q is at most 2^62 (the callback's bound) and untilEvery at most 1e9: no overflow. */
NOINLINE static long quiet_countdown(const lt_stage *s, const lt_tester *t)
{
    long q = s->until_quiet(s->until_ctx, t), every = s->until_every;
    return q <= every ? every : ((q - 1) / every + 1) * every;
}

int lt_start(lt_tester *t, const lt_test *test, lt_row_cb on_row, void *row_ctx)
{
    lt_observer obs = {.on_row = on_row, .row_ctx = row_ctx};
    return lt_start_observed(t, test, &obs);
}

int lt_start_observed(lt_tester *t, const lt_test *test, const lt_observer *obs)
{
    double *state_block = t->state_block; /* the tester's own memory outlives its runs */
    lt_response *resp_block = t->resp_block;
    memset(t, 0, sizeof *t);
    t->state_block = state_block;
    t->resp_block = resp_block;
    t->view.test = test;
    int n_state = test->law->n_state;
    /* law_check refuses it; a hand-made descriptor may not */
    if (n_state < 0 || n_state > LT_MAX_STATE)
        return lt_fail(t, "law '%s' declares %d state variables (0 to LT_MAX_STATE = %d)",
                       test->law->name, n_state, LT_MAX_STATE);
    if (state_block) memset(state_block, 0, LT_MAX_STATE * sizeof(double));
    lt_tester_place_law_memory(t, n_state);
    if (obs) t->obs = *obs;
    t->host = lt_law_host(test->law);
    t->at_state =
        test->contactVelocity == LT_VELOCITY_MIDSTEP ? 0
        : test->contactVelocity == LT_VELOCITY_STATE_RADIUS && test->leverArm == LT_LEVER_CONTACT
            ? 2
            : 1;
    for (int i = 0; i < 2; i++) {
        t->view.body[i] = test->body[i];
        lt_body_mass_props(&t->view.body[i]);
        if (!t->view.body[i].fixed && !(t->view.body[i].mass > 0))
            return lt_fail(t, "body %c (%s) has no finite mass and must be fixed", i ? 'B' : 'A',
                           lt_shape_name(t->view.body[i].shape));
        t->dt_mass[i] = test->dt / t->view.body[i].mass;
        t->iso_inertia[i] = lt_body_isotropic_inertia(&t->view.body[i]);
        t->inv_iso_inertia[i] = t->iso_inertia[i] > 0 ? 1.0 / t->iso_inertia[i] : 0;
    }
    t->mstar = lt_effective_mass(&t->view.body[0], &t->view.body[1]);
    /* the contact's inputs that hold for the whole test (the law gets c as const); the
     * materials are the test's, not the tester's copies, so that a copy of the tester (driver.h)
     * points at no other tester */
    t->view.c.dt = test->dt;
    t->view.c.mstar = t->mstar;
    t->view.c.mat[0] = &test->body[0].mat;
    t->view.c.mat[1] = &test->body[1].mat;
    t->trial_turns = lt_geom_pair_uses_orientation(t->view.body[0].shape, t->view.body[1].shape);
    t->gops = lt_geom_pair_ops(t->view.body[0].shape, t->view.body[1].shape, test->leverArm);
    for (int i = 0; i < test->law->n_energies; i++)
        if (test->law->energies[i].kind == LT_STORED) t->stored_mask |= 1u << i;
    vec3 n = v3_normalized(test->normal);
    if (!lt_geom_place(&t->view.body[0], &t->view.body[1], &n, test->gap)) {
        const char *why = lt_geom_normal_problem(&t->view.body[0], &t->view.body[1], n);
        return lt_fail(t, "cannot place %s-%s with this normal and gap: %s",
                       lt_shape_name(t->view.body[0].shape), lt_shape_name(t->view.body[1].shape),
                       !lt_geom_pair_defined(t->view.body[0].shape, t->view.body[1].shape)
                           ? "no geometry for the pair"
                       : why ? why
                             : "gap too deep (the cores would cross)");
    }
    t->view.frame = m3_frame_from_normal(n);
    if (t->host && (lt_host_check_pair(t) < 0 || lt_host_prepare(t) < 0)) return -1;
    t->arc_gap[0] = NAN;
    t->zetaN = lt_normal_damping_ratio(test->law, test->params);
    /* dt > dt_crit = (2/w0)(sqrt(1 + z^2) - z) is k > 4 m* f^2/dt^2, f = sqrt(1 + z^2) - z; a
     * hair lower (1e-9), so that rounding never hides a state the exact test in
     * lt_stability_check would catch */
    double f = t->zetaN > 0 ? sqrt(1 + t->zetaN * t->zetaN) - t->zetaN : 1;
    t->k_stable = 4 * t->mstar * f * f / (test->dt * test->dt) * (1 - 1e-9);
    int geom_ok = t->gops.compute(&t->view.body[0], &t->view.body[1], &t->view.geom);
    /* no step before state 0: it forms its contact afresh (or has none) */
    mat3 frame0 = t->view.frame;
    vec3 branch0[2] = {t->view.geom.branch[0], t->view.geom.branch[1]};
    return lt_contact_update(t, geom_ok, &frame0, branch0) < 0 || lt_state_check(t, 1) < 0 ? -1 : 0;
}

/* ---- the free step ----------------------------------------------------------------------
 * A step of two free spheres under their contact alone -- a stage that imposes nothing (after the
 * first motion of its 'i' DoFs), puts no other force on them (no 'f', no damping), has no value
 * functions, servos or rigid spin -- is leapfrog's free motion, whatever the law: the step of
 * lt_velocity_update, lt_close_energies and lt_position_update with the branches that cannot
 * be taken left out, inlined into the stage loop (an impact, the most common test, runs on it).
 * The same pieces (driver_int.h) do the same operations in the same order, so every result is
 * the full step's, bit for bit: tests/test_fastpath.c runs impacts both ways (no_fast_paths).
 * Measured on the bench-peers head-on impact, with the sphere-sphere geometry inlined: 267
 * instructions and 14 ns a step fewer (docs/performance.md, "Fifth round"). */

/* The running stage's steps may take the free step once its first motion is done (its
 * masks and extra forces read, stage_masks and extra_forces). */
static int free_step_ok(const lt_tester *t, int extra)
{
    const lt_test *test = t->view.test;
    const lt_body *A = &t->view.body[0], *B = &t->view.body[1];
    return !test->no_fast_paths && !extra && !t->dyn && !t->spins && !t->v_mask &&
           A->shape == LT_SPHERE && B->shape == LT_SPHERE && !A->fixed && !B->fixed &&
           t->iso_inertia[0] > 0 && t->iso_inertia[1] > 0;
}

/* lt_velocity_update of a free step: both bodies' free velocities, nothing imposed. */
static inline void free_velocities(lt_tester *t, vec3 vnew[2], vec3 wnew[2])
{
    t->trial.valid = 0;
    t->pred.pending = 0;
    t->imposed = 0;
    for (int i = 0; i < 2; i++)
        lt_free_velocity(t, i, 1, t->view.force_now[i][0], t->view.force_now[i][1], &vnew[i],
                         &wnew[i]);
}

/* lt_close_energies of a free step after state 0: no damping. */
static inline void free_close(lt_tester *t, const vec3 vnew[2], const vec3 wnew[2])
{
    t->contact_work += lt_contact_work_last_step(t);
    double kin = 0.5 * lt_kinetic2(t, 1, vnew, wnew);
    lt_keep_forces(t);
    double stored, dissipated;
    lt_law_energy_sums(t, &stored, &dissipated);
    lt_book_state(t, 1, kin, stored, dissipated);
}

/* lt_position_update of a free step: no trial to take, no arc correction (nothing imposed), no
 * orientation to turn (spheres). */
static inline int free_move(lt_tester *t, const vec3 vnew[2], const vec3 wnew[2])
{
    lt_predictor_shift(&t->pred, &t->view.frame, t->view.geom.branch);
    double dt = t->view.test->dt;
    for (int i = 0; i < 2; i++) {
        lt_body *b = &t->view.body[i];
        b->vel = vnew[i];
        b->angvel = wnew[i];
        lt_add_compensated(b, v3_scale(vnew[i], dt));
        t->shift[i] = v3(0, 0, 0);
    }
    t->arc_gap[0] = NAN;
    t->free_steps++;
    const lt_body *A = &t->view.body[0], *B = &t->view.body[1];
    if (t->gops.sphere_sphere) return lt_geom_sphere_sphere(A, B, &t->view.geom);
    return t->gops.compute(A, B, &t->view.geom) ? 1 : 0;
}

int lt_run_stage(lt_tester *t, int index)
{
    const lt_test *test = t->view.test;
    const lt_stage *s = &test->stages[index];
    long every = test->record_every;
    vec3 vnew[2], wnew[2], imposed[2][2], damp[2][2], nimp;
    t->view.stage = index;
    lt_watch_page->stage = index + 1;
    memset(&t->view.st, 0, sizeof t->view.st);
    t->pred.missed = 0; /* a new stage's first two steps run the passes */
    stage_masks(t, s);
    int extra = extra_forces(t, s);
    t->view.st.hasC = t->view.st.hadC = t->view.has_contact;
    t->first_motion = 1;
    /* countdowns instead of a division per step: steps to the next row (0: this state), and to
     * the next evaluation of until */
    long row_in = every > 0 ? (every - t->view.step % every) % every : -1,
         until_in = s->until_every;
    long tick_in = LT_TICK_STEPS;
    int free_ok = free_step_ok(t, extra);
    for (;;) {
        lt_stability_check(t, index + 1);
        int free = free_ok && !t->first_motion && t->view.step > 0;
        if (free) {
            free_velocities(t, vnew, wnew); /* (the imposing normal nimp: not read) */
            free_close(t, vnew, wnew);
        } else {
            if (lt_velocity_update(t, s, extra, vnew, wnew, imposed, damp, &nimp) < 0) return -1;
            lt_close_energies(t, vnew, wnew, damp, extra);
        }
        if (lt_energy_check(t) < 0) return -1;
        /* state n closed the previous stage */
        int ended_stage = t->view.step > 0 && t->view.st.step == 0;
        if (row_in == 0 || (every > 0 && ended_stage)) {
            emit_row(t, t->stage_of_state);
            if (t->obs.stop && *t->obs.stop) return lt_fail(t, "the record could not be written");
        }
        int geom_ok = free ? free_move(t, vnew, wnew) : lt_position_update(t, vnew, wnew, &nimp);
        t->first_motion = 0;
        if (every > 0) row_in = row_in == 0 ? every - 1 : row_in - 1;
        t->view.step++;
        lt_watch_page->step = t->view.step;
        t->view.time += test->dt;
        t->view.st.step++;
        t->view.st.time += test->dt;
        t->stage_of_state = index + 1;
        const lt_predictor *p = &t->pred; /* lt_position_update put state n-1 in its history */
        if (lt_contact_update(t, geom_ok, &p->frame[p->last], p->branch[p->last]) < 0 ||
            lt_state_check(t, 0) < 0)
            return -1;
        counters_after_contact(t);
        if (--until_in == 0) {
            until_in = s->until_every;
            int r = s->until ? s->until(s->until_ctx, t) : 0;
            if (r < 0) return -1;
            if (r) break;
            if (s->until_quiet) until_in = quiet_countdown(s, t);
        }
        if (--tick_in == 0) { /* every LT_TICK_STEPS steps: a stop signal, the observer's tick */
            tick_in = LT_TICK_STEPS;
            if (lt_interrupt_signal)
                return lt_fail(t, "interrupted by signal %d (%s)", (int)lt_interrupt_signal,
                               lt_interrupt_signal == SIGINT ? "SIGINT" : "SIGTERM");
            if (t->obs.on_tick) t->obs.on_tick(t->obs.tick_ctx, t);
            if (lt_law_state_check(t) < 0) return -1;
        }
        if (t->view.st.step >= s->max_steps)
            return lt_fail(t,
                           "stage did not end after max_steps = %ld steps (its until never held)",
                           s->max_steps);
        if (t->view.step >= test->max_steps)
            return lt_fail(t, "test did not end after max_steps = %ld steps", test->max_steps);
    }
    if (lt_law_state_check(t) < 0) return -1;
    if (s->done && s->done(s->done_ctx, t) < 0) return -1;
    return 0;
}

int lt_finish(lt_tester *t)
{
    /* close the last state with the last stage's rules (no further motion) */
    const lt_test *test = t->view.test;
    const lt_stage *last = test->n_stages ? &test->stages[test->n_stages - 1] : NULL;
    vec3 vnew[2], wnew[2], imposed[2][2], damp[2][2], nimp;
    int extra = extra_forces(t, last);
    stage_masks(t, last);
    if (lt_velocity_update(t, last, extra, vnew, wnew, imposed, damp, &nimp) < 0) return -1;
    lt_close_energies(t, vnew, wnew, damp, extra);
    if (lt_energy_check(t) < 0) return -1;
    if (test->record_every > 0) {
        emit_row(t, t->stage_of_state);
        if (t->obs.stop && *t->obs.stop) return lt_fail(t, "the record could not be written");
    }
    return 0;
}

int lt_run_observed(lt_tester *t, const lt_test *test, const lt_observer *obs)
{
    if (lt_start_observed(t, test, obs) < 0) return -1;
    for (int i = 0; i < test->n_stages; i++)
        if (lt_run_stage(t, i) < 0) return -1;
    return lt_finish(t);
}

int lt_run(lt_tester *t, const lt_test *test, lt_row_cb on_row, void *row_ctx)
{
    lt_observer obs = {.on_row = on_row, .row_ctx = row_ctx};
    return lt_run_observed(t, test, &obs);
}
