/* laws/walton_braun_cases.c - analytic verification cases of the Walton-Braun law
 * (laws/walton_braun.c), run by `lawtester verify --law walton_braun`.  SI units; signs and
 * frame as in include/lawtester/law.h.
 *
 * Closed forms (kn, kt, tanPhi, en as given in each case; m* the pair's effective mass, v the
 * approach speed, w0 = sqrt(kn/m*), kun = kn/en^2; derived in laws/walton_braun.c):
 *   impact       loading on kn: a quarter period pi/(2 w0), dmax = v/w0, Pmax = kn v/w0;
 *                unloading on kun: a quarter period (pi/2) en/w0 (w = w0/en), rebound speed
 *                Pmax/sqrt(kun m*) = en v, so e = en exactly; the force lasts
 *                t_f = (pi/2)(1 + en)/w0, the overlap t_c = t_f + d0/(en v) with the residual
 *                overlap d0 = (1 - en^2) dmax: t_c = t_f + (1 - en^2)/(en w0)
 *   en = 1       Hooke (laws/kit/closed_linear.h) along a normal load path
 *   shear cycle  at the held overlap delta (on the loading line), fy = tanPhi kn delta: the
 *                linear law's Coulomb loop, 4 fy (ua - fy/kt) a cycle
 *   closed loop  at a held overlap, without slip: the shear springs are elastic, no net work
 * The hysteresis loop of a normal load-unload-reload path (Fn along it, elast, the dissipated
 * (1 - en^2) kn dmax^2/2 a cycle) needs a branch-aware check that LT_CASE_NORMAL's `along`
 * (a function of uN alone) cannot give: tests/test_walton_braun.c drives it and compares.
 */
#include "kit/closed_linear.h"
#include "walton_braun.h"
#include <stddef.h>

/* Time-step error of the impact quantities.  The force is piecewise linear in the overlap, with
 * kinks at touch (aligned with a kick: gap 1/2), at dmax and at the end of the force.
 * - t_c, t_f, dmax: leapfrog's second order (observed 1.9 to 2.9).
 * - e: the force ends (delta = d0) at an arbitrary phase of a step with the slope
 *   kun en v = (m* w0^2) v/en: the last kick's impulse errs by at most that slope times
 *   dt^2/8, |de| <= (w0 dt)^2/(8 en), |de/e| <= (w0 dt)^2/(8 en^2): second order with a
 *   phase-dependent coefficient (erratic, e.g. 1.2 to 1.8 between dt and dt/4), so no order is
 *   asserted; the bound, falling with dt, is checked at dt, dt/2, dt/4.
 * - Pmax: the peak lies where the curvature of F(t) jumps from w0^2 Pmax (loading) to
 *   w0^2 Pmax/en^2 (unloading); the parabola through the three states about the largest errs by
 *   up to (1/2)(w0 dt/en)^2 Pmax, erratic with the phase: bound (w0 dt/en)^2 (a factor 2 of
 *   margin for the fit's overshoot), checked at each dt.
 * Plus 1e-12 of round-off (~1e4 steps). */
#define TOL_ROUND 1e-12
static void impact_expect(const lt_case_env *env, lt_expect *x)
{
    double kn = env->param[WB_P_KN], en = env->param[WB_P_EN], m = env->c.mstar, v = env->impact.vn;
    double w0 = sqrt(kn / m), tf = 0.5 * LT_PI * (1 + en) / w0, wdt = w0 * env->c.dt;
    x->value[LT_Q_RESTITUTION] = en;
    x->value[LT_Q_FORCE_TIME] = tf;
    x->value[LT_Q_CONTACT_TIME] = tf + (1 - en * en) / (en * w0);
    x->value[LT_Q_MAX_OVERLAP] = v / w0;
    x->value[LT_Q_MAX_FORCE] = kn * v / w0;
    const int q[3] = {LT_Q_FORCE_TIME, LT_Q_CONTACT_TIME, LT_Q_MAX_OVERLAP};
    for (int i = 0; i < 3; i++) {
        x->tol[q[i]] = TOL_TARGET;
        x->why[q[i]] = WHY_TARGET;
        x->order[q[i]] = 2;
    }
    x->tol[LT_Q_RESTITUTION] = wdt * wdt / (8 * en * en) + TOL_ROUND;
    x->why[LT_Q_RESTITUTION] =
        "force end at a phase of the step: |de/e| <= (w0 dt)^2/(8 en^2), erratic 2nd order";
    x->order[LT_Q_RESTITUTION] = NAN;
    x->tol[LT_Q_MAX_FORCE] = wdt * wdt / (en * en) + TOL_ROUND;
    x->why[LT_Q_MAX_FORCE] =
        "peak at a jump of curvature (kn to kn/en^2): parabola fit errs <= (w0 dt/en)^2";
    x->order[LT_Q_MAX_FORCE] = NAN;
}

