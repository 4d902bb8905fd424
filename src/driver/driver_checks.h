/* src/driver/driver_checks.h - what the driver's files use of driver_checks.c: the step's checks
 * of the law's outputs, of the state and of the energies (sums, inline, with the searches for the
 * culprit out of line), the stability check, and the closing of a state's energies with the pieces
 * of it that the free step (driver.c) shares.  Included by src/driver/driver*.c only. */
#ifndef LT_DRIVER_CHECKS_H
#define LT_DRIVER_CHECKS_H
#include "driver/driver_int.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* x for a message: every NaN as "nan" (printf shows a negative one as "-nan"). */
static inline double lt_shown(double x) { return isnan(x) ? fabs(x) : x; }

/* Finiteness by sums: a NaN or an infinity makes a sum non-finite, so one sum tells in the
 * common case; a non-finite sum of finite values (an overflow beyond 1e308) is told apart value
 * by value by the fault searches. */
static inline double lt_sum6(const double *x)
{
    return ((x[0] + x[1]) + (x[2] + x[3])) + (x[4] + x[5]);
}
static inline double lt_sum_vec(vec3 a) { return a.x + a.y + a.z; }

/* x[0] + ... + x[n-1] (n is a law's few state variables): four at a time, then one by one;
 * only finiteness is asked of it, so the order of the additions does not matter (a NaN or an
 * infinity anywhere makes any order's sum non-finite; finite values whose sum overflows go to
 * the fault search, which tells them apart). */
static inline double lt_sum_n(const double *x, int n)
{
    double z = 0;
    int i = 0;
    for (; i + 4 <= n; i += 4) z += (x[i] + x[i + 1]) + (x[i + 2] + x[i + 3]);
    for (; i < n; i++) z += x[i];
    return z;
}

/* The same of exactly LT_STATE_CHECKED_EACH_STEP values (a law with a history: hertz_mindlin),
 * eight at a time in two pairs of SSE2 lanes where there is SSE2 (the driver is compiled
 * without the vectoriser): 28 instructions for 32 values instead of 89. */
static inline double lt_sum_checked(const double *x);

/* The searches for the value that made a sum non-finite: each returns -1 with the message
 * naming it, or 0 for finite values whose sum overflowed. */
COLD int lt_law_output_fault(lt_tester *t);
COLD int lt_contact_input_fault(lt_tester *t);
COLD int lt_state_fault(lt_tester *t);
COLD int lt_energy_fault(lt_tester *t);
/* The contact normal of this state points against frame_before's (the state the step left): the
 * cores of the pair passed through each other.  -1 with the message naming the pair and the
 * overlap. */
COLD int lt_cores_crossed(lt_tester *t, const mat3 *frame_before);

/* State variables checked every step: a law's scalar state.  A law that keeps a loading history
 * (hertz_mindlin's md cells: ~500 values) has the rest checked every LT_TICK_STEPS steps and at the
 * end of each stage (lt_law_state_check), so that its history does not cost every step of every
 * rule a sum over all of it; a non-finite history value reaches the force within a step anyway. */
#define LT_STATE_CHECKED_EACH_STEP 32
_Static_assert(LT_STATE_CHECKED_EACH_STEP % 8 == 0, "lt_sum_checked adds eight at a time");

static inline double lt_sum_checked(const double *x)
{
#if defined(__SSE2__)
    __m128d a = _mm_setzero_pd(), b = _mm_setzero_pd();
    for (int i = 0; i < LT_STATE_CHECKED_EACH_STEP; i += 8) {
        a = _mm_add_pd(a, _mm_add_pd(_mm_loadu_pd(x + i), _mm_loadu_pd(x + i + 2)));
        b = _mm_add_pd(b, _mm_add_pd(_mm_loadu_pd(x + i + 4), _mm_loadu_pd(x + i + 6)));
    }
    a = _mm_add_pd(a, b);
    return _mm_cvtsd_f64(a) + _mm_cvtsd_f64(_mm_unpackhi_pd(a, a));
#else
    return lt_sum_n(x, LT_STATE_CHECKED_EACH_STEP);
#endif
}

/* The law's outputs of this step: force and torque, stiffnesses, energies (their sum `booked`,
 * which the contact update has for its bookkeeping anyway), and the first
 * LT_STATE_CHECKED_EACH_STEP state variables. */
static inline int lt_law_output_check(lt_tester *t, double booked)
{
    const lt_response *r = &t->view.resp;
    const lt_view *v = &t->view;
    int n = v->test->law->n_state;
    double zs =
        n < LT_STATE_CHECKED_EACH_STEP ? lt_sum_n(v->law_state, n) : lt_sum_checked(v->law_state);
    double z = (lt_sum6(r->f) + (r->k[0] + r->k[1])) + (booked + zs);
    return isfinite(z) ? 0 : lt_law_output_fault(t);
}

/* All of the law's state (see LT_STATE_CHECKED_EACH_STEP). */
static inline int lt_law_state_check(lt_tester *t)
{
    const lt_view *v = &t->view;
    int n = v->test->law->n_state;
    if (n <= LT_STATE_CHECKED_EACH_STEP || isfinite(lt_sum_n(v->law_state, n))) return 0;
    return lt_law_output_fault(t);
}

