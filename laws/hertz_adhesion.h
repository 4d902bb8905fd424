/* laws/hertz_adhesion.h - what laws/hertz_adhesion.c (the `hertz_adhesion` law, JKR and DMT),
 * its cases (laws/hertz_adhesion_cases.c) and its tests share: the case table (HA_N_CASES), the
 * parameter (HA_P_*), state (HA_S_*) and energy (HA_E_*) indices, the models (HA_MODEL_*) and the
 * closed forms of the cases.  Prefix HA, the naming of docs/laws.md ("Writing a law in the
 * tree").  SI units; signs of include/lawtester/law.h. */
#ifndef LT_HERTZ_ADHESION_H
#define LT_HERTZ_ADHESION_H
#include <lawtester/law.h>

/* Parameter indices (the law's order, laws/hertz_adhesion.c) and the models of `model`. */
enum { HA_P_MODEL, HA_P_GAMMA, HA_P_ESTAR, HA_P_RSTAR, HA_P_COUNT };
enum { HA_MODEL_JKR, HA_MODEL_DMT };
/* State and energy indices (laws/hertz_adhesion.c says what each holds). */
enum {
    HA_S_ESTAR,
    HA_S_RSTAR,
    HA_S_C,
    HA_S_FN,
    HA_S_U,
    HA_S_UN0,
    HA_S_A,
    HA_S_DETACHED,
    HA_S_COUNT
};
enum { HA_E_ELAST, HA_E_SURF, HA_E_ADH, HA_E_QUAD, HA_E_COUNT };

/* The cases: JKR between two spheres, JKR sphere on a wall, DMT between two spheres, each a
 * normal load path (touch, loading, unloading through the pull-off to the separation). */
#define HA_N_CASES 3
extern const lt_case lt_hertz_adhesion_cases[HA_N_CASES];

/* Closed forms of laws/hertz_adhesion_cases.c, solved there independently of the law (a(delta) by
 * bisection).  w = the work of adhesion (`gamma`, J/m^2), E = E* (Pa), R = R* (m), model
 * HA_MODEL_JKR or HA_MODEL_DMT; delta = -uN (m, > 0 in overlap). */
typedef struct lt_adhesion_state {
    int contact; /* 1 on the branch (delta >= the separation overlap), else 0 and all below 0 */
    double a;    /* m, contact radius */
    double fn;   /* N, normal force on A (law.h sign: compression negative, attraction positive) */
    double kn;   /* N/m, tangent stiffness -dFn/duN */
    double u; /* J, potential: elastic + surface energy (its derivative along the branch is -Fn) */
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
