/* laws/hertz_mindlin.h - what laws/hertz_mindlin.c (the `hertz_mindlin` law), its cases
 * (laws/hertz_mindlin_cases.c) and its tests share: parameter (HM_P_*), state (HM_S_*) and energy
 * (HM_E_*) indices and the case table (HM_N_CASES).  Prefix HM, the naming of docs/laws.md
 * ("Writing a law in the tree").  SI units (see the law's theory block). */
#ifndef LT_HERTZ_MINDLIN_H
#define LT_HERTZ_MINDLIN_H
#include "kit/params.h"
#include <lawtester/law.h>

/* Parameters, in the law's order. */
enum {
    HM_P_ESTAR,      /* Pa */
    HM_P_GSTAR,      /* Pa */
    HM_P_RSTAR,      /* m */
    HM_P_TANPHI,     /* - */
    HM_P_EN,         /* - */
    HM_P_CLIP,       /* bool */
    HM_P_NOSLIP,     /* bool */
    HM_P_DASHPOT,    /* choice LT_DASHPOT_* */
    HM_P_TANGENTIAL, /* choice LT_TANGENTIAL_* */
    HM_P_MDCELLS,    /* count, 2..HM_MD_MAX_CELLS */
    HM_P_TDASHPOT,   /* bool: tangential Tsuji dashpot */
    HM_P_COULOMB,    /* choice LT_COULOMB_*: the normal force Coulomb takes */
    HM_P_CLIPEN,     /* bool: with clip, en is the clipped contact's restitution */
    HM_P_ROLLING,    /* choice LT_RR_* of laws/kit/rolling.h: none | epsd | epsd2 */
    HM_P_MUR,        /* -, rolling friction coefficient */
    HM_P_ETAR,       /* -, rolling damping ratio */
    HM_P_KR,         /* N m/rad, rolling stiffness (NaN: from the rule) */
    HM_P_MUTW,       /* -, twisting friction coefficient */
    HM_P_KTW,        /* N m/rad, twisting stiffness (NaN: 4.5 kt muTw^2 R*^2) */
    HM_P_COUNT
};
/* The choices dashpotVel, tangential, coulombOn and rolling take the kit's values
 * (laws/kit/params.h: LT_DASHPOT_*, LT_TANGENTIAL_*, LT_COULOMB_*, LT_RR_*). */

/* The md rule's cells: at most HM_MD_MAX_CELLS, 3 state values each (outer edge x in m, slip
 * displacement uy, uz in m), after the HM_S_MD_N fixed values. */
#define HM_MD_MAX_CELLS 160
#define HM_MD_PER_CELL 3

/* State, in the law's order (the md cells follow HM_S_COUNT0). */
enum {
    HM_S_K,
    HM_S_GSTAR,
    HM_S_RSTAR,
    HM_S_TANPHI,
    HM_S_CD,
    HM_S_FN,
    HM_S_FE,
    HM_S_ELN,
    HM_S_FDN,
    HM_S_FTY,
    HM_S_FTZ,
    HM_S_KT,
    HM_S_DELTA,
    HM_S_ELT,
    HM_S_VN0,
    HM_S_UN0,
    HM_S_SLIP,
    HM_S_CT, /* tangentialDashpot: eta_t = ct delta^{1/4}, N s/m^{5/4} (0: none) */
    HM_S_FDTY,
    HM_S_FDTZ, /* the tangential dashpot's force of the last step, N */
    HM_S_VTY0,
    HM_S_VTZ0, /* the last half-step tangential velocity, m/s (dashpotVel) */
    HM_S_RR,   /* rolling: the first of the 9 values LT_RR_S_* of laws/kit/rolling.h */
    HM_S_MD_N = HM_S_RR + 9, /* md: the number of cells in use */
    HM_S_MD0,                /* md: the first cell's x, uy, uz */
    HM_S_COUNT = HM_S_MD0 + HM_MD_PER_CELL * HM_MD_MAX_CELLS
};

/* Energies, in the law's order. */
enum { HM_E_ELAST, HM_E_PLAST, HM_E_VISC, HM_E_KVAR, HM_E_QUAD, HM_E_COUNT };

#define HM_N_CASES 52
extern const lt_case lt_hertz_mindlin_cases[HM_N_CASES];

#endif
