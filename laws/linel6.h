/* laws/linel6.h - what the `linel6` law (laws/linel6.c), its cases (laws/linel6_cases.c) and
 * its tests share: the indices of its parameters (L6_P_*), state (L6_S_*) and energies (L6_E_*)
 * and its case table (L6_N_CASES).  Prefix L6, the naming of docs/laws.md ("Writing a law in the
 * tree").  Units SI; signs and frame as in include/lawtester/law.h. */
#ifndef LT_LINEL6_H
#define LT_LINEL6_H
#include <lawtester/law.h>

enum { L6_P_KN, L6_P_KT, L6_P_CHARLEN, L6_P_NOBREAK, L6_P_COUNT };
enum {
    L6_S_KN,
    L6_S_KT,
    L6_S_KW,
    L6_S_KB,
    L6_S_FTY,
    L6_S_FTZ,
    L6_S_TX,
    L6_S_TY,
    L6_S_TZ,
    L6_S_COUNT
};
enum { L6_E_ELAST, L6_E_COUNT };

/* The cases (laws/linel6_cases.c). */
#define L6_N_CASES 2
extern const lt_case lt_linel6_cases[L6_N_CASES];

#endif
