/* laws/walton_braun.h - what the `walton_braun` law (laws/walton_braun.c), its cases
 * (laws/walton_braun_cases.c) and its tests share: the indices of its parameters (P_*), state
 * (S_*) and energies (E_*), and its case table.  Units SI; signs and frame as in include/lawtester/law.h.  The
 * indices are not prefixed: include one law's header per file. */
#ifndef LT_WALTON_BRAUN_H
#define LT_WALTON_BRAUN_H
#include <lawtester/law.h>

enum { P_KN, P_KT, P_TANPHI, P_EN, P_NOSLIP, P_COUNT };
/* kn, kt, tanPhi in force (N/m, N/m, -); kun = kn/en^2 the unloading stiffness (N/m); dmax the
 * largest overlap reached (m, >= 0); d0 = (1 - en^2) dmax the residual overlap, where the
 * unloading line reaches zero force (m); Fn, Fty, Ftz the force returned (N); uN0 the previous
 * uN (m); slip 1 after a step that slid */
enum { S_KN, S_KT, S_TANPHI, S_KUN, S_DMAX, S_D0, S_FN, S_FTY, S_FTZ, S_UN0, S_SLIP, S_COUNT };
enum { E_ELAST, E_PLAST, E_COUNT };

/* The cases (laws/walton_braun_cases.c): normal impacts (e = en, the contact and force times,
 * the largest overlap and force), a Coulomb shear cycle, a closed loop in shear. */
#define WALTON_BRAUN_N_CASES 5
extern const lt_case lt_walton_braun_cases[WALTON_BRAUN_N_CASES];

#endif
