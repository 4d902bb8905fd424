/* laws/linear_rolling_cases.c - analytic verification cases of the `linear_rolling` law
 * (laws/linear_rolling.c): `lawtester verify --law linear_rolling` (include/lawtester/law.h,
 * "analytic verification cases"; laws/linear_rolling.h says which of them verify runs) and
 * tests/test_rolling.c.  SI units.
 *
 * Closed forms (kn, kt, tanPhi, muR, muTw, kr, ktw as set in each case; overlap delta held):
 *   R*             1/(1/r1 + 1/r2) from the curvature radii (a wall's is infinite: R* = r)
 *   normal force   Fn = kn uN, elast = kn uN^2/2 (no shear, no rotation), kn, kt constant
 *   cycle on DoF d 0 -> +a -> -a -> +a at constant overlap: elastic-perfectly-plastic with
 *                  slope k and cap M (both below); the full cycle (the last two legs) encloses
 *                  a parallelogram of height 2M whose sloped sides span 2M/k each of the width
 *                  2a, so its area, the energy dissipated, is 2M (2a - 2M/k) = 4 M (a - M/k)
 *     d = 1 (shear)     k = kt,                      M = tanPhi kn delta   (Cundall & Strack)
 *     d = 4, 5 (rolling) k = kr or 2.25 kn muR^2 R*^2, M = muR R* kn delta   (Ai et al. 2011)
 *     d = 3 (twist)     k = ktw or 4.5 kt muTw^2 R*^2, M = muTw R* kn delta
 *                       (laws/linear_rolling.c)
 *   The same cycle and a spinning impact serve the Hertz laws' option `rolling`
 *   (laws/kit/closed_rolling.h).
 */
#include "kit/closed_linear.h"
#include "kit/closed_rolling.h"
#include "kit/rolling.h"
#include "linear_rolling.h"
#include <math.h>
#include <stddef.h>

static double rstar(const lt_case_env *env)
{
    return 1.0 / (1.0 / env->c.rcurv[0] + 1.0 / env->c.rcurv[1]);
}

static void normal_along(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT])
{
    double kn = env->param[LR_P_KN];
    out[LT_ALONG_FN] = kn * uN;
    out[LT_ALONG_KN] = kn;
    out[LT_ALONG_KT] = env->param[LR_P_KT];
    out[LT_ALONG_ELAST] = 0.5 * kn * uN * uN;
}

static void shear_expect(const lt_case_env *env, lt_expect *x)
{
    const double *p = env->param;
    lt_epp_cycle_expect(env, x, p[LR_P_KT], p[LR_P_TANPHI] * p[LR_P_KN] * env->load[0], TOL_FORMULA,
                        "constant stiffness: exact");
}

static void bending_expect(const lt_case_env *env, lt_expect *x)
{
    const double *p = env->param;
    double R = rstar(env), kr = isnan(p[LR_P_KR])
                                    ? 2.25 * p[LR_P_KN] * p[LR_P_MUR] * p[LR_P_MUR] * R * R
                                    : p[LR_P_KR];
    lt_epp_cycle_expect(env, x, kr, p[LR_P_MUR] * R * p[LR_P_KN] * env->load[0], TOL_SLOPE,
                        WHY_SLOPE);
}

static void twist_expect(const lt_case_env *env, lt_expect *x)
{
    const double *p = env->param;
    double R = rstar(env), ktw = isnan(p[LR_P_KTW])
                                     ? 4.5 * p[LR_P_KT] * p[LR_P_MUTW] * p[LR_P_MUTW] * R * R
                                     : p[LR_P_KTW];
    lt_epp_cycle_expect(env, x, ktw, p[LR_P_MUTW] * R * p[LR_P_KN] * env->load[0], TOL_SLOPE,
                        WHY_SLOPE);
}

#define MAT                                                                           \
    {                                                                                 \
        .young = 1e7, .poisson = 0.25, .density = 2600, .ktDivKn = 0.5, .tanPhi = 0.5 \
    }

const lt_case lt_linear_rolling_cases[LR_N_CASES] = {
    {.name = "normal-load",
     .doc = "Hooke as `linear`, no torque on a normal path: Fn, kn, kt, elast along loading to 1 "
            "mm and unloading",
     .kind = LT_CASE_NORMAL,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}, {"muR", 0.3}, {"muTw", 0.2}},
     .shape = {"sphere", "sphere"},
     .radius = {0.1, 0.05},
     .mat = {MAT, MAT},
     .load = {1e-3, 1.0},
     .steps = 1000,
     .along = normal_along,
     .along_tol = TOL_FORMULA,
     .along_why = WHY_FORMULA},
    {.name = "shear-cycle",
     .doc = "as `linear`: elastic-perfectly-plastic shear loop at 1 mm overlap, +-3 mm: 4 mu Fn "
            "(ua - mu Fn/kt)",
     .kind = LT_CASE_CYCLE,
     .dof = 1,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}, {"muR", 0.3}, {"muTw", 0.2}},
     .shape = {"sphere", "sphere"},
     .radius = {0.1, 0.05},
     .mat = {MAT, MAT},
     .load = {1e-3, 3e-3, 1.0},
     .steps = 3000,
     .expect = shear_expect},
    {.name = "bending-cycle",
     .doc = "rolling about y at 1 mm overlap, +-0.15 rad, kr = 2.25 kn muR^2 R*^2: cap muR R* Fn, "
            "4 M (a - M/kr) a cycle",
     .kind = LT_CASE_CYCLE,
     .dof = 4,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}, {"muR", 0.3}, {"muTw", 0.2}},
     .shape = {"sphere", "sphere"},
     .radius = {0.1, 0.05},
     .mat = {MAT, MAT},
     .load = {1e-3, 0.15, 1.0},
     .steps = 3000,
     .expect = bending_expect},
    {.name = "bending-cycle-z",
     .doc = "rolling about z, equal spheres (R* = r/2), given kr = 500 N m/rad, +-0.1 rad: cap muR "
            "R* Fn, 4 M (a - M/kr)",
     .kind = LT_CASE_CYCLE,
     .dof = 5,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}, {"muR", 0.3}, {"kr", 500}},
     .shape = {"sphere", "sphere"},
     .radius = {0.1, 0.1},
     .mat = {MAT, MAT},
     .load = {1e-3, 0.1, 1.0},
     .steps = 2000,
     .expect = bending_expect},
    {.name = "twist-cycle",
     .doc = "twist, sphere on a wall, +-0.1 rad, ktw = 4.5 kt muTw^2 R*^2: cap muTw R* Fn, 4 M (a "
            "- M/ktw) a cycle",
     .kind = LT_CASE_CYCLE,
     .dof = 3,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}, {"muR", 0.3}, {"muTw", 0.2}},
     .shape = {"wall", "sphere"},
     .radius = {0, 0.1},
     .mat = {MAT, MAT},
     .load = {1e-3, 0.1, 1.0},
     .steps = 2000,
     .expect = twist_expect},
};
