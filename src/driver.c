/* src/driver.c - the two-particle driver: stage loop, imposition on local DoFs, leapfrog,
 * contact update through the geometry table and the law, energy bookkeeping.
 * Equations and conventions: driver.h (time stepping, energies), law.h (frame, signs).
 */
#include "driver.h"
#include "stability.h"
#include "stiffness.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *const lt_driver_energy_names[LT_E_DRIVER_COUNT] = {"work", "kin", "damp", "brk", "balance_err", "form"};

lt_test lt_default_test(void)
{
    lt_test t;
    memset(&t, 0, sizeof t);
    t.name = "test";
    t.normal = v3(1, 0, 0);
    t.dt = 1e-6;
    t.abWeight = 1;
    t.record_every = 1;
    t.max_steps = 1000000000L;
    for (int i = 0; i < 2; i++) {
        t.body[i].shape = LT_SPHERE;
        t.body[i].radius = 0.1;
        t.body[i].ori = q_identity();
        t.body[i].mat = (lt_material){1e7, 0.25, 2600, 0.5, 0.5};
    }
    t.stiffness = lt_stiffness_default();
    return t;
}

lt_stage lt_default_stage(void)
{
    lt_stage s;
    memset(&s, 0, sizeof s);
    memset(s.whats, '.', LT_DOF);
    s.until_every = 1;
    s.max_steps = 100000000L;
    s.servo_gain = 0.5;
    s.servo_vmax = 1;
    return s;
}

int lt_energy_count(const lt_law *law) { return law->n_energies + LT_E_DRIVER_COUNT; }

const char *lt_energy_name(const lt_law *law, int i)
{
    return i < law->n_energies ? law->energies[i].name : lt_driver_energy_names[i - law->n_energies];
}

/* The paths that end a run with a message, the searches for the culprit of a non-finite sum,
 * what happens once per contact or per stage, and the rarely used options are kept out of the
 * step's functions (gcc and clang place cold functions, and the branches that call them,
 * apart), so that the instructions a step runs sit together. */
#if defined(__GNUC__)
#define COLD __attribute__((cold, noinline))
#define NOINLINE __attribute__((noinline))
#else
#define COLD
#define NOINLINE
#endif

NOINLINE static void velocity_passes(lt_tester *t, const lt_stage *s, const vec3 vfree[2], const vec3 wfree[2],
                                     vec3 vnew[2], vec3 wnew[2], vec3 *imposed_normal);

volatile sig_atomic_t lt_interrupt_signal;

