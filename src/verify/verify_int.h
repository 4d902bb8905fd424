/* src/verify/verify_int.h - what the verify files share (src/verify/verify.c, verify_generic.c,
 * verify_cases.c, verify_plot.c); not a public interface.  Units SI. */
#ifndef LT_VERIFY_INT_H
#define LT_VERIFY_INT_H
#include "driver/driver.h"
#include "output/record.h"
#include "verify/verify.h"

/* The contact normal of every verify run: oblique, so that no run relies on an axis-aligned
 * frame (Woo's frame was wrong off the axes and nobody saw it). */
#define VR_NORMAL_X 0.36
#define VR_NORMAL_Y 0.48
#define VR_NORMAL_Z 0.80
/* The bodies and the time step of the generic checks (lt_vr_base_test): spheres of 0.1 m (A) and
 * 0.05 m (B), dt = 1e-6 s. */
#define VR_RADIUS_A 0.1  /* m */
#define VR_RADIUS_B 0.05 /* m */
#define VR_DT 1e-6       /* s */

typedef struct vr_ctx {
    const lt_verify_opts *o;
    lt_verify_summary *sum;
    const lt_law *law;
    struct vr_tap *tap; /* --plot: the generic checks' runs recorded (verify_tap.c); NULL: not */
} vr_ctx;

/* --plot DIR for the generic checks (verify_tap.c): every run of a generic check's test (the
 * tests lt_vr_base_test and lt_vr_make_setup of a generic-* case give the tap) is recorded, and
 * the runs since the last row are named by the check of the next row: DIR/LAW-CASE.tsv (its
 * further runs DIR/LAW-CASE-run2.tsv, ...; at most VR_TAP_RUNS of them, spread over the runs
 * when there are more, as the oblique sweep's incidences) and drawn by plots/_verify_generic.gp
 * into DIR/LAW-CASE.png: force against displacement of every run, the energies of the first. */
#define VR_TAP_RUNS 6
struct vr_tap *lt_vr_tap_new(const char *dir, const lt_law *law);
/* The rows not yet named are dropped, the tap freed. */
void lt_vr_tap_free(struct vr_tap *tap);
/* The row observer a test takes as its tap (ctx: the vr_tap). */
void lt_vr_tap_row(void *ctx, const lt_tester *t, const lt_snapshot *s);
/* A row of check kase is emitted: the runs since the last row are that check's (recorded,
 * plotted; a failure is a failed `plot` row of kase). */
void lt_vr_tap_name(vr_ctx *v, const char *kase);

/* Emit a row: computes error and pass from the kind of check. */
void lt_vr_row(vr_ctx *v, const char *kase, const char *quantity, lt_check_kind kind,
               double expected, double obtained, double tol, const char *note);
/* Emit a checked (and, for an expected failure, resolved) row: counted, handed to on_row. */
void lt_vr_emit(vr_ctx *v, const lt_verify_row *r);
/* The last part of lt_vr_emit (ctx: the vr_ctx): the row counted and handed to on_row; the
 * deliverer of verify's jobs (verify_jobs.h), whose children send the row to their worker. */
void lt_vr_deliver(void *ctx, const lt_verify_row *r);
/* Emit a failed row for a case that could not run (message in note). */
void lt_vr_fail(vr_ctx *v, const char *kase, const char *what, const char *note);
/* The law's parameters for a run: the defaults, then o->set (--set). */
void lt_vr_params(const vr_ctx *v, double params[LT_MAX_PARAMS]);
/* The value of parameter `name` in o->set, or NULL if it is not set there. */
const lt_param_value *lt_vr_set_of(const vr_ctx *v, const char *name);
/* Emit a row that does not apply (LT_CHECK_NA), the reason in why. */
void lt_vr_na(vr_ctx *v, const char *kase, const char *quantity, const char *why);
/* Emit an energy-balance row (|balance_err| / |work| = obtained <= tol, why): n/a for a law that
 * books no energies (its balance is then what the contact absorbs, docs/verify.md). */
#define LT_VR_NO_ENERGIES                                                                         \
    "the law books no energies: its balance_err is the energy its contact absorbs (the unbooked " \
    "column), not an error"
void lt_vr_balance_row(vr_ctx *v, const char *kase, const char *quantity, double obtained,
                       double tol, const char *why);
/* 1 if the case called name is selected by --case. */
int lt_vr_selected(const vr_ctx *v, const char *name);

/* Until conditions of the verify stages. */
/* VR_UNTIL_NO_CONTACT: until the contact has ended, or, n > 0, after n steps with the contact
 * still held (a law that does not let go: a bond that never breaks; the passivity rows then say
 * so, lt_vr_passive_rows). */
typedef enum { VR_UNTIL_STEPS, VR_UNTIL_REBOUND, VR_UNTIL_NO_CONTACT } vr_until_kind;
typedef struct vr_until {
    vr_until_kind kind;
    long n;
} vr_until;
int lt_vr_until_cb(void *ctx, lt_tester *t);
/* A stage: whats/values as in scripts, ended by u (which must outlive the run). */
lt_stage lt_vr_stage(const char *whats, const double values[LT_DOF], vr_until *u);

/* Largest |balance_err| / |work| of a finished run (0 when no work was done). */
double lt_vr_balance(const lt_tester *t);

