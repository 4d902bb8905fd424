/* src/driver/driver.h - the two-particle LawTester driver: stages imposing motion or force on the
 * six contact-local degrees of freedom of a pair of rigid bodies, a contact law in between, and the
 * energy bookkeeping of the whole.  Knows no Lua: `until` and `done` arrive as callbacks.
 *
 * Units SI.  Local frame and signs as in law.h.  DoF order: normal, shear y, shear z, twist,
 * bend y, bend z; values are m/s or rad/s for 'v'/'i', N or N m for 'f' and 's'.
 *
 * Servo ('s', quasi-static force control, translational DoFs k = 0..2): the target T is a force
 * on A in the local frame, as the law returns it (a compressive normal force is negative; the
 * equilibrium an 'f' DoF of value T settles to).  The DoF's relative velocity over the step from
 * state n is imposed like a 'v' value,
 *   v_{n+1/2} = clamp(alpha (T - f_n) / (k_n dt), -vmax, vmax),
 * f_n the law's force of state n on that DoF and k_n its stiffness there (resp.k: kn for the
 * normal, kt for the shears).  For a contact whose force follows f_{n+1} = f_n + k v dt the error
 * e = T - f obeys e_{n+1} = (1 - alpha) e_n: geometric decay for 0 < alpha < 2 (the stability
 * bound), one step for alpha = 1.  A law whose true stiffness is r times the reported one is
 * stable for r alpha < 2: the default alpha = 1/2 tolerates r < 4 (a stiffening Hertz contact).
 * Without a contact f = 0 and k = 0: the DoF moves at vmax towards the sign of T (a compressive
 * normal target approaches).  A contact reporting no stiffness on a servo DoF is an error.
 * Stage values as functions of the stage time (lt_stage.value_fn): evaluated once per step at
 * the time level the leapfrog uses the value at: 'v'/'i' velocities at t + dt/2 (they are the
 * half-step velocities v_{n+1/2}: the displacement is the midpoint rule of the function, second
 * order), 'f' forces at t (F_n kicks v_{n-1/2} to v_{n+1/2}, its work is the trapezoid rule of
 * the step), 's' targets at t + dt (the state the step leads to), t = (stage step) dt.
 *
 * Time stepping (leapfrog): state n = positions x_n, contact force F_n from the law at x_n.
 *   v_{n+1/2} = v_{n-1/2} + dt (F_n + damping + imposed force)/m, then imposed DoFs override
 *   the local components of the velocities (the damping force has no component along them: it
 *   acts on the free DoFs only); x_{n+1} = x_n + dt v_{n+1/2}.  The local components
 *   are those of the mid-step frame (rows of R_n and R_{n+1} averaged, re-orthonormalised) with
 *   mid-step branches, in which the contact measures the step: predicted from the last three
 *   states, or found by trial moves where the prediction cannot be trusted (driver_motion.c).
 *   Rotation: w_{n+1/2} = w_{n-1/2} + dt I_n^-1 T_n in the global frame, I_n = R_n diag(I) R_n^T
 *   the inertia tensor at the orientation R_n of state n (body.h).  Exact for spheres (I_n = I
 *   1).  For a capsule it neglects the gyroscopic torque -w x (I w), which vanishes when the
 *   capsule spins about its axis or about an axis perpendicular to it, and is second order in
 *   w otherwise; accepted because the tester's bodies turn slowly, and because it keeps the
 *   energy balance exact: the orientation turns about w_{n-1/2} itself, so
 *   w_{n-1/2} . I_n w_{n-1/2} = w_{n-1/2} . I_{n-1} w_{n-1/2}.
 * Energies (docs/energy.md): KE_n = m v_{n-1/2} . v_{n+1/2} / 2 + w_{n-1/2} . I_n w_{n+1/2} / 2,
 *   and the work of every force over the step n-1 -> n by the trapezoid rule
 *   (F_{n-1} + F_n)/2 . dt v_{n-1/2}; with these two definitions the kinetic-energy change of
 *   leapfrog equals the work exactly, so the balance closes to round-off when the law's
 *   energies are consistent with its forces.  The driver's own work follows from that theorem:
 *   work_n = KE_n - KE_0 - (contact work) - (damping work) (driver_checks.c).
 * Stiffness: when a contact forms, the test's stiffness rule (stiffness.h) turns the materials,
 *   the geometry's raw lens and uN at formation into kn, kt, tanPhi, lens, contA; the law gets
 *   them in lt_contact for the whole life of that contact.
 *   A contact that forms or breaks inside a step makes the trapezoid rule see a force that was
 *   (or becomes) zero at the other end of the step; what the law does not book of that step's
 *   work is the driver's: `form` (forming step: the contact-side work not stored or dissipated
 *   by the law) and `brk` (breaking step: the stored energy not returned as work).  Both are of
 *   order k (v dt)^2 and vanish when the contact switches exactly at a state.
 */
