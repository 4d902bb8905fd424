/* src/driver/driver_int.h - the driver's inside: the tester's working state behind its public view
 * (driver.h) and what the driver's files share.  Included by src/driver/driver*.c and by white-box
 * tests only; code above the driver reads a tester through lt_tester_view.
 *
 * The driver's files, each with one job (equations: driver.h, law.h):
 *   driver.c          the stage loop, the run API, the tester's life (new, copy, free), rows;
 *   driver_motion.c   leapfrog velocities and positions, imposed DoFs, the stage's values, the
 *                     imposition frame's predictor and trial passes, the arc correction;
 *   driver_contact.c  the contact at a state: frame, relative velocity, formation (the stiffness
 *                     rule), the law's call, breaking, the contact forces on the bodies;
 *   driver_checks.c   finite checks of the law's outputs and of the state, the stability check,
 *                     the closing of a state's energies (kinetic, works, balance); what the
 *                     other files use of it is in driver_checks.h.
 * Units SI.  Functions shared between these files carry the lt_ prefix; the ones on the step's
 * path that are small are static inline here, so the split costs no calls there.
 */
#ifndef LT_DRIVER_INT_H
#define LT_DRIVER_INT_H
#include "contact/host.h"
#include "driver/driver.h"
#include <math.h>
#include <stddef.h>
#include <string.h>

/* The paths that end a run with a message, the searches for the culprit of a non-finite sum,
 * what happens once per contact or per stage, and the rarely used options are kept out of the
 * step's functions (gcc and clang place cold functions, and the branches that call them,
 * apart), so that the instructions a step runs sit together. */
#if defined(__GNUC__)
#define COLD __attribute__((cold, noinline))
#define NOINLINE __attribute__((noinline))
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define COLD
#define NOINLINE
#define UNLIKELY(x) (x)
#endif

/* The last trial move of the mid-step prediction (driver_motion.c): its inputs and what it gave,
 * so that a step whose final velocities are the trial's reuses it instead of recomputing it. */
typedef struct lt_trial {
    int valid;
    vec3 v[2], w[2], normal; /* inputs: velocities (m/s, rad/s), imposing normal */
    vec3 pos[2], pos_lo[2];  /* m, positions after the move (with the arc correction) */
    vec3 shift[2];           /* m, arc corrections */
    double arc_gap[2];       /* m */
    lt_geom g;               /* geometry at the trial positions */
    mat3 frame, mid;         /* frame carried to g, and the mid-step frame */
} lt_trial;

/* The predictor of the imposition frame (driver_motion.c): the frames and branches of the two
 * states before this one, and the last prediction, checked against the mid-step frame it stood
 * for. */
typedef struct lt_predictor {
    mat3 frame[2];        /* R_{n-1} in [last], R_{n-2} in [last ^ 1] */
    vec3 branch[2][2];    /* [slot as frame][A, B] (m) */
    int last;             /* slot of state n-1 */
    int pending;          /* 1: `mid` predicts the step being taken */
    mat3 mid;             /* the predicted mid-step frame of that step */
    int missed;           /* 1: the last prediction missed by more than its bound */
    long used, passes;    /* steps imposed with the prediction; with the trial passes */
    long checked, misses; /* predictions checked; of these, missed */
    double worst;         /* largest miss of a checked prediction (rad: the distance of
                                       predicted and actual row, the larger of rows 0 and 1) */
} lt_predictor;

