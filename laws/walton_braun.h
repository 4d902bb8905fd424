/* laws/walton_braun.h - what the `walton_braun` law (laws/walton_braun.c), its cases
 * (laws/walton_braun_cases.c) and its tests share: the indices of its parameters (WB_P_*), state
 * (WB_S_*) and energies (WB_E_*), and its case table (WB_N_CASES).  Prefix WB, the naming of
 * docs/laws.md ("Writing a law in the tree").  Units SI; signs and frame as in
 * include/lawtester/law.h. */
#ifndef LT_WALTON_BRAUN_H
#define LT_WALTON_BRAUN_H
#include <lawtester/law.h>

enum { WB_P_KN, WB_P_KT, WB_P_TANPHI, WB_P_EN, WB_P_NOSLIP, WB_P_COUNT };
/* kn, kt, tanPhi in force (N/m, N/m, -); kun = kn/en^2 the unloading stiffness (N/m); dmax the
 * largest overlap reached (m, >= 0); d0 = (1 - en^2) dmax the residual overlap, where the
 * unloading line reaches zero force (m); Fn, Fty, Ftz the force returned (N); uN0 the previous
 * uN (m); slip 1 after a step that slid */
enum {
    WB_S_KN,
    WB_S_KT,
    WB_S_TANPHI,
    WB_S_KUN,
    WB_S_DMAX,
    WB_S_D0,
    WB_S_FN,
    WB_S_FTY,
    WB_S_FTZ,
    WB_S_UN0,
    WB_S_SLIP,
    WB_S_COUNT
};
enum { WB_E_ELAST, WB_E_PLAST, WB_E_COUNT };

/* The cases (laws/walton_braun_cases.c): normal impacts (e = en, the contact and force times,
 * the largest overlap and force), a Coulomb shear cycle, a closed loop in shear. */
#define WB_N_CASES 5
extern const lt_case lt_walton_braun_cases[WB_N_CASES];

#endif
