/* laws/rolling.h - what laws/rolling.c (the `linear_rolling` law), its cases
 * (laws/rolling_cases.c) and its tests share: the case table and the parameter indices. */
#ifndef LT_ROLLING_H
#define LT_ROLLING_H
#include "../src/law.h"

/* The cases: the normal loading, the shear cycle (DoF 1), the bending cycles (DoFs 4, 5) and the
 * twist cycle (DoF 3), each an API-3 cycle on its DoF (src/verify_cases.c drives it). */
#define ROLLING_N_CASES 5
extern const lt_case lt_rolling_cases[ROLLING_N_CASES];

/* Parameter indices the cases set (the law's order, laws/rolling.c). */
enum { RP_KN, RP_KT, RP_TANPHI, RP_NOSLIP, RP_NOBREAK, RP_DISSIPATION, RP_MUR, RP_KR, RP_ETAR, RP_MUTW, RP_KTW };

#endif
