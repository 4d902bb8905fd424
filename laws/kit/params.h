/* laws/kit/params.h - the parameters several built-in laws take, declared once, and the makers
 * of every other declaration: a law's parameter table (lt_param, include/lawtester/law.h) is a
 * list of these, one line each, in the law's own order.  The values of the shared choices live
 * here too, so that the sub-models of the kit (damping, tangential, rolling, slip work) and the
 * laws read one set of names.  SI units, stated in each declaration.
 *
 * A parameter whose value is taken from the materials when it is not given (kn, kt, tanPhi, E*,
 * G*) is flagged LT_PARAM_MATERIALS in the law's param_flags (law API 5); its default is NaN.
 * The choice names are defined in laws/kit/params.c.
 */
#ifndef LT_KIT_PARAMS_H
#define LT_KIT_PARAMS_H
#include <lawtester/law.h>
#include <math.h>

/* ---- the makers: one lt_param initialiser each ------------------------------------------- */

/* A real parameter in [lo, hi] (unit SI; dflt NaN: optional, the doc says what then). */
#define LT_KIT_REAL(nm, dflt, lo, hi, un, text)                                                 \
    {                                                                                           \
        .name = nm, .kind = LT_REAL, .def = dflt, .min = lo, .max = hi, .unit = un, .doc = text \
    }
/* A whole number in [lo, hi]. */
#define LT_KIT_INT(nm, dflt, lo, hi, text)                                                      \
    {                                                                                           \
        .name = nm, .kind = LT_INT, .def = dflt, .min = lo, .max = hi, .unit = "-", .doc = text \
    }
/* A boolean, false unless given. */
#define LT_KIT_BOOL(nm, text)                                                               \
    {                                                                                       \
        .name = nm, .kind = LT_BOOL, .def = 0, .min = 0, .max = 1, .unit = "-", .doc = text \
    }
/* A choice among n names (a NULL-terminated array), dflt its index. */
#define LT_KIT_CHOICE(nm, dflt, n, names, text)                                          \
    {                                                                                    \
        .name = nm, .kind = LT_CHOICE, .def = dflt, .min = 0, .max = (n)-1, .unit = "-", \
        .doc = text, .choices = names                                                    \
    }

/* ---- the shared choices ------------------------------------------------------------------- */

/* dashpotVel: the velocity a dashpot sees at the state, laws/kit/damping.h */
enum { LT_DASHPOT_EXTRAPOLATED, LT_DASHPOT_HALFSTEP, LT_DASHPOT_COUNT };
extern const char *const lt_dashpot_choices[];
/* coulombOn: the normal force the Coulomb limit takes, laws/kit/coulomb.h */
enum { LT_COULOMB_TOTAL, LT_COULOMB_COMPRESSIVE, LT_COULOMB_COUNT };
extern const char *const lt_coulomb_choices[];
/* tangential: the rule of the Hertz laws' tangential force, laws/kit/tangential.h */
enum { LT_TANGENTIAL_RESCALE, LT_TANGENTIAL_MD, LT_TANGENTIAL_INCREMENTAL, LT_TANGENTIAL_COUNT };
extern const char *const lt_tangential_choices[];
/* rolling: the rolling and twisting resistance of the Hertz laws, laws/kit/rolling.h */
enum { LT_RR_NONE, LT_RR_EPSD, LT_RR_EPSD2, LT_RR_COUNT };
extern const char *const lt_rolling_choices[];
/* dissipation: the slip-work formula, laws/kit/slip_work.h */
enum {
    LT_SLIP_TRAPEZOID,
    LT_SLIP_DOC,
    LT_SLIP_CODE,
    LT_SLIP_POTENTIAL,
    LT_SLIP_PATH,
    LT_SLIP_COUNT
};
extern const char *const lt_slip_work_choices[];

/* ---- the shared parameters ---------------------------------------------------------------- */

/* Springs and friction (from the materials when unset: the stiffness rule's kn, kt, tanPhi). */
#define LT_PARAM_KN_DOC(text) LT_KIT_REAL("kn", NAN, 0, INFINITY, "N/m", text)
#define LT_PARAM_KN LT_PARAM_KN_DOC("normal stiffness (default: from materials)")
#define LT_PARAM_KT \
    LT_KIT_REAL("kt", NAN, 0, INFINITY, "N/m", "tangential stiffness (default: from materials)")
#define LT_PARAM_TANPHI                          \
    LT_KIT_REAL("tanPhi", NAN, 0, INFINITY, "-", \
                "friction coefficient tan(phi) (default: from materials)")
#define LT_PARAM_NOSLIP \
    LT_KIT_BOOL("noSlip", "no Coulomb limit: the tangential spring stays elastic")
#define LT_PARAM_NOBREAK LT_KIT_BOOL("noBreak", "never break; uN > 0 gives a tensile normal force")
#define LT_PARAM_DISSIPATION                                                             \
    LT_KIT_CHOICE("dissipation", LT_SLIP_TRAPEZOID, LT_SLIP_COUNT, lt_slip_work_choices, \
                  "slip dissipation formula: trapezoid|doc|code|potential|path (docs/energy.md)")