#ifndef LT_DRIVER_H
#define LT_DRIVER_H
#include "base/body.h"
#include "base/vec.h"
#include "contact/geom.h"
#include "contact/stiffness.h"
#include <lawtester/law.h>
#include <signal.h>

typedef struct lt_tester lt_tester;

/* Callback of a stage: return 1 (true), 0 (false), or -1 after writing an error into
 * lt_tester_err(t) (the run then stops).  It reads the state through lt_tester_view(t). */
typedef int (*lt_stage_cb)(void *ctx, lt_tester *t);

/* A stage value that is a function of the stage time: *value = the value of DoF dof (0-based)
 * at stage time `time` (s).  Return 0, or -1 after writing an error into lt_tester_err(t) (the
 * run then stops; the driver sets the view's err_dof = dof + 1 to name the value). */
typedef int (*lt_value_cb)(void *ctx, lt_tester *t, int dof, double time, double *value);

typedef struct lt_stage {
    char whats[LT_DOF];    /* '.', 'v', 'i', 'f', 's' (servo: DoFs 0..2) per DoF */
    double values[LT_DOF]; /* constants; for the DoFs of fn_mask unused */
    unsigned fn_mask;      /* bit k: the value of DoF k comes from value_fn each step */
    lt_value_cb value_fn;
    void *value_ctx;
    double servo_gain; /* alpha of the servo, 0 < alpha < 2 (default 0.5), - */
    double servo_vmax; /* largest speed the servo imposes (default 1), m/s */
    lt_stage_cb until; /* NULL: run until max_steps (an error) */
    void *until_ctx;
    /* NULL, or (called with until_ctx right after `until` returned 0): the number q >= 1 of steps
     * from this state to the first one at which `until` can return 1 -- it returns 0 at the
     * q - 1 states between, whatever they are (a step counter against its bound; the script
     * layer offers it only where no Lua can run over those steps).  The driver then evaluates
     * `until` next at the first state of its untilEvery cadence from there: the stage ends at the
     * very step it ended at before, without an evaluation every step (docs/performance.md, "Fifth
     * round"). */
    long (*until_quiet)(void *ctx, const lt_tester *t);
    lt_stage_cb done; /* NULL: nothing */
    void *done_ctx;
    long until_every; /* evaluate until every this many steps (>= 1) */
    long max_steps;   /* guard: error when the stage runs longer */
    vec3 spin;        /* rad/s, global: rigid rotation of the whole pair about its centre of
                                mass, on top of the relative motion (0: none); positions turn
                                exactly by the rotation of each step, so a pair whose relative
                                DoFs are all held keeps its distance to round-off */
} lt_stage;

/* Per-stage counters (Woo's names). */
typedef struct lt_stage_state {
    long step;      /* steps done in this stage */
    double time;    /* s since the stage began */
    int hadC, hasC; /* had a contact at some point of the stage / has one now */
    double timeC0;  /* s, stage time when the contact (last) appeared */
    int bounces;    /* sign changes of the normal relative velocity while in contact
                         (approach then separation = 1) */
    int last_sign;
} lt_stage_state;

/* Driver-side energies, after the law's, in the order of the record's columns: LT_E_WORK ...
 * LT_E_UNBOOKED from the list of columns (src/base/record_columns.def, a public contract: a new
 * energy goes at the end). */
