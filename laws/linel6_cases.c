/* laws/linel6_cases.c - analytic verification cases of the elastic six-DoF law
 * (laws/linel6.c), run by `lawtester verify --law linel6`.  SI units.  Every law without
 * dissipated energies also gets the generic closed loop through all six DoFs (net work zero),
 * which exercises the torques; the stiffness values kw = kn l^2, kb = kt l^2 are checked on
 * hand-made contacts (tests/test_linel6.c).
 *   normal force   Fn = kn uN, elast = kn uN^2/2, reported kn, kt constant
 *   impact         elastic: e = 1, t_c = pi/w0, delta_max = v/w0, F_max = kn v/w0, w0 = sqrt(kn/m*)
 * (laws/kit/closed_linear.h).
 */
#include "kit/closed_linear.h"
#include "linel6.h"
#include <stddef.h>

static void normal_along(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT])
{
    hooke_along(env->param[L6_P_KN], env->param[L6_P_KT], uN, out);
}

static void impact_expect(const lt_case_env *env, lt_expect *x)
{
    elastic_impact_expect(env->param[L6_P_KN], env, x);
}

/* The cases' materials: E (Pa), nu, density (kg/m^3), ktDivKn, tanPhi */
#define MAT                                                                           \
    {                                                                                 \
        .young = 1e7, .poisson = 0.25, .density = 2600, .ktDivKn = 0.5, .tanPhi = 0.5 \
    }
#define MAT_DENSE                                                                     \
    {                                                                                 \
        .young = 1e7, .poisson = 0.25, .density = 7800, .ktDivKn = 0.5, .tanPhi = 0.5 \
    }

const lt_case lt_linel6_cases[L6_N_CASES] = {
    {.name = "normal-load",
     .doc = "Hooke: Fn, kn, kt, elast along loading to 1 mm and unloading",
     .kind = LT_CASE_NORMAL,
     .set = {{"kn", 2e6}, {"kt", 1e6}, {"charLen", 0.05}},
     .radius = {0.1, 0.05},
     .mat = {MAT, MAT},
     .normal = {.overlap = 1e-3, .speed = 1.0},
     .steps = 1000,
     .along = normal_along,
     .along_tol = TOL_FORMULA,
     .along_why = WHY_FORMULA},
    {.name = "impact",
     .doc =
         "elastic normal impact of unequal spheres at 2 m/s: e = 1, t_c = pi/w0, delta_max = v/w0",
     .kind = LT_CASE_IMPACT,
     .set = {{"kn", 2e6}, {"kt", 1e6}},
     .radius = {0.1, 0.05},
     .mat = {MAT, MAT_DENSE},
     .impact = {.vn = 2.0},
     .steps = 1000,
     .converge = 1,
     .expect = impact_expect},
};