COLD static int fail(lt_tester *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(t->err, sizeof t->err, "stage %d, step %ld: ", t->stage + 1, t->step);
    vsnprintf(t->err + n, sizeof t->err - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- contact -------------------------------------------------------------------------- */

static const lt_response zero_response;

/* Carry the local frame from the previous normal to the new one: the minimal rotation taking
 * the old normal onto the new (the pair "rolls"), then the twist by the mean spin of the two
 * bodies about the normal over the step.  A rigidly rotating pair carries its frame along,
 * so history kept in local components stays objective. */
static void frame_update(mat3 *R, vec3 n1, vec3 spin_mean, double dt)
{
    vec3 n0 = R->r[0];
    R->r[1] = v3_rotate_min_arc(R->r[1], n0, n1);
    R->r[0] = n1;
    double twist = dt * v3_dot(spin_mean, n1);
    if (twist != 0) R->r[1] = v3_rotate(R->r[1], n1, twist);
    m3_orthonormalize_near(R);
}

/* Frame half-way between two nearby frames (rows averaged, re-orthonormalised): exact for a
 * rotation about one axis, second order otherwise. */
static void frame_mid(const mat3 *a, const mat3 *b, mat3 *m)
{
    for (int k = 0; k < 3; k++) m->r[k] = v3_scale(v3_add(a->r[k], b->r[k]), 0.5); /* nearly unit */
    m3_orthonormalize_near(m);
}

/* ---- the imposition frame's predictor ------------------------------------------------------
 * Imposed velocities are set in the mid-step frame M = frame_mid(R_n, R_{n+1}) with the mid-step
 * branches, the frame and branches in which contact_update then measures the step; both depend
 * on the velocities being set.  Predictor: quadratic extrapolation of the last three states,
 *   X_{n+1} ~ 3 X_n - 3 X_{n-1} + X_{n-2},  X_{n+1/2} ~ (X_n + X_{n+1})/2 = (4 X_n - 3 X_{n-1} + X_{n-2})/2
 * for the frame's rows (then re-orthonormalised) and the branches.  On smooth motion it misses M
 * by O(theta^3), theta the frame's rotation per step (theta^3/2 for a steady rotation: a
 * component of imposed velocity seen by the law off by 1e-16 of the velocity at theta = 5e-6),
 * the order of the fixed-point iteration by trial moves (velocity_update's passes).  Every
 * prediction is checked against the M the step produced; the passes run instead on the first two
 * steps of a stage (no history of its motion), after a prediction that missed by more than
 * theta^3 + PREDICT_TOL (a kink in the motion: a facet's normal jumping to an edge, a force
 * switching on a free DoF) until one no longer does, and always with test->no_predictor. */

/* A miss (rad: the frame rows are unit vectors) that does not count: it tilts the imposed
 * velocity by less than 1e-12 of itself, below the 1e-12 relative to which the energy tests hold
 * imposed paths' dissipation.  Misses below it are what smooth motion gives: round-off of the
 * extrapolation (4x the noise of the frames, a few 1e-16; 1e-13 when a frame jitters by 1e-13 per
 * step from spin round-off), and dt^3 times the third derivative of the frame's motion where a
 * free DoF accelerates (1e-13 for a free sphere whose spin the contact brakes, measured). */
#define PREDICT_TOL 1e-12

/* The history moves by one state: R_n and the branches of state n become the predictor's n-1
 * (written over n-2, the slot `last` then points to). */
static void predictor_shift(lt_predictor *p, const mat3 *frame, const vec3 branch[2])
{
    int k = p->last ^= 1;
    p->frame[k] = *frame;
    p->branch[k][0] = branch[0];
    p->branch[k][1] = branch[1];
}

/* Predicted mid-step frame and branches of the step from the current state (R_n, b_n). */
static void predictor_mid(const lt_predictor *p, const mat3 *frame, const vec3 branch[2], mat3 *mid, vec3 br[2])
{
    const mat3 *f1 = &p->frame[p->last], *f2 = &p->frame[p->last ^ 1]; /* R_{n-1}, R_{n-2} */
    for (int k = 0; k < 3; k++) /* halved: nearly unit */
        mid->r[k] = v3_scale(v3_add(v3_sub(v3_scale(frame->r[k], 4), v3_scale(f1->r[k], 3)), f2->r[k]), 0.5);
    m3_orthonormalize_near(mid);
    const vec3 *b1 = p->branch[p->last], *b2 = p->branch[p->last ^ 1];
    for (int i = 0; i < 2; i++) br[i] = v3_scale(v3_add(v3_sub(v3_scale(branch[i], 4), v3_scale(b1[i], 3)), b2[i]), 0.5);
}

static double dist2(vec3 a, vec3 b) { vec3 d = v3_sub(a, b); return v3_dot(d, d); }

/* The step from `before` to `after` measured in `mid`: how far the prediction of that frame
 * missed (rows 0 and 1; row 2 is their cross product), against theta^3 + PREDICT_TOL. */
static void predictor_check(lt_predictor *p, const mat3 *before, const mat3 *after, const mat3 *mid)
{
    if (!p->pending) return;
    p->pending = 0;
    double m0 = dist2(mid->r[0], p->mid.r[0]), m1 = dist2(mid->r[1], p->mid.r[1]);
    double miss2 = m0 > m1 ? m0 : m1; /* finite, non-negative: no fmax needed */
    p->checked++;
    /* a miss within PREDICT_TOL is within the bound, whatever the step's rotation: neither the
     * rotation nor a square root is needed for it (smooth motion) */
    p->missed = !(miss2 <= PREDICT_TOL * PREDICT_TOL);
    if (p->missed) {
        double t0 = dist2(after->r[0], before->r[0]), t1 = dist2(after->r[1], before->r[1]);
        double th2 = t0 > t1 ? t0 : t1;
        double bound = th2 * sqrt(th2) + PREDICT_TOL;
        p->missed = !(miss2 <= bound * bound);
    }
    if (p->missed) p->misses++;
    if (!(miss2 <= p->worst * p->worst)) p->worst = sqrt(miss2);
}

static vec3 mean_spin(const vec3 w[2]) { return v3_scale(v3_add(w[0], w[1]), 0.5); }

static void set_contact_forces(lt_tester *t, int alive)
{
    vec3 F = v3(0, 0, 0);
    const double *f = t->resp.f;
    if (alive) F = m3_to_global(&t->frame, v3(f[0], f[1], f[2]));
    /* force on A is F; B gets -F; torques about each centre add the moment of the force */
    vec3 negF = v3_neg(F), mA = v3_cross(t->geom.branch[0], F), mB = v3_cross(t->geom.branch[1], negF);
    t->force_now[0][0] = F;
    t->force_now[1][0] = negF;
    if (alive && (f[3] != 0 || f[4] != 0 || f[5] != 0)) {
        vec3 T = m3_to_global(&t->frame, v3(f[3], f[4], f[5]));
        t->force_now[0][1] = v3_add(T, mA);
        t->force_now[1][1] = v3_sub(mB, T);
    } else { /* most laws return no torque (the same values, up to the sign of a zero) */
        t->force_now[0][1] = mA;
        t->force_now[1][1] = mB;
    }
}

/* Work the contact did on both bodies over the last step (trapezoid on each body's displacement,
 * v dt plus the arc correction), from the previous and the current contact forces: every step
 * (close_energies, for the driver's work) and on the steps on which a contact forms or breaks. */
static inline double contact_work_last_step(const lt_tester *t)
{
    double w = 0, dt = t->test->dt;
    for (int i = 0; i < 2; i++) {
        vec3 dx = v3_axpy(dt, t->body[i].vel, t->shift[i]);
        vec3 dphi = v3_scale(t->body[i].angvel, dt);
        w += 0.5 * v3_dot(v3_add(t->force_prev[i][0], t->force_now[i][0]), dx);
        w += 0.5 * v3_dot(v3_add(t->force_prev[i][1], t->force_now[i][1]), dphi);
    }
    return w;
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
    const lt_law *law = t->test->law;
    double e = 0;
    for (int i = 0; i < law->n_energies; i++)
        if (law->energies[i].kind == LT_STORED) e += t->energy[i];
    return e;
}

/* ---- numerical faults ------------------------------------------------------------------- */

static const char *const dof_u_names[LT_DOF] = {"ux", "uy", "uz", "phix", "phiy", "phiz"};
static const char *const dof_v_names[LT_DOF] = {"vx", "vy", "vz", "wx", "wy", "wz"};

/* x for a message: every NaN as "nan" (printf shows a negative one as "-nan"). */
static double shown(double x) { return isnan(x) ? fabs(x) : x; }

/* 1 if every x[0..n) is finite.  A NaN or an infinity makes the sum non-finite, so one sum
 * tells in the common case; a non-finite sum of finite values (an overflow beyond 1e308) is
 * told apart value by value. */
static inline double sum6(const double *x) { return ((x[0] + x[1]) + (x[2] + x[3])) + (x[4] + x[5]); }
static inline double sum_vec(vec3 a) { return a.x + a.y + a.z; }

/* x[0] + ... + x[n-1] (n is a law's few state variables): four at a time, then one by one;
 * only finiteness is asked of it, so the order of the additions does not matter. */
static inline double sum_n(const double *x, int n)
{
    double z = 0;
    int i = 0;
    for (; i + 4 <= n; i += 4) z += (x[i] + x[i + 1]) + (x[i + 2] + x[i + 3]);
    for (; i < n; i++) z += x[i];
    return z;
}

static inline int all_finite(const double *x, int n)
{
    double z = 0;
    for (int i = 0; i < n; i++) z += x[i];
    if (isfinite(z)) return 1;
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i])) return 0;
    return 1;
}

/* The law's outputs of this step, once their sum was not finite (law_output_check): find the
 * value, or a mere overflow of the sum. */
COLD static int law_output_fault(lt_tester *t)
{
    const lt_law *law = t->test->law;
    const lt_response *r = &t->resp;
    for (int k = 0; k < LT_DOF; k++)
        if (!isfinite(r->f[k]))
            return fail(t, "law '%s' returned a non-finite %s %s = %g", law->name, k < 3 ? "force" : "torque",
                        (const char *[]){"Fx", "Fy", "Fz", "Tx", "Ty", "Tz"}[k], shown(r->f[k]));
    for (int k = 0; k < 2; k++)
        if (!isfinite(r->k[k]))
            return fail(t, "law '%s' returned a non-finite stiffness %s = %g", law->name, k ? "kt" : "kn", shown(r->k[k]));
    for (int i = 0; i < law->n_energies; i++)
        if (!isfinite(r->energy[i]))
            return fail(t, "law '%s' returned a non-finite energy %s = %g", law->name, law->energies[i].name,
                        shown(r->energy[i]));
    for (int i = 0; i < law->n_state; i++)
        if (!isfinite(t->law_state[i]))
            return fail(t, "law '%s' left a non-finite state variable %s = %g", law->name, law->state_names[i],
                        shown(t->law_state[i]));
    return 0;
}

/* The law's outputs of this step: force and torque, stiffnesses, energies (their sum `booked`,
 * which contact_update has for its bookkeeping anyway), state. */