enum {
#define LT_DRIVER_ENERGY(id, name, plot) LT_E_##id,
#include "base/record_columns.def"
    LT_E_DRIVER_COUNT
};
extern const char *const lt_driver_energy_names[LT_E_DRIVER_COUNT];

/* The columns after the energies (src/base/record_columns.def, LT_TAIL_COLUMN): lt_snapshot.tail
 * [LT_TAIL_NAME]. */
enum {
#define LT_TAIL_COLUMN(name, kind, unit, value) LT_TAIL_##name,
#include "base/record_columns.def"
    LT_TAIL_COUNT
};

/* Everything recorded for one state (one TSV row). */
/* How the driver measures the relative velocity c.v it hands the law (docs/mechanics.md,
 * "Relative velocity"):
 *   LT_VELOCITY_MIDSTEP       the velocities of the step n-1 -> n at the branches of mid-step,
 *                             projected on the mid-step frame: the contact-side work F . v dt
 *                             equals the work on the bodies to third order per step (default);
 *   LT_VELOCITY_STATE         the same velocities at the state's branches (the test's lever
 *                             arm), in the state's frame: a velocity-Verlet engine's pairing of
 *                             x(n+1) with v(n+1/2) (LIGGGHTS's pair gran, LAMMPS's gran styles with
 *                             leverArm "radius");
 *   LT_VELOCITY_STATE_RADIUS  the same with each body's radius as lever (its surface point on the
 *                             normal), whatever leverArm says for the torques: LAMMPS's pair
 *                             style granular.
 * The two state measures make the contact-side work agree with the bodies' to second order. */
typedef enum lt_contact_velocity {
    LT_VELOCITY_MIDSTEP = 0,
    LT_VELOCITY_STATE = 1,
    LT_VELOCITY_STATE_RADIUS = 2
} lt_contact_velocity;

typedef struct lt_snapshot {
    long step;
    double time;
    int stage;        /* 1-based stage that produced the state, 0 for the initial state */
    int contact;      /* 1 if a contact exists */
    double u[LT_DOF]; /* m, rad: u[0] = uN exactly, others = integral of v dt while in contact */
    double v[LT_DOF]; /* m/s, rad/s: relative velocity at the contact point (local) */
    double f[LT_DOF]; /* N, N m: force and torque on A (local) */
    double k[2];      /* N/m */
    double energy[LT_MAX_ENERGIES + LT_E_DRIVER_COUNT]; /* J: law's (cumulative), then driver's */
    double tail[LT_TAIL_COUNT > 0 ? LT_TAIL_COUNT : 1]; /* the columns after the energies */
} lt_snapshot;

typedef void (*lt_row_cb)(void *ctx, const lt_tester *t, const lt_snapshot *s);
/* Called when a contact forms, after the stiffness rule ran (the view's stiff holds its values). */
typedef void (*lt_event_cb)(void *ctx, const lt_tester *t);

/* Who watches a run: every recorded state, every contact formation (each may be NULL).  stop
 * (may be NULL): the observer sets *stop when it cannot keep what it is given (a write failed,
 * the output limit was reached); the run then stops with an error after that row.  on_tick (may
 * be NULL): called every LT_TICK_STEPS steps of a stage (a progress display). */
typedef struct lt_observer {
    lt_row_cb on_row;
    void *row_ctx;
    lt_event_cb on_contact;
    void *contact_ctx;
    const int *stop;
    lt_event_cb on_tick;
    void *tick_ctx;
} lt_observer;
#define LT_TICK_STEPS 16384L

/* The first step of a run that left a state in contact with dt above leapfrog's limit for the
 * normal contact DoF, free in the stage that took the step (stability.h); the run goes on, the
 * caller warns. */
typedef struct lt_stability {
    int exceeded;          /* 1 once seen */
    int stage;             /* 1-based stage that took the step */
    long step;             /* the state the step left */
    double dt_crit;        /* s */
    double k, mstar, zeta; /* N/m, kg, - at that state */
} lt_stability;