/* A case made concrete (verify_setup.c): its test (parameters with the case's overrides, the
 * bodies, the verify normal), the environment of its closed forms (the contact at touch), and
 * the closed forms at the current time step. */
typedef struct vr_setup {
    const lt_case *cs;
    lt_test test;
    lt_case_env env;
    lt_expect ex;
    struct q_units *units; /* the case's expected-failure units (verify_cases.c; NULL: none) */
} vr_setup;
/* Returns 1, or 0 after a failed "setup" row saying why. */
int lt_vr_make_setup(vr_ctx *v, vr_setup *su, const lt_case *cs);
/* The case's closed forms at time step dt (0: before dt is known), into su->ex. */
void lt_vr_expect_at(vr_setup *su, double dt);
/* The impact of LT_CASE_IMPACT at time step dt with the loads `load` (law.h): the test (a copy
 * of su->test with gap, abWeight, spins of the free bodies) and its one stage, an 'i' stage
 * until the rebound (st and u must outlive the run). */
void lt_vr_impact_test(const vr_setup *su, double dt, const double load[4], lt_test *t,
                       lt_stage *st, vr_until *u);

/* The contact time (s) of the impact with the loads `load` when the case has no closed form for
 * it: measured by runs at dt = t_c/(steps + phase) until two agree (verify_cases.c).  Returns 1
 * with *tc and *dt_tc (the time step of the run that measured it), or 0 after a failed row of
 * case kase. */
int lt_vr_measure_contact_time(vr_ctx *v, vr_setup *su, const double load[4], const char *kase,
                               double *tc, double *dt_tc);

/* The generic checks of one law (verify_generic.c). */
void lt_vr_generic(vr_ctx *v);
/* The test of every generic check: the law's defaults (then --set's values), default materials,
 * spheres of 0.1 m (A) and 0.05 m (B), the verify normal, dt = 1e-6 s (verify_stage.c). */
lt_test lt_vr_base_test(const vr_ctx *v);
#define LT_VR_OVERLAP 5e-4 /* m: the generic checks' overlap, 1 % of the smaller radius */

/* Passivity, from the driver's measurements only (verify_passivity.c): an observer of a path
 * that starts apart, lt_vr_passive_see on every state, then lt_vr_passive_rows: `passivity`
 * (the net work of the driver on the contact >= minus the trapezoid rule's bound) and `zero
 * force apart`, or a failed row if the path did not run from apart to apart. */
typedef struct vr_passive {
    long rows;
    int started_apart, had_contact, ended, prev_contact;
    double kin0;  /* J: kinetic energy of the first state */
    double work;  /* J: work - (kin - kin0) - damp: the driver's net work on the contact */
    double bound; /* J: sum over states and DoFs of |second difference of F| |du| / 2 */
    double fmax[LT_DOF], umax[LT_DOF]; /* N, N m; m, rad: on the contact */
    double f_apart; /* N, N m: largest |force|, |torque| once the contact ended */
    double prev_uN, prev_f[LT_DOF], prev2_f[LT_DOF], prev_v[LT_DOF], prev_du[LT_DOF];
} vr_passive;
void lt_vr_passive_see(vr_passive *p, const lt_tester *t, const lt_snapshot *s);
double lt_vr_passive_scale(const vr_passive *p); /* J: sum over DoFs of max|F| max|u| */
void lt_vr_passive_rows(vr_ctx *v, const char *kase, const vr_passive *p);
/* generic-normal-cycle, generic-shear-cycle, generic-impact (verify_passivity.c). */
void lt_vr_passivity(vr_ctx *v);
/* Fixed bodies, compressed to `overlap` (m), then a closed loop of amplitude amp (m or rad) on
 * the DoFs marked 'v' in dofs (+a, +b, ..., -a, -b, ...), `steps` steps per leg: rows "net
 * work" (|work - dkin| over the loop / largest stored energy <= tol) and "balance". */
void lt_vr_closed_loop(vr_ctx *v, const char *kase, const lt_test *proto, const char *dofs,
                       double overlap, double amp, long steps, double tol, const char *why);
/* generic-oblique (verify_oblique.c): the incidence sweep on a wall, for a law with an impact
 * case (lt_vr_has_oblique). */
int lt_vr_has_oblique(const lt_law *law);
void lt_vr_oblique(vr_ctx *v);
/* One of the law's cases (verify_cases.c). */
void lt_vr_case(vr_ctx *v, const lt_case *cs);

/* --plot (verify_plot.c).  lt_vr_plot_begin opens DIR/LAW-CASE.tsv as a record (NULL when not
 * plotting or on error, reported as a failed row); lt_vr_plot_end commits it, writes the analytic
 * curve DIR/LAW-CASE-analytic.tsv (n points x[i], y[i], in the record's columns xcol, ycol)
 * and renders DIR/LAW-CASE.png with plots/_verify.gp. */
typedef struct vr_plot {
    lt_record rec;
    int open;
    char name[200];
} vr_plot;
int lt_vr_plot_begin(vr_ctx *v, vr_plot *p, const char *kase);
void lt_vr_plot_end(vr_ctx *v, vr_plot *p, const char *kase, const char *xcol, const char *ycol,
                    const double *x, const double *y, int n, int ok);

#endif