struct lt_tester {
    lt_view view; /* first: lt_tester_view is a cast (driver.h) */
    /* bookkeeping of the previous state for the trapezoid rule */
    vec3 force_prev[2][2];   /* [body][0 force, 1 torque]: contact force at n-1 (global) */
    vec3 damp_prev[2][2];    /* damping force at n-1 */
    double contact_work;     /* J, work of the contact on the bodies from state 0 to n
                                       (lt_close_energies; the driver's work follows from it) */
    vec3 shift[2];           /* arc correction applied after state n-1 (m) */
    double arc_gap[2];       /* m, centre distance carried through imposed shear, with
                                       its low-order part ([0] NaN: none) */
    double kin0;             /* KE of the initial state */
    double stored0;          /* law's stored energy at the initial state */
    int first_motion;        /* 1 on the first motion step of a stage ('i' DoFs apply) */
    unsigned imposed;        /* bit k: DoF k's velocity imposed on the step being taken */
    unsigned v_mask, i_mask; /* bit k: the running stage's DoF k is 'v', is 'i' */
    unsigned s_mask;         /* bit k: the running stage's DoF k is 's' (servo) */
    int dyn;                 /* 1: the running stage's values change each step (functions
                                       or servos): they are read from vals, else from the stage */
    double vals[LT_DOF];     /* this step's values of the running stage (driver_motion.c) */
    int spins;               /* 1: the running stage has a rigid `spin` */
    /* per-run constants (exactly the quotients the step would otherwise divide out each time) */
    double dt_mass[2];         /* dt/m (s/kg), per run */
    double mstar;              /* lt_effective_mass of the pair (kg) */
    double iso_inertia[2];     /* the moment of inertia of a body whose three are equal
                                       (kg m^2; a sphere), else 0: the tensor is needed */
    double inv_iso_inertia[2]; /* its inverse (1/(kg m^2)), 0 with it */
    int trial_turns;           /* 1: trial bodies need their orientation (geometry reads it) */
    geom_ops gops;             /* the pair's geometry functions (looked up once per run) */
    unsigned stored_mask;      /* bit i: the law's energy i is LT_STORED (per run) */
    lt_trial trial;
    long trial_reuses; /* steps that took the last trial's move and geometry */
    long free_steps;   /* steps that took the free step (driver.c, free_step_ok) */
    lt_predictor pred;
    int stage_of_state; /* 1-based stage that produced the current state, 0 initially */
    double zetaN;       /* the law's normal damping ratio (stability.h), per run */
    double k_stable;    /* N/m: normal stiffness below which dt is within the
                                       stability limit (less 1e-9 of it), per run */
    lt_observer obs;
    /* a hosted law's host (contact/host.h; NULL: the law's own step), per run, and what it returned
     * for the current state: the forces and torques the bodies take as they are */
    const lt_host *host;
    /* contactVelocity (driver.h) as contact_input uses it: 0 mid-step; 1 the state's branches;
     * 2 the state's branches moved to each surface point (the radii as levers) */
    int at_state;
    lt_host_out host_out;
    /* the memory the law writes (driver.c, lt_tester_new): guarded blocks (src/base/guard.h), the
     * state's LT_MAX_STATE doubles with view.law_state at their end and the response; NULL for a
     * tester not made by lt_tester_new (white-box tests allocate their own), which then keeps
     * them unguarded in itself (state_inline, resp_inline) */
    double *state_block;
    lt_response *resp_block;
    lt_response *law_resp; /* where the law writes its response: resp_block or resp_inline */
    double state_inline[LT_MAX_STATE];
    lt_response resp_inline;
};

/* lt_tester_view converts a tester's address into its view's (driver.h) */
_Static_assert(offsetof(struct lt_tester, view) == 0, "the view is the tester's first member");

/* ---- tester.c ------------------------------------------------------------------------------ */

/* Point the view's law_state at the last n_state values of the state's guarded block, and the
 * law's response at its block (a tester not made by lt_tester_new: its own inline memory). */
void lt_tester_place_law_memory(lt_tester *t, int n_state);

/* ---- driver_host.c ------------------------------------------------------------------------- */

/* A hosted law's step at this state (t->host): the pair handed to the host (its begin first on a
 * contact's first step), what it returned kept in t->host_out and written into resp as a law's
 * response: the force on A and the torque on A beyond the moment of that force about A's centre
 * (the view's branch), local frame; no stiffness, no energies.  1 while the contact holds, 0 when
 * it ended, -1 after lt_fail. */
