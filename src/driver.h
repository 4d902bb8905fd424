/* src/driver.h - the two-particle LawTester driver: stages imposing motion or force on the six
 * contact-local degrees of freedom of a pair of rigid bodies, a contact law in between, and the
 * energy bookkeeping of the whole.  Knows no Lua: `until` and `done` arrive as callbacks.
 *
 * Units SI.  Local frame and signs as in law.h.  DoF order: normal, shear y, shear z, twist,
 * bend y, bend z; values are m/s or rad/s for 'v'/'i', N or N m for 'f'.
 *
 * Time stepping (leapfrog): state n = positions x_n, contact force F_n from the law at x_n.
 *   v_{n+1/2} = v_{n-1/2} + dt (F_n + damping + imposed force)/m, then imposed DoFs override
 *   the local components of the velocities; x_{n+1} = x_n + dt v_{n+1/2}.
 * Energies (docs/energy.md): KE_n = m v_{n-1/2} . v_{n+1/2} / 2 (and the rotational analogue),
 *   and the work of every force over the step n-1 -> n by the trapezoid rule
 *   (F_{n-1} + F_n)/2 . dt v_{n-1/2}; with these two definitions the kinetic-energy change of
 *   leapfrog equals the work exactly, so the balance closes to round-off when the law's
 *   energies are consistent with its forces.
 */
#ifndef LT_DRIVER_H
#define LT_DRIVER_H
#include "body.h"
#include "geom.h"
#include "law.h"
#include "vec.h"

typedef struct lt_tester lt_tester;

/* Callback of a stage: return 1 (true), 0 (false), or -1 after writing an error into
 * tester->err (the run then stops). */
typedef int (*lt_stage_cb)(void *ctx, lt_tester *t);

typedef struct lt_stage {
    char whats[LT_DOF];      /* '.', 'v', 'i', 'f' per DoF */
    double values[LT_DOF];
    lt_stage_cb until;       /* NULL: run until max_steps (an error) */
    void *until_ctx;
    lt_stage_cb done;        /* NULL: nothing */
    void *done_ctx;
    long until_every;        /* evaluate until every this many steps (>= 1) */
    long max_steps;          /* guard: error when the stage runs longer */
} lt_stage;

/* Per-stage counters (Woo's names). */
typedef struct lt_stage_state {
    long step;        /* steps done in this stage */
    double time;      /* s since the stage began */
    int hadC, hasC;   /* had a contact at some point of the stage / has one now */
    double timeC0;    /* s, stage time when the contact (last) appeared */
    int bounces;      /* sign changes of the normal relative velocity while in contact
                         (approach then separation = 1) */
    int last_sign;
} lt_stage_state;

/* Driver-side energies, after the law's. */
enum { LT_E_WORK, LT_E_KIN, LT_E_DAMP, LT_E_BRK, LT_E_BALANCE, LT_E_DRIVER_COUNT };
extern const char *const lt_driver_energy_names[LT_E_DRIVER_COUNT];

/* Everything recorded for one state (one TSV row). */
typedef struct lt_snapshot {
    long step;
    double time;
    int stage;                 /* 1-based stage that produced the state, 0 for the initial state */
    int contact;               /* 1 if a contact exists */
    double u[LT_DOF];          /* m, rad: u[0] = uN exactly, others = integral of v dt while in contact */
    double v[LT_DOF];          /* m/s, rad/s: relative velocity at the contact point (local) */
    double f[LT_DOF];          /* N, N m: force and torque on A (local) */
    double k[2];               /* N/m */
    double energy[LT_MAX_ENERGIES + LT_E_DRIVER_COUNT]; /* J: law's (cumulative), then driver's */
} lt_snapshot;

typedef void (*lt_row_cb)(void *ctx, const lt_tester *t, const lt_snapshot *s);

typedef struct lt_test {
    const char *name;
    const lt_law *law;
    double params[LT_MAX_PARAMS];   /* resolved values, one per law parameter */
    lt_body body[2];                /* A, B: shape, size, material, fixed, initial velocities */
    vec3 normal;                    /* unit, A -> B, initial */
    double gap;                     /* m, initial uN */
    double dt;                      /* s */
    double abWeight;                /* 0..1 share of imposed motion given to B */
    double damping;                 /* Cundall numerical damping coefficient, 0 = off */
    lt_stage *stages;
    int n_stages;
    long record_every;              /* 0: no rows; else every n steps plus each stage's last */
    long max_steps;                 /* guard for the whole test */
} lt_test;

struct lt_tester {
    const lt_test *test;
    lt_body body[2];
    long step;                      /* global step (state index n) */
    double time;                    /* s */
    int stage;                      /* 0-based index of the running stage */
    lt_stage_state st;
    /* contact */
    int has_contact;
    mat3 frame;                     /* rows: local x (normal), y, z in global coordinates */
    lt_geom geom;
    vec3 branch_prev[2];            /* branches at state n-1 (mid-step contact velocity) */
    lt_contact c;                   /* what the law was handed at this state */
    double law_state[LT_MAX_STATE];
    double law_state_created[LT_MAX_STATE]; /* the law's state just after init, at the first contact */
    int created;                    /* 1 once a contact has formed in this run */
    lt_response resp;
    double u[LT_DOF];
    /* energies: law's cumulative/current (index by law energy), then driver's */
    double energy[LT_MAX_ENERGIES + LT_E_DRIVER_COUNT];
    /* bookkeeping of the previous state for the trapezoid rule */
    vec3 force_prev[2][2];          /* [body][0 force, 1 torque]: contact force at n-1 (global) */
    vec3 drive_prev[2][2];          /* driver + imposed force at n-1 */
    vec3 damp_prev[2][2];           /* damping force at n-1 */
    vec3 force_now[2][2];
    vec3 shift[2];                  /* arc correction applied after state n-1 (m) */
    double arc_gap[2];              /* m, centre distance carried through imposed shear, with
                                       its low-order part ([0] NaN: none) */
    double kin0;                    /* KE of the initial state */
    double stored0;                 /* law's stored energy at the initial state */
    int first_motion;               /* 1 on the first motion step of a stage ('i' DoFs apply) */
    int stage_of_state;             /* 1-based stage that produced the current state, 0 initially */
    /* output */
    lt_row_cb on_row;
    void *row_ctx;
    char err[512];
};

/* Run a whole test. Returns 0 on success, -1 on error (message in t->err, which names the
 * stage and step).  on_row (may be NULL) receives every recorded state in order. */
int lt_run(lt_tester *t, const lt_test *test, lt_row_cb on_row, void *row_ctx);

/* lt_run in three parts, for callers that continue from a saved state (yield probes copy the
 * lt_tester after some stages and run further stages from the copy; the tester holds no owned
 * memory, so a plain struct copy is a complete snapshot):
 *   lt_start      places the bodies, forms the initial contact (state 0);
 *   lt_run_stage  runs test->stages[index] until its until holds, then its done;
 *   lt_finish     closes the energies of the last state with the last stage's rules and
 *                 records it.
 * Each returns 0, or -1 with the message in t->err. */
int lt_start(lt_tester *t, const lt_test *test, lt_row_cb on_row, void *row_ctx);
int lt_run_stage(lt_tester *t, int index);
int lt_finish(lt_tester *t);

/* Number of energies in a snapshot of this law, and the name of energy i. */
int lt_energy_count(const lt_law *law);
const char *lt_energy_name(const lt_law *law, int i);

/* The initial lt_test values (dt 1e-6 s, abWeight 1, normal +x, record every step, ...). */
lt_test lt_default_test(void);
lt_stage lt_default_stage(void);

#endif
