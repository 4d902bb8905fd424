/* laws/cohesive.h - what laws/cohesive.c (the `cohesive` law), its cases
 * (laws/cohesive_cases.c) and its tests share: the indices of its parameters, state and
 * energies, its bond surfaces, and the case table.  Units SI (laws/cohesive.c). */
#ifndef LT_COHESIVE_H
#define LT_COHESIVE_H
#include <lawtester/law.h>

/* Parameters, in the law's order: kn, kt (N/m), tanPhi (-), tensile, cohesion (N), surface
 * (choice), plastic (bool); then the rotational springs kr, ktw (N m/rad) and the bond radius
 * (m). */
enum { CP_KN, CP_KT, CP_TANPHI, CP_TENSILE, CP_COHESION, CP_SURFACE, CP_PLASTIC, CP_KR, CP_KTW, CP_RBOND, CP_COUNT };
/* Per-contact state: stiffnesses (N/m), friction (-), bonded flag, forces (N), plastic normal
 * opening (m), the `yield` flag; then the twisting and bending moments (N m). */
enum {
    CS_KN, CS_KT, CS_TANPHI, CS_BONDED, CS_FN, CS_FTY, CS_FTZ, CS_UNP, CS_YIELD, CS_MTW, CS_MBY, CS_MBZ, CS_COUNT
};
/* Energies (J): stored elast; dissipated plast and bond. */
enum { CE_ELAST, CE_PLAST, CE_BOND, CE_COUNT };
/* The bond surface choices (parameter `surface`). */
enum { CSURF_MOHR_COULOMB, CSURF_ELLIPTIC };

/* The verify cases: the bending cycles about y and z, the twist cycle (plastic bonds at a held
 * overlap) and a bending cycle that breaks the bond. */
#define COHESIVE_N_CASES 4
extern const lt_case lt_cohesive_cases[COHESIVE_N_CASES];

#endif
