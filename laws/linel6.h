/* laws/linel6.h - what the `linel6` law (laws/linel6.c), its cases (laws/linel6_cases.c) and
 * its tests share: the indices of its parameters (P_*), state (S_*) and energies (E_*) and its
 * case table.  Units SI; signs and frame as in include/lawtester/law.h.  The indices are not prefixed:
 * include one law's header per file. */
#ifndef LT_LINEL6_H
#define LT_LINEL6_H
#include <lawtester/law.h>

enum { P_KN, P_KT, P_CHARLEN, P_NOBREAK, P_COUNT };
enum { S_KN, S_KT, S_KW, S_KB, S_FTY, S_FTZ, S_TX, S_TY, S_TZ, S_COUNT };
enum { E_ELAST, E_COUNT };

/* The cases (laws/linel6_cases.c). */
#define LINEL6_N_CASES 2
extern const lt_case lt_linel6_cases[LINEL6_N_CASES];

#endif
