/* laws/linear_rolling.h - what laws/linear_rolling.c (the `linear_rolling` law), its cases
 * (laws/linear_rolling_cases.c) and its tests share: the case table (LR_N_CASES), the parameter
 * (LR_P_*), state (LR_S_*) and energy (LR_E_*) indices, linear's first.  Prefix LR, the naming of
 * docs/laws.md ("Writing a law in the tree"). */
#ifndef LT_LINEAR_ROLLING_H
#define LT_LINEAR_ROLLING_H
#include "linear_core.h"

/* The cases: the normal loading, the shear cycle (DoF 1), the bending cycles (DoFs 4, 5) and the
 * twist cycle (DoF 3), each an API-3 cycle on its DoF (src/verify/verify_cases.c drives it). */
#define LR_N_CASES 5
extern const lt_case lt_linear_rolling_cases[LR_N_CASES];

/* Parameters, state and energies: linear's (laws/linear_core.h) first, in its order, then the
 * law's own (laws/linear_rolling.c says what each holds). */
enum {
    LR_P_KN = LIN_P_KN,                   /* N/m */
    LR_P_KT = LIN_P_KT,                   /* N/m */
    LR_P_TANPHI = LIN_P_TANPHI,           /* - */
    LR_P_NOSLIP = LIN_P_NOSLIP,           /* bool */
    LR_P_NOBREAK = LIN_P_NOBREAK,         /* bool */
    LR_P_DISSIPATION = LIN_P_DISSIPATION, /* choice LT_SLIP_* */
    LR_P_MUR = LIN_P_COUNT,               /* -, rolling friction coefficient */
    LR_P_KR,                              /* N m/rad, rolling stiffness (NaN: 2.25 kn muR^2 R*^2) */
    LR_P_ETAR,                            /* -, rolling damping ratio */
    LR_P_MUTW,                            /* -, twisting friction coefficient */
    LR_P_KTW, /* N m/rad, twisting stiffness (NaN: 4.5 kt muTw^2 R*^2) */
    LR_P_COUNT
};
enum {
    LR_S_KN = LIN_S_KN,
    LR_S_KT = LIN_S_KT,
    LR_S_TANPHI = LIN_S_TANPHI,
    LR_S_FN = LIN_S_FN,
    LR_S_FTY = LIN_S_FTY,
    LR_S_FTZ = LIN_S_FTZ,
    LR_S_SLIP = LIN_S_SLIP,
    LR_S_KR = LIN_S_COUNT, /* N m/rad */
    LR_S_KTW,              /* N m/rad */
    LR_S_RSTAR,            /* m, rolling radius */
    LR_S_CR,               /* N m s/rad, rolling damping coefficient */
    LR_S_MRY,
    LR_S_MRZ, /* N m, rolling spring moment */
    LR_S_MTW, /* N m, twisting spring moment */
    LR_S_MDY,
    LR_S_MDZ, /* N m, rolling damping moment of the last step */
    LR_S_WY,
    LR_S_WZ, /* rad/s, rolling rates of the last step */
    LR_S_ROLL,
    LR_S_TWIST, /* 1: returned to the rolling / twisting cap on the last step */
    LR_S_COUNT
};
enum { LR_E_ELAST = LIN_E_ELAST, LR_E_PLAST = LIN_E_PLAST, LR_E_VISC = LIN_E_COUNT, LR_E_COUNT };

#endif
