/* laws/linear_cases.c - analytic verification cases of the linear law (laws/linear.c), run by
 * `lawtester verify --law linear` (include/lawtester/law.h, "analytic verification cases").  SI
 * units.
 *
 * Closed forms used (laws/kit/closed_linear.h; kn, kt, tanPhi as given in each case; m* the pair's
 * effective mass):
 *   normal force   Fn = kn uN, elast = kn uN^2/2 (no shear), reported kn, kt constant
 *   shear cycle    at constant overlap, fy = tanPhi kn delta: elastic-perfectly-plastic; the
 *                  energy dissipated over a full cycle +-ua is 4 fy (ua - fy/kt)
 *   impact         w0 = sqrt(kn/m*): e = 1, t_c = pi/w0, delta_max = v/w0, F_max = kn v/w0
 */
#include "kit/closed_linear.h"
#include "linear.h"
#include <stddef.h>

static void normal_along(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT])
{
    hooke_along(env->param[LIN_P_KN], env->param[LIN_P_KT], uN, out);
}

static void cycle_expect(const lt_case_env *env, lt_expect *x)
{
    coulomb_cycle_expect(env->param[LIN_P_KN], env->param[LIN_P_KT], env->param[LIN_P_TANPHI], env,
                         "radial return onto tanPhi kn delta: " WHY_POSITION, x);
}

static void impact_expect(const lt_case_env *env, lt_expect *x)
{
    elastic_impact_expect(env->param[LIN_P_KN], env, x);
}

/* The cases' material: E (Pa), nu, density (kg/m^3), ktDivKn, tanPhi */
#define MAT                                                                           \
    {                                                                                 \
        .young = 1e7, .poisson = 0.25, .density = 2600, .ktDivKn = 0.5, .tanPhi = 0.5 \
    }

const lt_case lt_linear_cases[LIN_N_CASES] = {
    {.name = "normal-load",
     .doc = "Hooke: Fn, kn, kt, elast along loading to 1 mm and unloading",
     .kind = LT_CASE_NORMAL,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}},
     .shape = {"sphere", "sphere"},
     .radius = {0.1, 0.1},
     .mat = {MAT, MAT},
     .normal = {.overlap = 1e-3, .speed = 1.0},
     .steps = 1000,
     .along = normal_along,
     .along_tol = TOL_FORMULA,
     .along_why = WHY_FORMULA},
    {.name = "shear-cycle",
     .doc = "elastic-perfectly-plastic loop at 1 mm overlap, +-3 mm: 4 mu Fn (ua - mu Fn/kt) per "
            "cycle",
     .kind = LT_CASE_SHEAR_CYCLE,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}},
     .shape = {"sphere", "sphere"},
     .radius = {0.1, 0.1},
     .mat = {MAT, MAT},
     .cycle = {.overlap = 1e-3, .amplitude = 3e-3, .speed = 1.0},
     .steps = 3000,
     .expect = cycle_expect},
    {.name = "closed-loop",
     .doc = "without slip the law is elastic in uN, uy, uz: zero net work around a closed loop",
     .kind = LT_CASE_CLOSED_LOOP,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}, {"noSlip", 1}},
     .shape = {"sphere", "sphere"},
     .radius = {0.1, 0.05},
     .mat = {MAT, MAT},
     .loop = {.overlap = 1e-3, .amplitude = 5e-4},
     .steps = 500,
     .dofs = "vvv...",
     .along_tol = 1e-9,
     .along_why = "linear springs, trapezoid exact: round-off of 3500 steps"},
    {.name = "impact",
     .doc = "elastic normal impact at 1 m/s: e = 1, t_c = pi/w0, delta_max = v/w0",
     .kind = LT_CASE_IMPACT,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}},
     .shape = {"sphere", "sphere"},
     .radius = {0.1, 0.1},
     .mat = {MAT, MAT},
     .impact = {.vn = 1.0},
     .steps = 1000,
     .converge = 1,
     .expect = impact_expect},
};