int lt_host_contact_step(lt_tester *t, int fresh, lt_response *resp);
/* The bodies take the host's forces and torques of this state as it returned them. */
void lt_host_contact_forces(lt_tester *t);
/* A hosted law runs two spheres (its engine's atoms): 0, or -1 after lt_fail. */
int lt_host_check_pair(lt_tester *t);
/* A test of a hosted law starts: its host prepared at the initial state (a bad command or value
 * stops it here, before the first row).  0, or -1 after lt_fail. */
int lt_host_prepare(lt_tester *t);

/* Write "stage S, step N: " and the message into the error buffer; returns -1. */
COLD int lt_fail(lt_tester *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- driver_motion.c ----------------------------------------------------------------------- */

/* New half-step velocities of both bodies for stage s (s may be NULL: no stage, free motion);
 * extra: s may put forces other than the contact's on the bodies, returned in imposed and damp.
 * *imposed_normal: the normal of the frame the motion was imposed in.  0, or -1 when a value of
 * the stage failed. */
int lt_velocity_update(lt_tester *t, const lt_stage *s, int extra, vec3 vnew[2], vec3 wnew[2],
                       vec3 imposed[2][2], vec3 damp[2][2], vec3 *imposed_normal);
/* Move the bodies over the step with vnew, wnew and compute their geometry (view.geom); returns
 * 0 if it is degenerate.  The predictor's history takes the state being left. */
int lt_position_update(lt_tester *t, const vec3 vnew[2], const vec3 wnew[2], const vec3 *normal);

/* The pieces of the motion that the full step above and the free step (driver.c) share, so that
 * both do the very same operations. */

/* Body i's free half-step velocities under force F and torque T (N, N m) on it: leapfrog's
 * v_{n+1/2} = v_{n-1/2} + dt/m F_n and w_{n+1/2} = w_{n-1/2} + dt I^-1 T_n (driver.h).  iso: the
 * body's inertia is isotropic, t->iso_inertia[i] > 0 (a constant where the caller knows it). */
static inline void lt_free_velocity(const lt_tester *t, int i, int iso, vec3 F, vec3 T, vec3 *v,
                                    vec3 *w)
{
    const lt_body *b = &t->view.body[i];
    *v = v3_axpy(t->dt_mass[i], F, b->vel);
    vec3 alpha = iso ? v3_scale(T, t->inv_iso_inertia[i]) : lt_body_inertia_solve(b, T);
    *w = v3_axpy(t->view.test->dt, alpha, b->angvel);
}

/* x += dx with Kahan's compensated summation: millions of small steps added to a position of
 * order 0.1 m would otherwise round at every step, and uN is a small difference of such
 * positions (1e-3 m against 0.2 m: each rounding is amplified 200 times). */
static inline void lt_kahan_add(double *x, double *c, double d)
{
    double y = d + *c;
    double t = *x + y;
    *c = y - (t - *x);
    *x = t;
}

static inline void lt_add_compensated(lt_body *b, vec3 dx)
{
    vec3 x = b->pos, lo = b->pos_lo; /* on copies: the body's fields could alias for the compiler */
    lt_kahan_add(&x.x, &lo.x, dx.x);
    lt_kahan_add(&x.y, &lo.y, dx.y);
    lt_kahan_add(&x.z, &lo.z, dx.z);
    b->pos = x;
    b->pos_lo = lo;
}

/* The history moves by one state: R_n and the branches of state n become the predictor's n-1
 * (written over n-2, the slot `last` then points to). */
static inline void lt_predictor_shift(lt_predictor *p, const mat3 *frame, const vec3 branch[2])
{
    int k = p->last ^= 1;
    p->frame[k] = *frame;
    p->branch[k][0] = branch[0];
    p->branch[k][1] = branch[1];
}

/* A frame whose tangent rows are within FRAME_HELD_TOL of orthogonal to the new normal is not
 * turned when there is no twist: the normal is set and the tangent rows are kept (a head-on
 * impact: its normal changes only in its last bits, from the rounding of the positions, every
 * step).  Carrying such a frame turns its rows by at most that angle (rad), which is what
 * Gram-Schmidt would have taken off them to first order (the minimal rotation of a tangent row
 * t by dn is t - n (t . dn) to first order: the projection), so the frame only stays within
 * FRAME_HELD_TOL of orthonormal instead of a few ulp: a local component of a unit vector is off
 * by at most that much (round-off; 18 ulp of 1), and it cannot drift, as the test is against
 * the new normal each step.  Above it the frame is carried, and re-orthonormalised when its
 * rows are more than FRAME_HELD_TOL off orthonormal (m3_orthonormalize_lazy: a turning frame's
 * rows pick up a few ulp of round-off a step, and are put back when that has added up to the
 * tolerance); the mid-step and the predicted frames likewise. */
#define FRAME_HELD_TOL 4e-15

/* Carry the local frame from the previous normal to the new one: the minimal rotation taking
 * the old normal onto the new (the pair "rolls"), then the twist by the mean spin of the two
 * bodies about the normal over the step.  A rigidly rotating pair carries its frame along,
 * so history kept in local components stays objective.  Returns 1 when the frame was held (its
 * tangent rows kept, FRAME_HELD_TOL), else 0. */
static inline int lt_frame_update(mat3 *R, vec3 n1, vec3 spin_mean, double dt)
{
    double twist = dt * v3_dot(spin_mean, n1);
    if (twist == 0 && fabs(v3_dot(R->r[1], n1)) <= FRAME_HELD_TOL &&
        fabs(v3_dot(R->r[2], n1)) <= FRAME_HELD_TOL) {
        R->r[0] = n1;
        return 1;
    }
    vec3 n0 = R->r[0];
    R->r[1] = v3_rotate_min_arc(R->r[1], n0, n1);
    R->r[0] = n1;
    if (twist != 0)
        R->r[1] = fabs(twist) <= LT_SMALL_ANGLE ? v3_rotate_small(R->r[1], n1, twist)
                                                : v3_rotate(R->r[1], n1, twist);
    m3_orthonormalize_lazy(R, FRAME_HELD_TOL);
    return 0;
}

/* Frame half-way between two nearby frames (rows averaged, re-orthonormalised where they are
 * more than FRAME_HELD_TOL off: the mean of two unit vectors at an angle theta is 1 - theta^2/8
 * long): exact for a rotation about one axis, second order otherwise. */
static inline void lt_frame_mid(const mat3 *a, const mat3 *b, mat3 *m)
{
    for (int k = 0; k < 3; k++) m->r[k] = v3_scale(v3_add(a->r[k], b->r[k]), 0.5); /* nearly unit */
    m3_orthonormalize_lazy(m, FRAME_HELD_TOL);
}

/* The frame carried over a step from *before (R_n) to the new normal n1 into *R (R_{n+1}, which
 * holds a copy of R_n on entry), and the mid-step frame between them into *mid.  A held frame
 * (lt_frame_update) has R_n's tangent rows, so the mean of the two frames is those rows and the
 * mean normal, which is unit within FRAME_HELD_TOL^2. */
static inline void lt_frame_step(const mat3 *before, mat3 *R, vec3 n1, vec3 spin_mean, double dt,
                                 mat3 *mid)
{
    if (lt_frame_update(R, n1, spin_mean, dt)) {
        mid->r[0] = v3_scale(v3_add(before->r[0], n1), 0.5);
        mid->r[1] = R->r[1];
        mid->r[2] = R->r[2];
    } else {
        lt_frame_mid(before, R, mid);
    }
}

/* ---- the imposition frame's predictor ------------------------------------------------------
 * Imposed velocities are set in the mid-step frame M = lt_frame_mid(R_n, R_{n+1}) with the mid-step
 * branches, the frame and branches in which lt_contact_update then measures the step; both depend
 * on the velocities being set.  Predictor: quadratic extrapolation of the last three states,
 *   X_{n+1} ~ 3 X_n - 3 X_{n-1} + X_{n-2},  X_{n+1/2} ~ (X_n + X_{n+1})/2 = (4 X_n - 3 X_{n-1} +
 *                                           X_{n-2})/2
 * for the frame's rows (then re-orthonormalised) and the branches.  On smooth motion it misses M
 * by O(theta^3), theta the frame's rotation per step (theta^3/2 for a steady rotation: a
 * component of imposed velocity seen by the law off by 1e-16 of the velocity at theta = 5e-6),
 * the order of the fixed-point iteration by trial moves (lt_velocity_update's passes).  Every
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

static inline double lt_dist2(vec3 a, vec3 b)
{
    vec3 d = v3_sub(a, b);
    return v3_dot(d, d);
}

/* The step from `before` to `after` measured in `mid`: how far the prediction of that frame
 * missed (rows 0 and 1; row 2 is their cross product), against theta^3 + PREDICT_TOL.  Called by
 * the contact update, which has the mid-step frame of the step. */
static inline void lt_predictor_check(lt_predictor *p, const mat3 *before, const mat3 *after,
                                      const mat3 *mid)
{
    if (!p->pending) return;
    p->pending = 0;
    double m0 = lt_dist2(mid->r[0], p->mid.r[0]), m1 = lt_dist2(mid->r[1], p->mid.r[1]);
    double miss2 = m0 > m1 ? m0 : m1; /* finite, non-negative: no fmax needed */
    p->checked++;
    /* a miss within PREDICT_TOL is within the bound, whatever the step's rotation: neither the
     * rotation nor a square root is needed for it (smooth motion) */
    p->missed = !(miss2 <= PREDICT_TOL * PREDICT_TOL);
    if (p->missed) {
        double t0 = lt_dist2(after->r[0], before->r[0]), t1 = lt_dist2(after->r[1], before->r[1]);
        double th2 = t0 > t1 ? t0 : t1;
        double bound = th2 * sqrt(th2) + PREDICT_TOL;
        p->missed = !(miss2 <= bound * bound);
    }
    if (p->missed) p->misses++;
    if (!(miss2 <= p->worst * p->worst)) p->worst = sqrt(miss2);
}

/* Bit k set: the running stage imposes the velocity of DoF k on this step ('v' and 's' always,
 * 'i' on its first motion step; the masks are read once per stage, driver.c). */
static inline unsigned lt_imposed_dofs(const lt_tester *t)
{
    return t->v_mask | (t->first_motion ? t->i_mask : 0);
}

/* ---- driver_contact.c ---------------------------------------------------------------------- */

/* Frame and law at the current positions (state n), whose geometry is view.geom (geom_ok 0: the
 * geometry was degenerate).  frame_before, branch_before: the frame and branches of the state
 * the step left.  1: in contact, 0: none, -1: the run ends (message in view.err). */
int lt_contact_update(lt_tester *t, int geom_ok, const mat3 *frame_before,
                      const vec3 branch_before[2]);

/* Work the contact did on both bodies over the last step (trapezoid on each body's displacement,
 * v dt plus the arc correction), from the previous and the current contact forces: every step
 * (lt_close_energies, for the driver's work) and on the steps on which a contact forms or breaks.
 * */
static inline double lt_contact_work_last_step(const lt_tester *t)
{
    double w = 0, dt = t->view.test->dt;
    for (int i = 0; i < 2; i++) {
        vec3 dx = v3_axpy(dt, t->view.body[i].vel, t->shift[i]);
        vec3 dphi = v3_scale(t->view.body[i].angvel, dt);
        w += 0.5 * v3_dot(v3_add(t->force_prev[i][0], t->view.force_now[i][0]), dx);
        w += 0.5 * v3_dot(v3_add(t->force_prev[i][1], t->view.force_now[i][1]), dphi);
    }
    return w;
}

#endif
