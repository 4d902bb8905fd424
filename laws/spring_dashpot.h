/* laws/spring_dashpot.h - what the `spring_dashpot` law (laws/spring_dashpot.c), its cases
 * (laws/spring_dashpot_cases.c) and its tests share: the indices of its parameters (P_*), state
 * (S_*) and energies (E_*), the choices of `dashpot` (V_*) and its case table.  Units SI; signs
 * and frame as in include/lawtester/law.h.  The indices are not prefixed: include one law's header per file.
 */
#ifndef LT_SPRING_DASHPOT_H
#define LT_SPRING_DASHPOT_H
#include <lawtester/law.h>

enum { P_KN, P_KT, P_TANPHI, P_EN, P_ET, P_ZETAN, P_ZETAT, P_CLIP, P_NOSLIP, P_DASHPOT, P_COULOMB, P_CLIPEN, P_COUNT };
enum {
    S_KN, S_KT, S_TANPHI, S_GN, S_GT, S_FN, S_XIY, S_XIZ, S_FDN, S_FDY, S_FDZ, S_VN0, S_VTY0, S_VTZ0, S_UN0, S_SLIP,
    S_COUNT
};
enum { E_ELAST, E_PLAST, E_VISC, E_COUNT };
enum { V_EXTRAPOLATED, V_HALFSTEP };
/* coulombOn choices: tanPhi |Fn| (tensile Fn too), tanPhi max(-Fn, 0) */
enum { C_TOTAL, C_COMPRESSIVE };

/* The cases (laws/spring_dashpot_cases.c): normal load, shear cycle, closed loop, damped normal
 * impacts, oblique impacts (Chung & Ooi). */
#define SPRING_DASHPOT_N_CASES 14
extern const lt_case lt_spring_dashpot_cases[SPRING_DASHPOT_N_CASES];

#endif