typedef struct lt_test {
    const char *name;
    const lt_law *law;
    double params[LT_MAX_PARAMS]; /* resolved values, one per law parameter */
    lt_body body[2];              /* A, B: shape, size, material, fixed, initial velocities;
                                       A where it is, B translated by the placement */
    vec3 normal;                  /* A -> B, initial (snapped to a wall's or facet's normal) */
    double gap;                   /* m, initial uN */
    lt_stiffness stiffness;       /* rule giving kn, kt, tanPhi, lens, contA to the law */
    double dt;                    /* s */
    double abWeight;              /* 0..1 share of imposed motion given to B */
    lt_lever_arm leverArm;        /* where the branches end (geom.h): the contact point
                                       (default) or each body's surface point (the radius) */
    lt_contact_velocity contactVelocity; /* how the law's relative velocity is measured */
    double damping;                      /* Cundall numerical damping coefficient, 0 = off */
    lt_stage *stages;
    int n_stages;
    long record_every; /* 0: no rows; else every n steps plus each stage's last */
    long max_steps;    /* guard for the whole test */
    int no_fast_paths; /* 1: always run the full reference step (tests compare the
                                       two; the fast paths give bit-identical results) */
    int no_predictor;  /* 1: every imposed step finds its mid-step frame by the two
                                       trial passes (the reference the predictor is tested
                                       against; results agree to O(theta^3) per step) */
    /* NULL, or a second observer of the rows, after the run's own (the same rows): set in the
     * test, so that it sees the runs of code that sets its own observer (verify --plot records
     * the generic checks' runs through it, src/verify/verify_tap.c) */
    lt_row_cb tap;
    void *tap_ctx;
} lt_test;

/* What the outside of the driver reads of a tester: callbacks, observers, compiled conditions
 * (cond.c reads its quantities at offsets into this struct), the scripting layer, verify and the
 * probes.  The driver writes it; nobody else does (an error message goes through lt_tester_err).
 * The tester's working state (predictor, trial move, the previous state of the trapezoid rule,
 * per-run constants, the running stage's masks) is the driver's own: src/driver/driver_int.h. */
#define LT_ERR_SIZE 512
typedef struct lt_view {
    const lt_test *test;
    lt_body body[2];
    long step;   /* global step (state index n) */
    double time; /* s */
    int stage;   /* 0-based index of the running stage */
    lt_stage_state st;
    /* contact */
    int has_contact;
    mat3 frame; /* rows: local x (normal), y, z in global coordinates */
    lt_geom geom;
    lt_contact c;          /* what the law was handed at this state */
    lt_stiff_result stiff; /* the stiffness rule's values for the current (last) contact */
    long stiff_step;       /* step at which that contact formed */
    double stiff_uN0;      /* m, its uN at formation */
    long n_formed;         /* contacts formed so far */
    /* the law's n_state state variables: the end of a guarded block the tester owns
       (src/base/guard.h), so that a law writing past them faults at that write */
    double *law_state;
    /* the law's state just after init, at the first contact */
    double law_state_created[LT_MAX_STATE];
    int created; /* 1 once a contact has formed in this run */
    /* what the law returned at this state: f, k and its n_energies energies (it writes a guarded
       response whose values the driver copies here, driver_contact.c) */
    lt_response resp;
    double u[LT_DOF];
    /* energies: law's cumulative/current (index by law energy), then driver's (J) */
    double energy[LT_MAX_ENERGIES + LT_E_DRIVER_COUNT];
    vec3 force_now[2][2];      /* [body][0 force N, 1 torque N m]: the contact's on each body
                                       at this state (global; torques about the body's centre) */
    lt_stability stab;         /* first step with dt above the stability limit */
    lt_stability stab_imposed; /* the same in a stage imposing the normal velocity (no risk
                                       while imposed; unstable if that contact were released) */
    int err_dof;               /* 1-based DoF whose value an error concerns, 0: none */
    const char *err_field;     /* the test's top-level field whose value an error concerns (the
                              initial state's: "gap"), NULL: the running stage */
    char err[LT_ERR_SIZE];     /* the message of the error that stopped the run */
} lt_view;

/* A tester begins with its view (driver_int.h), so the view is the tester's address converted
 * (C17 6.7.2.1: a pointer to a structure, suitably converted, points to its first member): no
 * call on the step's path, where a compiled `until` reads it every step. */
