/* laws/linear_core.h - what the `linear` law (laws/linear.c) shares with laws built on it
 * (laws/linear_rolling.c): the layout of its parameters, state and energies, their descriptions,
 * and its step and dissipation formula.  A law that extends `linear` puts linear's parameters and
 * state first, in this order, appends its own, and calls lt_linear_init/lt_linear_step for the
 * normal and tangential response.  Its indices are linear's (prefix LIN: LIN_P_*, LIN_S_*,
 * LIN_E_*; the `dissipation` formulas are LT_SLIP_* of laws/kit/slip_work.h); a law built on it
 * names them again with its own prefix (laws/linear_rolling.h).  Units SI; signs and frame as in
 * include/lawtester/law.h. */
#ifndef LT_LINEAR_CORE_H
#define LT_LINEAR_CORE_H
#include "kit/params.h"
#include "kit/slip_work.h"
#include <lawtester/law.h>
#include <math.h>

enum {
    LIN_P_KN,
    LIN_P_KT,
    LIN_P_TANPHI,
    LIN_P_NOSLIP,
    LIN_P_NOBREAK,
    LIN_P_DISSIPATION,
    LIN_P_COUNT
};
enum { LIN_S_KN, LIN_S_KT, LIN_S_TANPHI, LIN_S_FN, LIN_S_FTY, LIN_S_FTZ, LIN_S_SLIP, LIN_S_COUNT };
enum { LIN_E_ELAST, LIN_E_PLAST, LIN_E_COUNT };

/* linear's parameter descriptions, as designated initialisers of an lt_param array (the kit's
 * declarations, laws/kit/params.h). */
#define LT_LINEAR_PARAMS                                                                  \
    [LIN_P_KN] = LT_PARAM_KN, [LIN_P_KT] = LT_PARAM_KT, [LIN_P_TANPHI] = LT_PARAM_TANPHI, \
    [LIN_P_NOSLIP] = LT_PARAM_NOSLIP, [LIN_P_NOBREAK] = LT_PARAM_NOBREAK,                 \
    [LIN_P_DISSIPATION] = LT_PARAM_DISSIPATION

/* linear's parameter flags (law API 5), as designated initialisers of a flag array: kn, kt and
 * tanPhi, unset, are the stiffness rule's values from the materials. */
#define LT_LINEAR_PARAM_FLAGS                                         \
    [LIN_P_KN] = LT_PARAM_MATERIALS, [LIN_P_KT] = LT_PARAM_MATERIALS, \
    [LIN_P_TANPHI] = LT_PARAM_MATERIALS

/* linear's state names, as designated initialisers of a name array. */
#define LT_LINEAR_STATE                                                                 \
    [LIN_S_KN] = "kn", [LIN_S_KT] = "kt", [LIN_S_TANPHI] = "tanPhi", [LIN_S_FN] = "Fn", \
    [LIN_S_FTY] = "Fty", [LIN_S_FTZ] = "Ftz", [LIN_S_SLIP] = "slip"

/* linear's known defects (API 6): the slip formulas kept for comparison do not close the energy
 * balance where the contact slips (laws/linear.c); the laws built on linear share them. */
#define LIN_N_KNOWN 2
#define LT_LINEAR_KNOWN_WHY                                                                    \
    "the slip formula chosen by `dissipation` is not the time-discrete contact's dissipation " \
    "(docs/energy.md, section 3): only `trapezoid` closes the balance"
extern const lt_known lt_linear_known[LIN_N_KNOWN];
/* 1 where the known defects show: slip allowed and a `dissipation` other than trapezoid. */
int lt_linear_slip_formula_not_discrete(const double *p);

/* linear's init and step on the first LIN_P_COUNT parameters and LIN_S_COUNT state doubles: fills
 * out->f[0..2] (no torque), out->k, out->energy[LIN_E_ELAST] and [LIN_E_PLAST]. */
void lt_linear_init(const double *p, const lt_contact *c, double *s);
int lt_linear_step(const double *p, const lt_contact *c, double *s, lt_response *out);

#endif