/* Damping: the normal restitution (each law says what it sets, its default and least value),
 * clipping, the dashpot velocity, the normal force of the Coulomb limit. */
#define LT_PARAM_EN(dflt, lo, text) LT_KIT_REAL("en", dflt, lo, 1, "-", text)
#define LT_PARAM_CLIP LT_KIT_BOOL("clip", "clip the normal force at zero (no attraction; raises e)")
#define LT_PARAM_CLIPEN                                                                           \
    LT_KIT_BOOL("clipEn", "with clip: en is the restitution of the clipped contact (the damping " \
                          "from inverting it)")
#define LT_PARAM_DASHPOT_VEL                                                                   \
    LT_KIT_CHOICE("dashpotVel", LT_DASHPOT_EXTRAPOLATED, LT_DASHPOT_COUNT, lt_dashpot_choices, \
                  "dashpot velocity: extrapolated (2nd order) | halfstep (v_{n-1/2}, 1st order)")
#define LT_PARAM_COULOMB_ON                                                                     \
    LT_KIT_CHOICE("coulombOn", LT_COULOMB_TOTAL, LT_COULOMB_COUNT, lt_coulomb_choices,          \
                  "Coulomb limit on: total (tanPhi |Fn|, a pulling dashpot too) | compressive " \
                  "(tanPhi max(-Fn, 0))")

/* The Hertzian contact (E*, G* from the materials, R* from the curvature radii when unset). */
#define LT_PARAM_ESTAR                           \
    LT_KIT_REAL("Estar", NAN, 0, INFINITY, "Pa", \
                "effective modulus E* (default: from the materials)")
#define LT_PARAM_GSTAR                           \
    LT_KIT_REAL("Gstar", NAN, 0, INFINITY, "Pa", \
                "effective shear modulus G* (default: from the materials)")
#define LT_PARAM_RSTAR                          \
    LT_KIT_REAL("Rstar", NAN, 0, INFINITY, "m", \
                "effective radius R* (default: from the curvature radii)")

/* The tangential rules of the Hertz laws (laws/kit/tangential.h). */
#define LT_PARAM_TANGENTIAL                                                                      \
    LT_KIT_CHOICE("tangential", LT_TANGENTIAL_MD, LT_TANGENTIAL_COUNT, lt_tangential_choices,    \
                  "tangential rule: rescale (kt ratio on unloading) | md (Mindlin-Deresiewicz, " \
                  "history by the method of dimensionality reduction) | incremental (never "     \
                  "rescaled)")
#define LT_PARAM_MDCELLS                                                                      \
    LT_KIT_INT("mdCells", LT_MD_MAX_CELLS, 2, LT_MD_MAX_CELLS,                                \
               "md: most cells of the 1-D spring row (a whole number; the resolution of the " \
               "history)")
#define LT_PARAM_TANGENTIAL_DASHPOT                                                              \
    LT_KIT_BOOL("tangentialDashpot", "tangential Tsuji dashpot eta_t = eta_n sqrt(kt/kn) (same " \
                                     "damping ratio); Coulomb on spring + dashpot")
/* the most cells of the md row (a law's state array; mdCells at most this) */
#define LT_MD_MAX_CELLS 160

/* The option `rolling` of the Hertz laws (laws/kit/rolling.h): unset muR, muTw mean 0.1, etaR
 * 0, kr and ktw the rule's. */
#define LT_PARAM_ROLLING                                                                           \
    LT_KIT_CHOICE("rolling", LT_RR_NONE, LT_RR_COUNT, lt_rolling_choices,                          \
                  "rolling and twisting resistance: none | epsd (kr = 2.25 kn muR^2 R*^2, Ai et "  \
                  "al. 2011) | epsd2 (kr = kt R*^2, Iwashita & Oda 1998); kn = 2 E* a, kt = 8 G* " \
                  "a of this step")
#define LT_PARAM_ROLLING_MUR                  \
    LT_KIT_REAL("muR", NAN, 0, INFINITY, "-", \
                "rolling: friction coefficient mu_r, M_max = mu_r R* |Fn| (default: 0.1)")
#define LT_PARAM_ROLLING_ETAR                                                                 \
    LT_KIT_REAL("etaR", NAN, 0, 10, "-",                                                      \
                "rolling: damping ratio eta_r, C_r = eta_r 2 sqrt(I_r kr), while rolling is " \
                "elastic (default: 0)")
#define LT_PARAM_ROLLING_KR                        \
    LT_KIT_REAL("kr", NAN, 0, INFINITY, "N m/rad", \
                "rolling: stiffness (default: the rule's, from kn or kt)")
#define LT_PARAM_ROLLING_MUTW                  \
    LT_KIT_REAL("muTw", NAN, 0, INFINITY, "-", \
                "rolling: twisting friction coefficient, M_tw = muTw R* |Fn| (default: 0.1)")
#define LT_PARAM_ROLLING_KTW                        \
    LT_KIT_REAL("ktw", NAN, 0, INFINITY, "N m/rad", \
                "rolling: twisting stiffness (default: 4.5 kt muTw^2 R*^2)")

#endif