/* The state of the pair after a step: bodies, relative displacements and velocities.
 * velocities 0: the bodies' velocities are not summed, as after a step of lt_run_stage: they are
 * v_{n+1/2}, w_{n+1/2}, which the closing of state n has just multiplied into its kinetic energy
 * (m v_{n-1/2} . v_{n+1/2}, with m > 0 for a free body), so that a non-finite one made E.kin and
 * balance_err non-finite and lt_energy_check ended the run before the bodies moved. */
static inline int lt_state_check(lt_tester *t, int velocities)
{
    /* one sum tells in the common case (a NaN or infinity anywhere makes it non-finite) */
    double zb[2];
    for (int i = 0; i < 2; i++) {
        const lt_body *b = &t->view.body[i];
        zb[i] = lt_sum_vec(b->pos);
        if (velocities) zb[i] += lt_sum_vec(b->vel) + lt_sum_vec(b->angvel);
        /* a sphere's orientation is not integrated (turn_body): it stays as placed */
        if (b->shape != LT_SPHERE) zb[i] += (b->ori.w + b->ori.x) + (b->ori.y + b->ori.z);
    }
    /* c.v is not summed: the contact update checked it before the law saw it (or zeroed it) */
    double z = lt_sum6(t->view.u) + (zb[0] + zb[1]);
    return isfinite(z) ? 0 : lt_state_fault(t);
}

/* balance_err is work minus every other energy: non-finite if any of them is. */
static inline int lt_energy_check(lt_tester *t)
{
    return isfinite(t->view.energy[t->view.test->law->n_energies + LT_E_BALANCE])
               ? 0
               : lt_energy_fault(t);
}

/* Note the first step of a run that leaves a state in contact with dt above leapfrog's limit
 * for the normal DoF, free in the running stage (the law's current stiffness at that state):
 * the common case in one comparison here (k below the limit, or no contact: k = 0), the rest
 * out of line (lt_stability_seen). */
void lt_stability_seen(lt_tester *t, int stage_no);
static inline void lt_stability_check(lt_tester *t, int stage_no)
{
    if (t->view.resp.k[0] > t->k_stable) lt_stability_seen(t, stage_no);
}

/* Close the energies of state n once v_{n+1/2} is known (driver.h, docs/energy.md section 2);
 * extra: a damping force may be non-zero. */
void lt_close_energies(lt_tester *t, const vec3 vnew[2], const vec3 wnew[2], vec3 damp[2][2],
                       int extra);

/* The pieces of the closing that lt_close_energies and the free step (driver.c) share. */

/* Twice the kinetic energy of state n (J): m v_{n-1/2} . v_{n+1/2} + w_{n-1/2} . I w_{n+1/2} of
 * both bodies (the body holds the velocities of n-1/2, vnew and wnew those of n+1/2).  iso: both
 * bodies' inertia is known to be isotropic (else each body's is asked). */
static inline double lt_kinetic2(const lt_tester *t, int iso, const vec3 vnew[2],
                                 const vec3 wnew[2])
{
    double kin2 = 0;
    for (int i = 0; i < 2; i++) {
        const lt_body *b = &t->view.body[i];
        kin2 += b->mass * v3_dot(b->vel, vnew[i]);
        kin2 += iso || t->iso_inertia[i] > 0 ? t->iso_inertia[i] * v3_dot(b->angvel, wnew[i])
                                             : v3_dot(b->angvel, lt_body_inertia_mul(b, wnew[i]));
    }
    return kin2;
}

/* The contact forces of state n become the previous ones of the trapezoid rule. */
static inline void lt_keep_forces(lt_tester *t)
{
    for (int i = 0; i < 2; i++) {
        t->force_prev[i][0] = t->view.force_now[i][0];
        t->force_prev[i][1] = t->view.force_now[i][1];
    }
}

/* The law's stored and its dissipated energies of state n, each summed in the law's order (J). */
static inline void lt_law_energy_sums(const lt_tester *t, double *stored, double *dissipated)
{
    const double *E = t->view.energy;
    double s = 0, d = 0;
    unsigned mask = t->stored_mask;
    for (int i = 0; i < t->view.test->law->n_energies; i++) {
        if ((mask >> i) & 1u)
            s += E[i];
        else
            d += E[i];
    }
    *stored = s, *dissipated = d;
}

/* The driver's energies of state n from its kinetic energy and the law's sums (J): the driver's
 * work, the balance and the unbooked energy (driver.h, docs/energy.md).  later: n > 0 (state 0
 * closes no step: no work yet). */
static inline void lt_book_state(lt_tester *t, int later, double kin, double stored,
                                 double dissipated)
{
    double *E = t->view.energy + t->view.test->law->n_energies;
    E[LT_E_KIN] = kin;
    /* the damping's work is -E.damp (E.damp is what it dissipated) */
    E[LT_E_WORK] = later ? (kin - t->kin0) - t->contact_work + E[LT_E_DAMP] : 0;
    double spent = (kin - t->kin0) + (stored - t->stored0) + E[LT_E_DAMP] + E[LT_E_BRK] +
                   E[LT_E_FORM] + dissipated;
    E[LT_E_BALANCE] = E[LT_E_WORK] - spent;
    /* the same energy on the contact's side, without the bodies' kinetic energy and the damping
     * (docs/energy.md, "unbooked") */
    E[LT_E_UNBOOKED] =
        0.0 - (t->contact_work + (stored - t->stored0) + dissipated + E[LT_E_BRK] + E[LT_E_FORM]);
}

#endif
