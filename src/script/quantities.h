/* src/script/quantities.h - what the `until` and `done` of a stage can read of a running test: one
 * table, one row per quantity {proxy, name, type, reader}.
 *
 * Both readers of the running tester go through it: the Lua proxies C, C.u/v/f, stage, E, S,
 * tester, A and B (script_scope.c: their __index looks the name up here) and the `until`
 * strings compiled to C (cond.c).  So one row says what `stage.rebound` or `C.uN` is, and the
 * reader functions of quantities.c are the only code of either that reads lt_tester fields.
 *
 * Units SI, as docs/stage-scripts.md lists them: displacements m (rad for rotations),
 * velocities m/s (rad/s), forces N (torques N m) on particle A in the contact-local frame,
 * stiffnesses N/m, areas m^2, times s, energies J, masses kg; positions and velocities of A and
 * B in the global frame.  Counts and indices are integers, 1-based as Lua sees them.
 *
 * Per-law rows: C's fields after its fixed ones are the law's state variables by name
 * (lt_law.state_names), E's fields the energies of lt_energy_name (the law's, then the
 * driver's); their reader takes the variable's index.
 */
#ifndef LT_QUANTITIES_H
#define LT_QUANTITIES_H
#include "driver/driver.h"

/* The proxies, in the order of script_int.h's PX_* (the names scripts use: C, stage, E, S,
 * tester, A, B).  B has A's rows, read with index 1. */
enum { LT_PX_C, LT_PX_STAGE, LT_PX_E, LT_PX_S, LT_PX_TESTER, LT_PX_A, LT_PX_B, LT_N_PROXIES };

/* C's vectors u, v, f: its LT_QT_VECTOR rows, `sub` 0, 1, 2. */
enum { LT_C_VECTORS = 3 };

typedef enum lt_qtype {
    LT_QT_NUMBER,  /* a float: read.number(t, i), i the index of a per-law row, else 0 (A, B:
                      the body) */
    LT_QT_INTEGER, /* an integer: read.integer */
    LT_QT_BOOLEAN, /* true or false: read.integer, 0 or 1 */
    LT_QT_VECTOR,  /* 6 floats, one per DoF (normal, shear y, shear z, twist, bend y, bend z):
                      read.number(t, k), k = 0..5 */
    LT_QT_TRIPLE,  /* 3 floats {x, y, z} of body i (0: A, 1: B): read.triple(t, i, v) */
    LT_QT_STRING,  /* read.string */
    LT_QT_PROXY    /* another proxy, `sub` (tester.A, tester.B): no reader */
} lt_qtype;

typedef struct lt_qrow {
    int proxy;        /* LT_PX_* */
    const char *name; /* the field's name; NULL: the law's state (C) or energies (E) */
    lt_qtype type;
    int sub;      /* LT_QT_VECTOR: which of the proxy's vectors (0, 1, 2); LT_QT_PROXY: LT_PX_* */
    long at;      /* >= 0 for a float the tester holds: read.number(t, i) is the double at this
                         byte offset in the tester, plus i doubles (the compiled fast path loads it
                         there instead of calling the reader); -1: computed by the reader */
    int indirect; /* 1: at is the offset of a pointer, and the double is pointer[i] (the law's
                         state: guarded memory the tester points to, src/base/guard.h) */
    int per_step; /* LT_QT_INTEGER: 1 for a step counter, one more after every step of a stage
                     (stage.step, S.step, tester.step; cond.h, lt_cond_quiet_steps) */
    union {
        double (*number)(const lt_tester *t, int i);
        long long (*integer)(const lt_tester *t, int i);
        void (*triple)(const lt_tester *t, int i, double v[3]);
        const char *(*string)(const lt_tester *t, int i);
    } read;
} lt_qrow;

/* The row of proxy's field name for this law (the fixed rows first, then the law's state or
 * energies), with *index the variable's index for a per-law row, the body (0, 1) for A and B,
 * else 0; NULL if the proxy has no such field. */
const lt_qrow *lt_qrow_find(int proxy, const char *name, const lt_law *law, int *index);

/* The fixed rows of a proxy, in order (for B: A's): the n-th, or NULL past the last. */
const lt_qrow *lt_qrow_nth(int proxy, int n);

/* Whether reading the row needs a contact (Lua's C is nil without one). */
int lt_qrow_needs_contact(const lt_qrow *q);

/* The 0-based DoF whose displacement row q at index i reads (C.uN: 0, C.u[k + 1]: k), or -1. */
int lt_qrow_displacement(const lt_qrow *q, int i);

/* Of the tester itself: 1 if it has a contact now (an int at byte offset lt_q_contact_at());
 * its law; its global step. */
int lt_q_has_contact(const lt_tester *t);
long lt_q_contact_at(void);
const lt_law *lt_q_law(const lt_tester *t);
long lt_q_step(const lt_tester *t);

#endif