static void normal_along(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT])
{
    hooke_along(env->param[WB_P_KN], env->param[WB_P_KT], uN, out);
}

static void cycle_expect(const lt_case_env *env, lt_expect *x)
{
    coulomb_cycle_expect(env->param[WB_P_KN], env->param[WB_P_KT], env->param[WB_P_TANPHI], env,
                         "radial return onto tanPhi kn delta: " WHY_POSITION, x);
}

/* --plot: the closed-form loop of the impact: up the loading line to dmax, down the unloading
 * line to d0 (the force-free crossing of the residual overlap follows). */
static void impact_curve(const lt_case_env *env, double s, double *uN, double *Fn)
{
    double kn = env->param[WB_P_KN], en = env->param[WB_P_EN],
           dmax = env->impact.vn / sqrt(kn / env->c.mstar);
    double d0 = (1 - en * en) * dmax,
           delta = s < 0.5 ? 2 * s * dmax : dmax - (2 * s - 1) * (dmax - d0);
    *uN = -delta;
    *Fn = s < 0.5 ? -kn * delta : -kn / (en * en) * (delta - d0);
}

#define MAT_A                                                                         \
    {                                                                                 \
        .young = 1e7, .poisson = 0.25, .density = 2600, .ktDivKn = 0.5, .tanPhi = 0.5 \
    }
#define MAT_STEEL                                                                     \
    {                                                                                 \
        .young = 2e11, .poisson = 0.3, .density = 7800, .ktDivKn = 0.5, .tanPhi = 0.5 \
    }

const lt_case lt_walton_braun_cases[WB_N_CASES] = {
    {.name = "normal-load-en1",
     .doc = "en = 1: kun = kn, d0 = 0, the linear law's Hooke spring along loading to 1 mm and "
            "unloading",
     .kind = LT_CASE_NORMAL,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}, {"en", 1}},
     .radius = {0.1, 0.1},
     .mat = {MAT_A, MAT_A},
     .normal = {.overlap = 1e-3, .speed = 1.0},
     .steps = 1000,
     .along = normal_along,
     .along_tol = TOL_FORMULA,
     .along_why = WHY_FORMULA},
    {.name = "impact-en0.5",
     .doc = "normal impact, en = 0.5: e = en, t_f = (pi/2)(1 + en)/w0, t_c = t_f + (1 - en^2)/(en "
            "w0), dmax = v/w0",
     .kind = LT_CASE_IMPACT,
     .set = {{"kn", 1e6}, {"en", 0.5}},
     .radius = {0.1, 0.1},
     .mat = {MAT_A, MAT_A},
     .impact = {.vn = 1.0},
     .steps = 2000,
     .converge = 1,
     .expect = impact_expect,
     .curve = impact_curve},
    {.name = "impact-en0.9-unequal",
     .doc = "normal impact of unequal spheres (steel on a light one) at 3 m/s, en = 0.9: as "
            "impact-en0.5",
     .kind = LT_CASE_IMPACT,
     .set = {{"kn", 4e6}, {"en", 0.9}},
     .radius = {0.1, 0.04},
     .mat = {MAT_A, MAT_STEEL},
     .impact = {.vn = 3.0},
     .steps = 2000,
     .converge = 1,
     .expect = impact_expect,
     .curve = impact_curve},
    {.name = "shear-cycle",
     .doc = "en = 0.5, at 1 mm overlap on the loading line, +-3 mm: linear's Coulomb loop, 4 mu Fn "
            "(ua - mu Fn/kt)",
     .kind = LT_CASE_SHEAR_CYCLE,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}, {"en", 0.5}},
     .radius = {0.1, 0.1},
     .mat = {MAT_A, MAT_A},
     .cycle = {.overlap = 1e-3, .amplitude = 3e-3, .speed = 1.0},
     .steps = 3000,
     .expect = cycle_expect},
    {.name = "closed-loop-shear",
     .doc = "en = 0.5, without slip, at a held overlap: elastic in uy, uz, zero net work around a "
            "closed loop",
     .kind = LT_CASE_CLOSED_LOOP,
     .set = {{"kn", 1e6}, {"kt", 5e5}, {"tanPhi", 0.5}, {"en", 0.5}, {"noSlip", 1}},
     .radius = {0.1, 0.05},
     .mat = {MAT_A, MAT_A},
     .loop = {.overlap = 1e-3, .amplitude = 5e-4},
     .steps = 500,
     .dofs = ".vv...",
     .along_tol = 1e-9,
     .along_why = "linear springs, trapezoid exact: round-off of ~3500 steps"},
};
