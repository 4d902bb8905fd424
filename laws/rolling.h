/* laws/rolling.h - what laws/rolling.c (the `linear_rolling` law) and its cases
 * (laws/rolling_cases.c) share: the case table and how much of it `lawtester verify` runs. */
#ifndef LT_ROLLING_H
#define LT_ROLLING_H
#include "../src/law.h"

/* The cases, the ones verify's cycle driver runs first: the normal loading and the shear cycle
 * (DoF 1).  The bending cycles (DoFs 4, 5) and the twist cycle (DoF 3) follow; this base's
 * verify drives a cycle along local y only (src/verify_cases.c), so the law lists the first
 * ROLLING_N_VERIFIED to verify and tests/test_rolling.c drives all ROLLING_N_CASES on their
 * DoF.  Once verify drives `dof`, the law lists ROLLING_N_CASES. */
#define ROLLING_N_CASES 5
#define ROLLING_N_VERIFIED 2
extern const lt_case lt_rolling_cases[ROLLING_N_CASES];

/* Parameter indices the cases set (the law's order, laws/rolling.c). */
enum { RP_KN, RP_KT, RP_TANPHI, RP_NOSLIP, RP_NOBREAK, RP_DISSIPATION, RP_MUR, RP_KR, RP_ETAR, RP_MUTW, RP_KTW };

#endif
