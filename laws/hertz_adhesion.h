/* laws/hertz_adhesion.h - what laws/hertz_adhesion.c (the `hertz_adhesion` law, JKR and DMT), its cases
 * (laws/hertz_adhesion_cases.c) and its tests share: the case table, the parameter, state and energy
 * indices and the closed forms of the cases (SI units; signs of include/lawtester/law.h). */
#ifndef LT_ADHESION_H
#define LT_ADHESION_H
#include <lawtester/law.h>

/* Parameter indices (the law's order, laws/hertz_adhesion.c) and the models of `model`. */
enum { AP_MODEL, AP_GAMMA, AP_ESTAR, AP_RSTAR, AP_COUNT };
enum { ADH_JKR, ADH_DMT };
/* State and energy indices (laws/hertz_adhesion.c says what each holds). */
enum { AS_ESTAR, AS_RSTAR, AS_C, AS_FN, AS_U, AS_UN0, AS_A, AS_DETACHED, AS_COUNT };
enum { AE_ELAST, AE_SURF, AE_ADH, AE_QUAD, AE_COUNT };

/* The cases: JKR between two spheres, JKR sphere on a wall, DMT between two spheres, each a
 * normal load path (touch, loading, unloading through the pull-off to the separation). */
#define ADHESION_N_CASES 3
extern const lt_case lt_adhesion_cases[ADHESION_N_CASES];

/* Closed forms of laws/hertz_adhesion_cases.c, solved there independently of the law (a(delta) by
 * bisection).  w = the work of adhesion (`gamma`, J/m^2), E = E* (Pa), R = R* (m), model
 * ADH_JKR or ADH_DMT; delta = -uN (m, > 0 in overlap). */
typedef struct lt_adhesion_state {
    int contact;  /* 1 on the branch (delta >= the separation overlap), else 0 and all below 0 */
    double a;     /* m, contact radius */
    double fn;    /* N, normal force on A (law.h sign: compression negative, attraction positive) */
    double kn;    /* N/m, tangent stiffness -dFn/duN */
    double u;     /* J, potential: elastic + surface energy (its derivative along the branch is -Fn) */
} lt_adhesion_state;
lt_adhesion_state lt_adhesion_closed_form(int model, double w, double E, double R, double delta);
/* Overlap at which the contact separates (m; negative: tension): JKR's neck -3 a_c^2/R*, DMT 0. */
double lt_adhesion_separation(int model, double w, double E, double R);
/* Energy lost over one approach-separation cycle under displacement control (J):
 * U(separation) - U(touch); JKR pi w (2/5 a_c^2 + 3/5 a_t^2), DMT 0. */
double lt_adhesion_cycle_loss(int model, double w, double E, double R);
/* Largest attraction along the branch (N, positive): JKR (3/2) pi w R*, DMT 2 pi w R*. */
double lt_adhesion_pull_off(int model, double w, double R);

#endif