static inline const lt_view *lt_tester_view(const lt_tester *t)
{
    return (const lt_view *)(const void *)t;
}

/* The buffer (LT_ERR_SIZE bytes) a callback writes its message into before it returns -1. */
char *lt_tester_err(lt_tester *t);

/* A tester on the heap, zeroed (NULL when out of memory); lt_tester_free(NULL) does nothing.
 * A tester owns two guarded blocks (src/base/guard.h; docs/reliability.md, "Guarded memory"): the
 * law's state, placed so that its last declared value abuts the guard, and the response the law
 * writes.  lt_tester_copy makes dst a complete snapshot of src in dst's own blocks (yield probes
 * run every direction from a copy of the state after the preparing stages): a copy's state
 * changes never reach the original. */
lt_tester *lt_tester_new(void);
void lt_tester_free(lt_tester *t);
void lt_tester_copy(lt_tester *dst, const lt_tester *src);

/* How the imposition frame was found over a run (driver_motion.c): steps imposed with the
 * predicted mid-step frame, with the trial passes; predictions checked, of these missed by more
 * than their bound, and the largest miss (rad); steps that reused the last trial move. */
typedef struct lt_predictor_stats {
    long used, passes, checked, misses, trial_reuses;
    double worst;
} lt_predictor_stats;
lt_predictor_stats lt_tester_predictor_stats(const lt_tester *t);
/* The two bodies' kinetic energy at state 0, KE_0 (J; docs/energy.md, section 2): the driver's
 * work counts from it, so the initial velocities of a free impact are not work. */
double lt_tester_initial_kinetic(const lt_tester *t);

/* Run a whole test. Returns 0 on success, -1 on error (message in t->err, which names the
 * stage and step).  on_row (may be NULL) receives every recorded state in order.
 * Numerical faults stop the run with an error naming the quantity: a law returning a
 * non-finite force, torque, stiffness, energy or state variable, and any non-finite value in
 * the state of the pair (positions, orientations, velocities, displacements, energies); the
 * rows recorded before stay recorded (the state that failed is not). */
int lt_run(lt_tester *t, const lt_test *test, lt_row_cb on_row, void *row_ctx);
/* The same with an observer (obs may be NULL). */
int lt_run_observed(lt_tester *t, const lt_test *test, const lt_observer *obs);

/* Effective mass m1 m2/(m1 + m2) of a pair (kg), as lt_contact.mstar: a fixed body counts as
 * infinitely heavy; both fixed: the reduced mass of their own masses. */
double lt_effective_mass(const lt_body *a, const lt_body *b);

/* lt_run in three parts, for callers that continue from a saved state (yield probes copy the
 * tester after some stages, lt_tester_copy, and run further stages from the copy):
 *   lt_start      places the bodies, forms the initial contact (state 0);
 *   lt_run_stage  runs test->stages[index] until its until holds, then its done;
 *   lt_finish     closes the energies of the last state with the last stage's rules and
 *                 records it.
 * Each returns 0, or -1 with the message in t->err. */
int lt_start(lt_tester *t, const lt_test *test, lt_row_cb on_row, void *row_ctx);
int lt_start_observed(lt_tester *t, const lt_test *test, const lt_observer *obs);
int lt_run_stage(lt_tester *t, int index);
int lt_finish(lt_tester *t);

/* A signal that asks the running test to stop (SIGINT, SIGTERM; 0: none), set by the command
 * line's handler.  The stage loop reads it every LT_TICK_STEPS steps and fails with "interrupted by
 * signal N",
 * so the caller's failure path keeps the rows as a partial record and removes its temporaries. */
extern volatile sig_atomic_t lt_interrupt_signal;

/* Number of energies in a snapshot of this law, and the name of energy i. */
int lt_energy_count(const lt_law *law);
const char *lt_energy_name(const lt_law *law, int i);

/* The initial lt_test values (dt 1e-6 s, abWeight 1, normal +x, spheres of radius 0.1 m,
 * connector stiffness rule, record every step, ...). */
lt_test lt_default_test(void);
lt_stage lt_default_stage(void);

#endif
