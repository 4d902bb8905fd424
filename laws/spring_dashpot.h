/* laws/spring_dashpot.h - what the `spring_dashpot` law (laws/spring_dashpot.c), its cases
 * (laws/spring_dashpot_cases.c) and its tests share: the indices of its parameters (SD_P_*), state
 * (SD_S_*) and energies (SD_E_*) and its case table (SD_N_CASES).  Prefix SD, the naming of
 * docs/laws.md ("Writing a law in the tree").  Units SI; signs and frame as in
 * include/lawtester/law.h. */
#ifndef LT_SPRING_DASHPOT_H
#define LT_SPRING_DASHPOT_H
#include "kit/params.h"
#include <lawtester/law.h>

enum {
    SD_P_KN,
    SD_P_KT,
    SD_P_TANPHI,
    SD_P_EN,
    SD_P_ET,
    SD_P_ZETAN,
    SD_P_ZETAT,
    SD_P_CLIP,
    SD_P_NOSLIP,
    SD_P_DASHPOT,
    SD_P_COULOMB,
    SD_P_CLIPEN,
    SD_P_COUNT
};
enum {
    SD_S_KN,
    SD_S_KT,
    SD_S_TANPHI,
    SD_S_GN,
    SD_S_GT,
    SD_S_FN,
    SD_S_XIY,
    SD_S_XIZ,
    SD_S_FDN,
    SD_S_FDY,
    SD_S_FDZ,
    SD_S_VN0,
    SD_S_VTY0,
    SD_S_VTZ0,
    SD_S_UN0,
    SD_S_SLIP,
    SD_S_COUNT
};
enum { SD_E_ELAST, SD_E_PLAST, SD_E_VISC, SD_E_COUNT };
/* The choices dashpotVel and coulombOn take the kit's values (laws/kit/params.h: LT_DASHPOT_*,
 * LT_COULOMB_*). */

/* The cases (laws/spring_dashpot_cases.c): normal load, shear cycle, closed loop, damped normal
 * impacts, oblique impacts (Chung & Ooi). */
#define SD_N_CASES 14
extern const lt_case lt_spring_dashpot_cases[SD_N_CASES];

#endif