static inline int law_output_check(lt_tester *t, double booked)
{
    const lt_response *r = &t->resp;
    double z = (sum6(r->f) + (r->k[0] + r->k[1])) + (booked + sum_n(t->law_state, t->test->law->n_state));
    return isfinite(z) ? 0 : law_output_fault(t);
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

static int state_fault(lt_tester *t);

/* The state of the pair after a step: bodies, relative displacements and velocities.
 * velocities 0: the bodies' velocities are not summed, as after a step of lt_run_stage: they are
 * v_{n+1/2}, w_{n+1/2}, which the closing of state n has just multiplied into its kinetic energy
 * (m v_{n-1/2} . v_{n+1/2}, with m > 0 for a free body), so that a non-finite one made E.kin and
 * balance_err non-finite and energy_check ended the run before the bodies moved. */
static inline int state_check(lt_tester *t, int velocities)
{
    /* one sum tells in the common case (a NaN or infinity anywhere makes it non-finite) */
    double zb[2];
    for (int i = 0; i < 2; i++) {
        const lt_body *b = &t->body[i];
        zb[i] = sum_vec(b->pos);
        if (velocities) zb[i] += sum_vec(b->vel) + sum_vec(b->angvel);
        /* a sphere's orientation is not integrated (turn_body): it stays as placed */
        if (b->shape != LT_SPHERE) zb[i] += (b->ori.w + b->ori.x) + (b->ori.y + b->ori.z);
    }
    /* c.v is not summed: contact_update checked it before the law saw it (or zeroed it) */
    double z = sum6(t->u) + (zb[0] + zb[1]);
    return isfinite(z) ? 0 : state_fault(t);
}

/* The state, once its sum was not finite (state_check): find the value, or a mere overflow of
 * the sum. */
COLD static int state_fault(lt_tester *t)
{
    char name[64] = "?";
    double val = NAN;
    int found = 0;
    for (int i = 0; i < 2 && !found; i++) {
        const lt_body *b = &t->body[i];
        const char *who = i ? "B" : "A";
        vec3 q = v3(b->ori.x, b->ori.y, b->ori.z);
        found = vec_bad(who, "pos", b->pos, name, sizeof name, &val) || vec_bad(who, "vel", b->vel, name, sizeof name, &val) ||
                vec_bad(who, "angvel", b->angvel, name, sizeof name, &val) ||
                vec_bad(who, "orientation", q, name, sizeof name, &val);
        if (!found && !isfinite(b->ori.w)) snprintf(name, sizeof name, "%s.orientation.w", who), val = b->ori.w, found = 1;
    }
    for (int k = 0; k < LT_DOF && !found; k++) {
        if (!isfinite(t->u[k])) snprintf(name, sizeof name, "%s", dof_u_names[k]), val = t->u[k], found = 1;
        else if (!isfinite(t->c.v[k])) snprintf(name, sizeof name, "%s", dof_v_names[k]), val = t->c.v[k], found = 1;
    }
    if (!found) return 0; /* finite values whose sum overflowed */
    return fail(t, "non-finite state: %s = %g (the motion overflowed or became unstable)", name, shown(val));
}

/* The energies of a state, once closed: the search for the culprit (energy_check). */
COLD static int energy_fault(lt_tester *t)
{
    const lt_law *law = t->test->law;
    int n = lt_energy_count(law);
    if (all_finite(t->energy, n)) return 0;
    for (int i = 0; i < n; i++)
        if (!isfinite(t->energy[i]))
            return fail(t, "non-finite energy: %s = %g (the motion overflowed or became unstable)",
                        lt_energy_name(law, i), shown(t->energy[i]));
    return 0;
}

/* balance_err is work minus every other energy: non-finite if any of them is. */
static inline int energy_check(lt_tester *t)
{
    return isfinite(t->energy[t->test->law->n_energies + LT_E_BALANCE]) ? 0 : energy_fault(t);
}

/* Note the first step of a run that leaves a state in contact with dt above leapfrog's limit
 * for the normal DoF, free in the running stage (the law's current stiffness at that state). */
static unsigned imposed_dofs(const lt_tester *t);

static void stability_check(lt_tester *t, int stage_no)
{
    /* the common case in one comparison: k below the limit, or no contact (k = 0) */
    if (!(t->resp.k[0] > t->k_stable)) return;
    if (!t->has_contact || (t->body[0].fixed && t->body[1].fixed)) return;
    /* imposed ('v', 's', 'i' on its step): no free normal motion, the run is not at risk; seen
     * apart (stab_imposed), for the warning that releasing that contact would be unstable */
    int imposed = (imposed_dofs(t) & 1u) != 0;
    lt_stability *seen = imposed ? &t->stab_imposed : &t->stab;
    if (seen->exceeded) return;
    double k = t->resp.k[0], m = t->c.mstar, dt = t->test->dt, z = t->zetaN;
    double crit = lt_dt_crit(m, k, z);
    if (!(dt > crit)) return;
    *seen = (lt_stability){1, stage_no, t->step, crit, k, m, z};
}

/* The law broke the contact at this state: the stored energy leaves the contact; what the
 * contact did not give back as work over this last step is released (brk).  Once per contact. */
COLD static void contact_break(lt_tester *t)
{
    const lt_law *law = t->test->law;
    double stored = law_stored_energy(t);
    for (int i = 0; i < law->n_energies; i++)
        if (law->energies[i].kind == LT_STORED) t->energy[i] = 0;
    t->has_contact = 0;
    memset(&t->resp, 0, sizeof t->resp);
    set_contact_forces(t, 0);
    t->energy[law->n_energies + LT_E_BRK] += stored - contact_work_last_step(t);
    t->u[0] = t->c.uN;
}

/* A contact forms at this state (its geometry in t->geom, its velocity in t->c.v): the
 * stiffness rule (once per contact: its values hold for the contact's life) and the law's
 * init.  Once per contact, so kept out of the step's code. */
COLD static int contact_form(lt_tester *t)
{
    const lt_test *test = t->test;
    lt_contact *c = &t->c;
    if (lt_stiffness_eval(&test->stiffness, &t->body[0].mat, &t->body[1].mat, t->geom.lens, c->uN, &t->stiff) < 0)
        return fail(t, "stiffness rule: a branch length reduced by the initial overlap (uN = %g m) is not "
                       "positive (lens %g, %g m)",
                    c->uN, t->geom.lens[0], t->geom.lens[1]);
    t->stiff_step = t->step;
    t->stiff_uN0 = c->uN;
    t->n_formed++;
    c->lens[0] = t->stiff.lens[0];
    c->lens[1] = t->stiff.lens[1];
    c->contA = t->stiff.contA;
    c->kn = t->stiff.kn;
    c->kt = t->stiff.kt;
    c->tanPhi = t->stiff.tanPhi;
    if (t->obs.on_contact) t->obs.on_contact(t->obs.contact_ctx, t);
    test->law->init(test->params, c, t->law_state);
    if (!t->created) {
        memcpy(t->law_state_created, t->law_state, sizeof t->law_state_created);
        t->created = 1;
    }
    return 0;
}

/* The contact's input, once uN + the sum of c.v was not finite: the value, or a mere overflow
 * of the sum (0). */
COLD static int contact_input_fault(lt_tester *t)
{
    const lt_contact *c = &t->c;
    if (isfinite(c->uN) && all_finite(c->v, LT_DOF)) return 0;
    for (int k = 0; k < LT_DOF; k++)
        if (!isfinite(c->v[k]))
            return fail(t, "non-finite contact velocity: %s = %g (the motion overflowed or became unstable)",
                        dof_v_names[k], shown(c->v[k]));
    return fail(t, "non-finite contact: ux = %g (the motion overflowed or became unstable)", shown(c->uN));
}

/* Frame and law at the current positions (state n), whose geometry is t->geom (geom_ok 0: the
 * geometry was degenerate).  frame_before, branch_before: the frame and branches of the state
 * the step left (the predictor's history holds them: predictor_shift). */
static int contact_update(lt_tester *t, int geom_ok, const mat3 *frame_before, const vec3 branch_before[2])
{
    const lt_test *test = t->test;
    const lt_law *law = test->law;
    lt_body *A = &t->body[0], *B = &t->body[1];
    /* position_update moved the bodies exactly as the last trial did (lt_trial): its geometry,
     * carried frame and mid-step frame are those of this state, bit for bit */
    int reuse = t->trial.valid == 2;
    t->trial.valid = 0;
    if (!geom_ok)
        return fail(t, "degenerate %s-%s geometry: the cores touch (coincident centres, a centre on a wall, an "
                       "axis through a facet or a wall), so there is no contact normal",
                    lt_shape_name(A->shape), lt_shape_name(B->shape));
    if (!(t->geom.rcurv[0] > 0 && t->geom.rcurv[1] > 0)) /* a geometry function that forgot it */
        return fail(t, "the %s-%s geometry gives no curvature radius (lt_geom.rcurv)", lt_shape_name(A->shape),
                    lt_shape_name(B->shape));
    mat3 mid; /* the frame in which the relative velocity of this step is measured */
    if (reuse) {
        t->frame = t->trial.frame;
        mid = t->trial.mid;
    } else {
        frame_update(&t->frame, t->geom.normal, v3_scale(v3_add(A->angvel, B->angvel), 0.5), test->dt);
        frame_mid(frame_before, &t->frame, &mid);
    }
    predictor_check(&t->pred, frame_before, &t->frame, &mid);

    int fresh = 0;
    if (!t->has_contact) {
        if (!(t->geom.uN < 0)) {
            memset(&t->resp, 0, sizeof t->resp);
            memset(t->c.v, 0, sizeof t->c.v);
            t->c.uN = t->geom.uN;
            t->u[0] = t->geom.uN;
            set_contact_forces(t, 0);
            return 0;
        }
        fresh = 1;
        memset(t->law_state, 0, sizeof t->law_state);
        memset(t->u, 0, sizeof t->u);
    }
    lt_contact *c = &t->c;
    c->uN = t->geom.uN; /* dt, mstar, mat: set once (lt_start_observed) */
    c->rcurv[0] = t->geom.rcurv[0];
    c->rcurv[1] = t->geom.rcurv[1];
    c->fresh = fresh;
    /* relative velocity of the contact point over the step n-1 -> n, with the branches at
     * mid-step: the contact-side work (F_{n-1} + F_n)/2 . v dt then equals the work of the
     * forces and torques on the bodies to third order in the step, even while the branches
     * change (normal motion of spinning bodies) */
    vec3 bA = t->geom.branch[0], bB = t->geom.branch[1];
    if (!fresh) {
        bA = v3_scale(v3_add(bA, branch_before[0]), 0.5);
        bB = v3_scale(v3_add(bB, branch_before[1]), 0.5);
    }
    vec3 vrel = v3_sub(v3_add(B->vel, v3_cross(B->angvel, bB)), v3_add(A->vel, v3_cross(A->angvel, bA)));
    vec3 wrel = v3_sub(B->angvel, A->angvel);
    /* ... and projected on the mid-step frame, so that a force that keeps its local
     * components while the frame turns does the same work on both sides (Woo's L6Geom also
     * works at mid-step) */
    if (fresh) mid = t->frame;
    vec3 vl = m3_to_local(&mid, vrel), wl = m3_to_local(&mid, wrel);
    c->v[0] = vl.x, c->v[1] = vl.y, c->v[2] = vl.z;
    c->v[3] = wl.x, c->v[4] = wl.y, c->v[5] = wl.z;
    if (fresh && contact_form(t) < 0) return -1;
    /* do not blame the law for its input */
    if (!isfinite(c->uN + sum6(c->v)) && contact_input_fault(t) < 0) return -1;
    t->resp = zero_response; /* what a law leaves unset is zero (a plain copy: memset of this size is a slow rep stos) */
    int alive = law->step(test->params, c, t->law_state, &t->resp);
    if (!alive) {
        contact_break(t);
        return 0;
    }
    double booked = 0; /* what the law booked for this step: stored now + dissipated increments */
    for (int i = 0; i < law->n_energies; i++) {
        if ((t->stored_mask >> i) & 1u)
            t->energy[i] = t->resp.energy[i];
        else
            t->energy[i] += t->resp.energy[i];
        booked += t->resp.energy[i];
    }
    if (law_output_check(t, booked) < 0) return -1; /* the run ends: the energies just booked are not read */
    t->has_contact = 1;
    t->u[0] = c->uN;
    double dt = test->dt, *u = t->u;
    u[1] += c->v[1] * dt, u[2] += c->v[2] * dt, u[3] += c->v[3] * dt, u[4] += c->v[4] * dt, u[5] += c->v[5] * dt;
    set_contact_forces(t, 1);
    /* formed inside this step: the contact-side work of the step (trapezoid from no force at
     * the previous state) minus what the law booked for it */
    if (fresh && t->step > 0) t->energy[law->n_energies + LT_E_FORM] += -contact_work_last_step(t) - booked;
    return 1;
}

/* ---- motion --------------------------------------------------------------------------- */

/* 1 if stage s has a rigid `spin` of the whole pair (add_rigid_spin). */
static int spin_given(const lt_stage *s) { return s->spin.x != 0 || s->spin.y != 0 || s->spin.z != 0; }

/* The DoFs stage s (may be NULL) imposes velocities on: bit k of v_mask for 'v' and 's' (a servo
 * imposes its velocity on every step), of i_mask for 'i' (on its first motion step only); s_mask
 * marks the servos.  Read once per stage, not per step.  The step reads the values from t->vals:
 * the stage's constants, copied here, or this step's (stage_values) when the stage has functions
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

/* Bit k set: the stage imposes the velocity of DoF k on this step (stage_masks). */
static unsigned imposed_dofs(const lt_tester *t)
{
    return t->v_mask | (t->first_motion ? t->i_mask : 0);
}

/* The values the running stage imposes on this step (stage_masks, stage_values). */
static inline const double *step_values(const lt_tester *t) { return t->vals; }

COLD static int value_fault(lt_tester *t, int k, const char *fmt, double x)
{
    t->err_dof = k + 1;
    return fail(t, fmt, k + 1, shown(x));
}

/* This step's values of a stage whose values change (t->dyn; driver.h): the functions of the
 * stage time at the time level of their kind -- 'v'/'i' velocities at t + dt/2, 'f' forces at t,
 * 's' targets at t + dt, t = (stage step) dt -- then the servos' velocities
 * v = clamp(alpha (T - f_n)/(k_n dt), +-vmax) from the state's force and stiffness. */
NOINLINE static int stage_values(lt_tester *t, const lt_stage *s)
{
    double dt = t->test->dt, step = (double)t->st.step, now[LT_DOF];
    memcpy(now, s->values, sizeof now);
    for (int k = 0; k < LT_DOF; k++) {
        if (!((s->fn_mask >> k) & 1u)) continue;
        char w = s->whats[k];
        if (w == 'i' && !t->first_motion) continue; /* free after its first step */
        double time = (w == 'f' ? step : w == 's' ? step + 1 : step + 0.5) * dt;
        if (s->value_fn(s->value_ctx, t, k, time, &now[k]) < 0) {
            if (!t->err_dof) t->err_dof = k + 1;
            return -1;
        }
        if (!isfinite(now[k])) return value_fault(t, k, "the value of DoF %d is not finite (%g)", now[k]);
    }
    for (int k = 0; k < 3; k++) {
        if (!((t->s_mask >> k) & 1u)) continue;
        double f = 0, kk = 0, vmax = s->servo_vmax;
        if (t->has_contact) {
            f = t->resp.f[k];
            kk = t->resp.k[k ? 1 : 0];
            if (!(kk > 0))
                return value_fault(t, k, k ? "servo on DoF %d: the law reports no tangential stiffness (kt = %g N/m)"
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

/* DoF k imposed on this step (t->imposed, set by velocity_update for the step's stage). */
static int dof_imposed(const lt_tester *t, int k) { return (t->imposed >> k) & 1u; }

/* 1 when stage s may put forces other than the contact's on the bodies: f DoFs or damping. */
static int extra_forces(const lt_tester *t, const lt_stage *s)
{
    return t->test->damping > 0 || (s && memchr(s->whats, 'f', LT_DOF));
}

/* Forces other than the contact on body i at this state: imposed (f DoFs) and damping. */
NOINLINE static void body_extra_forces(const lt_tester *t, const lt_stage *s, int i, vec3 imposed[2], vec3 damp[2])
{
    const lt_test *test = t->test;
    imposed[0] = imposed[1] = damp[0] = damp[1] = v3(0, 0, 0);
    int loaded = test->abWeight < 0.5 ? 0 : 1; /* f DoFs load one body, with its real inertia */
    if (s && i == loaded) {
        double sign = i == 0 ? -1 : 1; /* a positive value pushes B away from A (or A from B) */
        vec3 fl = v3(0, 0, 0), tl = v3(0, 0, 0);
        const double *values = step_values(t);
        for (int k = 0; k < LT_DOF; k++) {
            if (s->whats[k] != 'f') continue;
            double val = sign * values[k];
            if (k < 3) fl = v3_add(fl, v3(k == 0 ? val : 0, k == 1 ? val : 0, k == 2 ? val : 0));
            else tl = v3_add(tl, v3(k == 3 ? val : 0, k == 4 ? val : 0, k == 5 ? val : 0));
        }
        /* several forced DoFs on one body add up */
        imposed[0] = m3_to_global(&t->frame, fl);
        imposed[1] = m3_to_global(&t->frame, tl);
    }
    if (test->damping > 0 && !t->body[i].fixed) {
        /* Cundall's non-viscous damping: each global component of the unbalanced force is
         * reduced by a fraction of its magnitude, against the velocity. */
        const lt_body *b = &t->body[i];
        for (int j = 0; j < 2; j++) {
            vec3 f = v3_add(t->force_now[i][j], imposed[j]);
            vec3 v = j == 0 ? b->vel : b->angvel;
            double lam = test->damping;
            damp[j] = v3(-lam * fabs(f.x) * (v.x > 0 ? 1 : v.x < 0 ? -1 : 0),
                         -lam * fabs(f.y) * (v.y > 0 ? 1 : v.y < 0 ? -1 : 0),
                         -lam * fabs(f.z) * (v.z > 0 ? 1 : v.z < 0 ? -1 : 0));
        }
        /* ... on the free DoFs only: the components along the imposed ones (local axes of the
         * state, rows of R_n) are removed.  The imposition overrides those components of the
         * velocity anyway, so a damping force there would do no damping; it would only be booked
         * as `damp` and paid back by the driver's work (docs/energy.md section 2). */
        for (int k = 0; k < LT_DOF; k++) {
            if (!dof_imposed(t, k)) continue;
            vec3 e = t->frame.r[k % 3];
            damp[k / 3] = v3_axpy(-v3_dot(damp[k / 3], e), e, damp[k / 3]);
        }
    }
}

/* Centre of mass of the pair (m). */
static vec3 pair_centre(const lt_tester *t)
{
    double ma = t->body[0].mass, mb = t->body[1].mass;
    return v3_scale(v3_add(v3_scale(t->body[0].pos, ma), v3_scale(t->body[1].pos, mb)), 1.0 / (ma + mb));
}

/* A stage's `spin` (rad/s): a rigid rotation of the whole pair about its centre of mass, on
 * top of the relative motion, for objectivity checks: each centre moves along the chord of its
 * exact arc over the step, each body spins by the same angle.  The chord of the relative
 * vector is perpendicular to the mid-step normal, so the rotation is no relative motion for the
 * contact (nor for the arc-drift rule).  stage_spins: the running stage has one (spin_given,
 * read once per stage by stage_masks). */
static int stage_spins(const lt_tester *t) { return t->spins; }

NOINLINE static void add_rigid_spin_now(const lt_tester *t, const lt_stage *s, vec3 vnew[2], vec3 wnew[2])
{
    double dt = t->test->dt;
    vec3 c = pair_centre(t), axis = v3_normalized(s->spin);
    double angle = v3_norm(s->spin) * dt;
    for (int i = 0; i < 2; i++) {
        vec3 r = v3_sub(t->body[i].pos, c);
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
static inline vec3 with_component(vec3 v, vec3 e, double value) { return v3_axpy(value - v3_dot(v, e), e, v); }

/* Override the local components of the free velocities (vfree, wfree) on the DoFs stage s
 * imposes, decomposed in frame R with branches b (contact point minus centres); the DoFs not
 * imposed keep the free velocities' components.  Works on local copies and stores once (the
 * outputs could alias the inputs for all the compiler knows). */
static void impose(const lt_tester *t, const double *values, const mat3 *R, const vec3 b[2], const vec3 vfree[2],
                   const vec3 wfree[2], vec3 vnew[2], vec3 wnew[2])
{
    double w = t->test->abWeight;
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

/* x += dx with Kahan's compensated summation: millions of small steps added to a position of
 * order 0.1 m would otherwise round at every step, and uN is a small difference of such
 * positions (1e-3 m against 0.2 m: each rounding is amplified 200 times). */
static inline void kahan_add(double *x, double *c, double d)
{
    double y = d + *c;
    double t = *x + y;
    *c = y - (t - *x);
    *x = t;
}

static void add_compensated(lt_body *b, vec3 dx)
{
    vec3 x = b->pos, lo = b->pos_lo; /* on copies: the body's fields could alias for the compiler */
    kahan_add(&x.x, &lo.x, dx.x);
    kahan_add(&x.y, &lo.y, dx.y);
    kahan_add(&x.z, &lo.z, dx.z);
    b->pos = x;
    b->pos_lo = lo;
}

/* Orientation after a step of spin w (rad/s).  A sphere's is not integrated: nothing reads it
 * (its inertia is isotropic, its geometry is its centre's, no record or script sees it), so it
 * stays as given. */
static void turn_body(lt_body *b, vec3 w, double dt)
{
    if (b->shape == LT_SPHERE) return;
    b->ori = q_normalized(q_mul(q_from_rotvec(v3_scale(w, dt)), b->ori));
}

static int same_vecs(const vec3 *a, const vec3 *b, int n) { return memcmp(a, b, (size_t)n * sizeof *a) == 0; }

/* Move two bodies over one step with velocities v, w and compute their geometry at the new
 * positions into *g; returns 0 if it is degenerate.  With imposed shear, correct the arc drift
 * (geom.h): displace the bodies along g's normal so that the rule's quantity has changed by
 * the relative motion along `normal` (the normal of the frame the motion was imposed in) only,
 * return the displacements in shift, and carry g along (geom_shift_normal: one geometry
 * evaluation per move, the correction after it and off its critical path). */
static int move_bodies(const lt_tester *t, lt_body b[2], const vec3 v[2], const vec3 w[2], const vec3 *normal,
                       vec3 shift[2], double arc_gap[2], int turn, lt_geom *g)
{
    double dt = t->test->dt, wt = t->test->abWeight;
    /* the gap along the imposed normal is carried from step to step (not re-read from the
     * rounded positions), so rounding does not accumulate over a long imposed shear */
    int shear = shear_imposed(t);
    double gap = NAN, gap_lo = 0;
    if (shear) {
        gap = isnan(arc_gap[0]) ? geom_arc_value(&b[0], &b[1]) : arc_gap[0];
        gap_lo = isnan(arc_gap[0]) ? 0 : arc_gap[1];
        double y = dt * v3_dot(v3_sub(v[1], v[0]), *normal) + gap_lo; /* compensated sum */
        double sum = gap + y;
        gap_lo = y - (sum - gap);
        gap = sum;
    }
    for (int i = 0; i < 2; i++) {
        b[i].vel = v[i];
        b[i].angvel = w[i];
        add_compensated(&b[i], v3_scale(v[i], dt));
        if (turn && b[i].shape != LT_SPHERE) turn_body(&b[i], w[i], dt);
        shift[i] = v3(0, 0, 0);
    }
    arc_gap[0] = NAN;
    if (!t->gops.compute(&b[0], &b[1], g)) return 0;
    if (shear && !isnan(gap)) { /* NaN: the pair has no arc drift (geom.h) */
        arc_gap[0] = gap;
        arc_gap[1] = gap_lo;
        double ds = gap - t->gops.arc_of_geom(g); /* geom_arc_shortfall; a pair with a gap has the rule */
        shift[1] = v3_scale(g->normal, ds * wt);
        shift[0] = v3_scale(g->normal, -ds * (1 - wt));
        /* a body with no share (abWeight 0 or 1) is not moved: adding a zero to a compensated
         * sum whose low part is below half an ulp of its high part changes neither */
        if (wt != 0) add_compensated(&b[1], shift[1]);
        if (wt != 1) add_compensated(&b[0], shift[0]);
        geom_shift_normal(g, ds, wt);
    }
    return 1;
}

/* New half-step velocities of both bodies for stage s: free dynamics, then the imposed local
 * DoFs override.  The contact measures the relative velocity of a step in the frame and with
 * the branches at mid-step (contact_update), so the imposition is made in the same mid-step
 * frame and branches: extrapolated from the last three states (the predictor above) when it can
 * be trusted, else found by moving trial copies of the bodies: two passes make the imposed and
 * the measured velocities agree to O(rotation^3) per step, also when normal and tangential
 * motion are imposed together on a turning frame.
 * Fast paths (off with test->no_fast_paths; bit-identical either way): trial bodies are not
 * turned when the geometry ignores orientations; a pass whose output velocities (and imposing
 * normal) equal its inputs is a fixed point, so the next pass would repeat it and is skipped;
 * the last trial is kept (t->trial) for position_update and contact_update to reuse.
 * extra: stage s may put forces other than the contact's on the bodies (extra_forces).
 * Returns the new velocities in vnew/wnew; extra forces in imposed/damp; 0, or -1 when a value
 * of the stage failed (stage_values: a function's error, a servo without stiffness). */
static int velocity_update(lt_tester *t, const lt_stage *s, int extra, vec3 vnew[2], vec3 wnew[2],
                           vec3 imposed[2][2], vec3 damp[2][2], vec3 *imposed_normal)
{
    if (t->dyn && stage_values(t, s) < 0) return -1;
    t->trial.valid = 0;
    t->pred.pending = 0;
    t->imposed = imposed_dofs(t);
    const lt_test *test = t->test;
    double dt = test->dt;
    vec3 vfree[2], wfree[2];
    for (int i = 0; i < 2; i++) {
        const lt_body *b = &t->body[i];
        if (extra) body_extra_forces(t, s, i, imposed[i], damp[i]);
        if (b->fixed) {
            vfree[i] = wfree[i] = v3(0, 0, 0);
            continue;
        }
        vec3 F = t->force_now[i][0], T = t->force_now[i][1];
        if (extra) {
            F = v3_add(v3_add(F, imposed[i][0]), damp[i][0]);
            T = v3_add(v3_add(T, imposed[i][1]), damp[i][1]);
        }
        vfree[i] = v3_axpy(t->dt_mass[i], F, b->vel);
        vec3 alpha = t->iso_inertia[i] > 0 ? v3_scale(T, t->inv_iso_inertia[i]) : lt_body_inertia_solve(b, T);
        wfree[i] = v3_axpy(dt, alpha, b->angvel);
    }
    if (!s || (!t->imposed && !stage_spins(t))) { /* free motion: impose() is not called */
        for (int i = 0; i < 2; i++) vnew[i] = vfree[i], wnew[i] = wfree[i];
        *imposed_normal = t->frame.r[0];
        return 0;
    }
    lt_predictor *p = &t->pred;
    if (t->st.step >= 2 && !t->first_motion) { /* two steps of this stage's motion behind */
        vec3 pbr[2];
        predictor_mid(p, &t->frame, t->geom.branch, &p->mid, pbr);
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

/* velocity_update's trial passes (the first two steps of a stage, a missed prediction): out of
 * line, so that the predicted step's code sits together. */
NOINLINE static void velocity_passes(lt_tester *t, const lt_stage *s, const vec3 vfree[2], const vec3 wfree[2],
                                     vec3 vnew[2], vec3 wnew[2], vec3 *imposed_normal)
{
    const lt_test *test = t->test;
    double dt = test->dt;
    t->pred.passes++;
    *imposed_normal = t->frame.r[0];
    mat3 R = t->frame;
    vec3 br[2] = {t->geom.branch[0], t->geom.branch[1]};
    const double *values = step_values(t);
    impose(t, values, &R, br, vfree, wfree, vnew, wnew);
    add_rigid_spin(t, s, vnew, wnew);
    int fast = !test->no_fast_paths, shear = shear_imposed(t);
    lt_trial *tr = &t->trial;
    for (int pass = 0; pass < 2; pass++) {
        lt_body trial[2] = {t->body[0], t->body[1]};
        vec3 shift[2], vin[2] = {vnew[0], vnew[1]}, win[2] = {wnew[0], wnew[1]}, nin = R.r[0];
        lt_geom g;
        double arc_gap[2] = {t->arc_gap[0], t->arc_gap[1]};
        if (!move_bodies(t, trial, vnew, wnew, &R.r[0], shift, arc_gap, !fast || t->trial_turns, &g)) return;
        mat3 R1 = t->frame;
        frame_update(&R1, g.normal, mean_spin(wnew), dt);
        frame_mid(&t->frame, &R1, &R);
        for (int i = 0; i < 2; i++) br[i] = v3_scale(v3_add(t->geom.branch[i], g.branch[i]), 0.5);
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
        if (same_vecs(vin, vnew, 2) && same_vecs(win, wnew, 2) && (!shear || same_vecs(&nin, &R.r[0], 1))) break;
    }
    *imposed_normal = R.r[0];
}

/* Close the energies of state n once v_{n+1/2} is known (driver.h, docs/energy.md section 2).
 * KE_n = sum of m v_{n-1/2} . v_{n+1/2} / 2 and w_{n-1/2} . I_n w_{n+1/2} / 2.  The contact's work
 * on the bodies over the last step (trapezoid on each displacement, the arc correction
 * included: contact_work_last_step) and the damping's (likewise) accumulate; the driver's work
 * -- of its force D_n = m (v_{n+1/2} - v_{n-1/2})/dt - contact - damping, which includes the
 * imposed 'f' forces -- is then KE_n - KE_0 - (contact work) - (damping work): leapfrog's
 * kinetic-energy theorem, exact for these definitions whatever the velocities, equates it with
 * the trapezoid sum of (D_{n-1} + D_n)/2 . v_{n-1/2} dt step by step (for a turning capsule, as
 * w . I_n w = w . I_{n-1} w, driver.h).  `extra`: a damping force may be non-zero. */
static void close_energies(lt_tester *t, const vec3 vnew[2], const vec3 wnew[2], vec3 damp[2][2], int extra)
{
    const lt_test *test = t->test;
    int ne = test->law->n_energies;
    double *E = t->energy, dt = test->dt;
    if (t->step > 0) { /* state 0 closes no step */
        t->contact_work += contact_work_last_step(t);
        if (extra) {
            double dampw = 0;
            for (int i = 0; i < 2; i++) {
                const lt_body *b = &t->body[i];
                dampw += v3_dot(v3_add(t->damp_prev[i][0], damp[i][0]), b->vel) +
                         v3_dot(v3_add(t->damp_prev[i][1], damp[i][1]), b->angvel);
            }
            E[ne + LT_E_DAMP] -= 0.5 * dt * dampw;
        }
    }
    double kin2 = 0;
    for (int i = 0; i < 2; i++) {
        const lt_body *b = &t->body[i];
        kin2 += b->mass * v3_dot(b->vel, vnew[i]);
        kin2 += t->iso_inertia[i] > 0 ? t->iso_inertia[i] * v3_dot(b->angvel, wnew[i])
                                      : v3_dot(b->angvel, lt_body_inertia_mul(b, wnew[i]));
        if (extra) t->damp_prev[i][0] = damp[i][0], t->damp_prev[i][1] = damp[i][1];
        t->force_prev[i][0] = t->force_now[i][0];
        t->force_prev[i][1] = t->force_now[i][1];
    }
    double kin = 0.5 * kin2;
    double stored = 0, dissipated = 0;
    unsigned mask = t->stored_mask;
    for (int i = 0; i < ne; i++) {
        if ((mask >> i) & 1u) stored += E[i];
        else dissipated += E[i];
    }
    if (t->step == 0) {
        t->kin0 = kin;
        t->stored0 = stored;
    }
    E[ne + LT_E_KIN] = kin;
    /* the damping's work is -E.damp (E.damp is what it dissipated); state 0 closes no step */
    E[ne + LT_E_WORK] = t->step > 0 ? (kin - t->kin0) - t->contact_work + E[ne + LT_E_DAMP] : 0;
    double spent = (kin - t->kin0) + (stored - t->stored0) + E[ne + LT_E_DAMP] + E[ne + LT_E_BRK] + E[ne + LT_E_FORM] +
                   dissipated;
    E[ne + LT_E_BALANCE] = E[ne + LT_E_WORK] - spent;
}

NOINLINE static void emit_row(lt_tester *t, int stage_of_state)
{
    if (!t->obs.on_row) return;
    lt_snapshot s;
    s.step = t->step;
    s.time = t->time;
    s.stage = stage_of_state;
    s.contact = t->has_contact;
    memcpy(s.u, t->u, sizeof s.u);
    memcpy(s.v, t->c.v, sizeof s.v);
    memcpy(s.f, t->resp.f, sizeof s.f);
    s.k[0] = t->resp.k[0];
    s.k[1] = t->resp.k[1];
    memcpy(s.energy, t->energy, sizeof s.energy);
    t->obs.on_row(t->obs.row_ctx, t, &s);
}

/* Move the bodies over the step and compute their geometry (t->geom; returns 0 if degenerate);
 * the predictor's history takes the state being left.  When the velocities (and the imposing
 * normal, which matters only through the arc correction of imposed shear) are those of the
 * last trial move, the trial's positions and geometry are exactly what move_bodies would
 * compute: take them, turn the bodies, and let contact_update take the trial's frames
 * (trial.valid = 2). */
static int position_update(lt_tester *t, const vec3 vnew[2], const vec3 wnew[2], const vec3 *normal)
{
    lt_trial *tr = &t->trial;
    predictor_shift(&t->pred, &t->frame, t->geom.branch);
    if (tr->valid && same_vecs(tr->v, vnew, 2) && same_vecs(tr->w, wnew, 2) &&
        (!shear_imposed(t) || same_vecs(&tr->normal, normal, 1))) {
        for (int i = 0; i < 2; i++) {
            lt_body *b = &t->body[i];
            b->vel = vnew[i];
            b->angvel = wnew[i];
            b->pos = tr->pos[i];
            b->pos_lo = tr->pos_lo[i];
            turn_body(b, wnew[i], t->test->dt);
            t->shift[i] = tr->shift[i];
        }
        t->arc_gap[0] = tr->arc_gap[0];
        t->arc_gap[1] = tr->arc_gap[1];
        t->geom = tr->g;
        tr->valid = 2;
        t->trial_reuses++;
        return 1;
    }
    tr->valid = 0;
    return move_bodies(t, t->body, vnew, wnew, normal, t->shift, t->arc_gap, 1, &t->geom);
}

/* ---- stage loop ----------------------------------------------------------------------- */

static void counters_after_contact(lt_tester *t)
{
    lt_stage_state *st = &t->st;
    st->hasC = t->has_contact;
    if (st->hasC && !st->hadC) {
        st->hadC = 1;
        st->timeC0 = st->time;
    }
    if (st->hasC) {
        int sign = t->c.v[0] > 0 ? 1 : t->c.v[0] < 0 ? -1 : 0;
        if (sign != 0) {
            if (st->last_sign != 0 && sign != st->last_sign) st->bounces++;
            st->last_sign = sign;
        }
    }
}

int lt_start(lt_tester *t, const lt_test *test, lt_row_cb on_row, void *row_ctx)
{
    lt_observer obs = {on_row, row_ctx, NULL, NULL, NULL, NULL, NULL};
    return lt_start_observed(t, test, &obs);
}

int lt_start_observed(lt_tester *t, const lt_test *test, const lt_observer *obs)
{
    memset(t, 0, sizeof *t);
    t->test = test;
    if (obs) t->obs = *obs;
    for (int i = 0; i < 2; i++) {
        t->body[i] = test->body[i];
        lt_body_mass_props(&t->body[i]);
        if (!t->body[i].fixed && !(t->body[i].mass > 0))
            return fail(t, "body %c (%s) has no finite mass and must be fixed", i ? 'B' : 'A',
                        lt_shape_name(t->body[i].shape));
        t->dt_mass[i] = test->dt / t->body[i].mass;
        t->iso_inertia[i] = lt_body_isotropic_inertia(&t->body[i]);
        t->inv_iso_inertia[i] = t->iso_inertia[i] > 0 ? 1.0 / t->iso_inertia[i] : 0;
    }
    t->mstar = lt_effective_mass(&t->body[0], &t->body[1]);
    /* the contact's inputs that hold for the whole test (the law gets c as const); the
     * materials are the test's, not the tester's copies, so that a copy of the tester (driver.h)
     * points at no other tester */
    t->c.dt = test->dt;
    t->c.mstar = t->mstar;
    t->c.mat[0] = &test->body[0].mat;
    t->c.mat[1] = &test->body[1].mat;
    t->trial_turns = geom_pair_uses_orientation(t->body[0].shape, t->body[1].shape);
    t->gops = geom_pair_ops(t->body[0].shape, t->body[1].shape);
    for (int i = 0; i < test->law->n_energies; i++)
        if (test->law->energies[i].kind == LT_STORED) t->stored_mask |= 1u << i;
    vec3 n = v3_normalized(test->normal);
    if (!geom_place(&t->body[0], &t->body[1], &n, test->gap)) {
        const char *why = geom_normal_problem(&t->body[0], &t->body[1], n);
        return fail(t, "cannot place %s-%s with this normal and gap: %s", lt_shape_name(t->body[0].shape),
                    lt_shape_name(t->body[1].shape),
                    !geom_pair_defined(t->body[0].shape, t->body[1].shape) ? "no geometry for the pair"
                    : why                                                  ? why
                                                                           : "gap too deep (the cores would cross)");
    }
    t->frame = m3_frame_from_normal(n);
    t->arc_gap[0] = NAN;
    t->zetaN = lt_normal_damping_ratio(test->law, test->params);
    /* dt > dt_crit = (2/w0)(sqrt(1 + z^2) - z) is k > 4 m* f^2/dt^2, f = sqrt(1 + z^2) - z; a
     * hair lower (1e-9), so that rounding never hides a state the exact test in
     * stability_check would catch */
    double f = t->zetaN > 0 ? sqrt(1 + t->zetaN * t->zetaN) - t->zetaN : 1;
    t->k_stable = 4 * t->mstar * f * f / (test->dt * test->dt) * (1 - 1e-9);
    int geom_ok = geom_compute(&t->body[0], &t->body[1], &t->geom);
    mat3 frame0 = t->frame; /* no step before state 0: it forms its contact afresh (or has none) */
    vec3 branch0[2] = {t->geom.branch[0], t->geom.branch[1]};
    return contact_update(t, geom_ok, &frame0, branch0) < 0 || state_check(t, 1) < 0 ? -1 : 0;
}

int lt_run_stage(lt_tester *t, int index)
{
    const lt_test *test = t->test;
    const lt_stage *s = &test->stages[index];
    long every = test->record_every;
    vec3 vnew[2], wnew[2], imposed[2][2], damp[2][2], nimp;
    t->stage = index;
    memset(&t->st, 0, sizeof t->st);
    t->pred.missed = 0; /* a new stage's first two steps run the passes */
    stage_masks(t, s);
    int extra = extra_forces(t, s);
    t->st.hasC = t->st.hadC = t->has_contact;
    t->first_motion = 1;
    /* countdowns instead of a division per step: steps to the next row (0: this state), and to
     * the next evaluation of until */
    long row_in = every > 0 ? (every - t->step % every) % every : -1, until_in = s->until_every;
    long tick_in = LT_TICK_STEPS;
    for (;;) {
        stability_check(t, index + 1);
        if (velocity_update(t, s, extra, vnew, wnew, imposed, damp, &nimp) < 0) return -1;
        close_energies(t, vnew, wnew, damp, extra);
        if (energy_check(t) < 0) return -1;
        int ended_stage = t->step > 0 && t->st.step == 0; /* state n closed the previous stage */
        if (row_in == 0 || (every > 0 && ended_stage)) {
            emit_row(t, t->stage_of_state);
            if (t->obs.stop && *t->obs.stop) return fail(t, "the record could not be written");
        }
        int geom_ok = position_update(t, vnew, wnew, &nimp);
        t->first_motion = 0;
        if (every > 0) row_in = row_in == 0 ? every - 1 : row_in - 1;
        t->step++;
        t->time += test->dt;
        t->st.step++;
        t->st.time += test->dt;
        t->stage_of_state = index + 1;
        const lt_predictor *p = &t->pred; /* position_update put state n-1 in its history */
        if (contact_update(t, geom_ok, &p->frame[p->last], p->branch[p->last]) < 0 || state_check(t, 0) < 0) return -1;
        counters_after_contact(t);
        if (--until_in == 0) {
            until_in = s->until_every;
            int r = s->until ? s->until(s->until_ctx, t) : 0;
            if (r < 0) return -1;
            if (r) break;
        }
        if (--tick_in == 0) { /* every LT_TICK_STEPS steps: a stop signal, the observer's tick */
            tick_in = LT_TICK_STEPS;
            if (lt_interrupt_signal) return fail(t, "interrupted by signal %d (%s)", (int)lt_interrupt_signal,
                                                 lt_interrupt_signal == SIGINT ? "SIGINT" : "SIGTERM");
            if (t->obs.on_tick) t->obs.on_tick(t->obs.tick_ctx, t);
        }
        if (t->st.step >= s->max_steps)
            return fail(t, "stage did not end after max_steps = %ld steps (its until never held)", s->max_steps);
        if (t->step >= test->max_steps)
            return fail(t, "test did not end after max_steps = %ld steps", test->max_steps);
    }
    if (s->done && s->done(s->done_ctx, t) < 0) return -1;
    return 0;
}

int lt_finish(lt_tester *t)
{
    /* close the last state with the last stage's rules (no further motion) */
    const lt_test *test = t->test;
    const lt_stage *last = test->n_stages ? &test->stages[test->n_stages - 1] : NULL;
    vec3 vnew[2], wnew[2], imposed[2][2], damp[2][2], nimp;
    int extra = extra_forces(t, last);
    stage_masks(t, last);
    if (velocity_update(t, last, extra, vnew, wnew, imposed, damp, &nimp) < 0) return -1;
    close_energies(t, vnew, wnew, damp, extra);
    if (energy_check(t) < 0) return -1;
    if (test->record_every > 0) {
        emit_row(t, t->stage_of_state);
        if (t->obs.stop && *t->obs.stop) return fail(t, "the record could not be written");
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
    lt_observer obs = {on_row, row_ctx, NULL, NULL, NULL, NULL, NULL};
    return lt_run_observed(t, test, &obs);
}
