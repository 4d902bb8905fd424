/* laws/cohesive.h - what laws/cohesive.c (the `cohesive` law), its cases
 * (laws/cohesive_cases.c) and its tests share: the indices of its parameters (COH_P_*), state
 * (COH_S_*) and energies (COH_E_*), its bond surfaces (COH_SURF_*), and the case table
 * (COH_N_CASES).  Prefix COH, the naming of docs/laws.md ("Writing a law in the tree").  Units SI
 * (laws/cohesive.c). */
#ifndef LT_COHESIVE_H
#define LT_COHESIVE_H
#include <lawtester/law.h>

/* Parameters, in the law's order: kn, kt (N/m), tanPhi (-), tensile, cohesion (N), surface
 * (choice), plastic (bool); then the rotational springs kr, ktw (N m/rad) and the bond radius
 * (m). */
enum {
    COH_P_KN,
    COH_P_KT,
    COH_P_TANPHI,
    COH_P_TENSILE,
    COH_P_COHESION,
    COH_P_SURFACE,
    COH_P_PLASTIC,
    COH_P_KR,
    COH_P_KTW,
    COH_P_RBOND,
    COH_P_COUNT
};
/* Per-contact state: stiffnesses (N/m), friction (-), bonded flag, forces (N), plastic normal
 * opening (m), the `yield` flag; then the twisting and bending moments (N m). */
enum {
    COH_S_KN,
    COH_S_KT,
    COH_S_TANPHI,
    COH_S_BONDED,
    COH_S_FN,
    COH_S_FTY,
    COH_S_FTZ,
    COH_S_UNP,
    COH_S_YIELD,
    COH_S_MTW,
    COH_S_MBY,
    COH_S_MBZ,
    COH_S_COUNT
};
/* Energies (J): stored elast; dissipated plast and bond. */
enum { COH_E_ELAST, COH_E_PLAST, COH_E_BOND, COH_E_COUNT };
/* The bond surface choices (parameter `surface`). */
enum { COH_SURF_MOHR_COULOMB, COH_SURF_ELLIPTIC };

/* The verify cases: the bending cycles about y and z, the twist cycle (plastic bonds at a held
 * overlap) and a bending cycle that breaks the bond. */
#define COH_N_CASES 4
extern const lt_case lt_cohesive_cases[COH_N_CASES];

#endif
