/* laws/linear.h - what the `linear` law (laws/linear.c), its cases (laws/linear_cases.c) and its
 * tests share: the indices of its parameters (LIN_P_*), state (LIN_S_*) and energies (LIN_E_*),
 * from laws/linear_core.h (which the laws built on linear share too), and its case table
 * (LIN_N_CASES).  Prefix LIN, the naming of docs/laws.md ("Writing a law in the tree").  Units
 * SI; signs and frame as in include/lawtester/law.h. */
#ifndef LT_LINEAR_H
#define LT_LINEAR_H
#include "linear_core.h"

/* The cases (laws/linear_cases.c): normal loading, a shear cycle, a closed loop without slip,
 * an elastic normal impact. */
#define LIN_N_CASES 4
extern const lt_case lt_linear_cases[LIN_N_CASES];

#endif
