/* laws/linear.h - what the `linear` law (laws/linear.c), its cases (laws/linear_cases.c) and its
 * tests share: the indices of its parameters (P_*), state (S_*) and energies (E_*), from
 * laws/linear_core.h (which the laws built on linear share too), and its case table.  Units SI;
 * signs and frame as in include/lawtester/law.h.  The indices are not prefixed: include one law's header per
 * file. */
#ifndef LT_LINEAR_H
#define LT_LINEAR_H
#include "linear_core.h"

/* The cases (laws/linear_cases.c): normal loading, a shear cycle, a closed loop without slip,
 * an elastic normal impact. */
#define LINEAR_N_CASES 4
extern const lt_case lt_linear_cases[LINEAR_N_CASES];

#endif
