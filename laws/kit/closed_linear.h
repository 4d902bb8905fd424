/* laws/kit/closed_linear.h - closed forms and tolerances that the analytic cases of the laws with a
 * linear normal spring share (laws/linear_cases.c, laws/spring_dashpot_cases.c,
 * laws/linel6_cases.c): Hooke's law along a normal load path, the elastic-perfectly-plastic
 * Coulomb shear cycle, the undamped normal impact.  Each takes the law's values (not its
 * parameter indices, which differ between laws), so a case file wraps it in the lt_case callback
 * of its law.  Units SI; signs and frame as in include/lawtester/law.h (uN < 0 in overlap, Fn < 0
 * compressive).
 *
 *   Hooke          Fn = kn uN, elast = kn uN^2/2 (no shear), reported kn, kt constant
 *   EPP cycle      a spring of slope k capped at M, cycled +-a: 4 M (a - M/k) a cycle
 *   shear cycle    at the held overlap delta, fy = tanPhi kn delta: the EPP cycle of kt and fy
 *   impact         w0 = sqrt(kn/m*): e = 1, t_c = pi/w0, delta_max = v/w0, F_max = kn v/w0
 * Reference: docs/verify.md (the case kinds and their quantities).
 */
#ifndef LT_CLOSED_FORMS_H
#define LT_CLOSED_FORMS_H
#include <lawtester/law.h>
#include <math.h>

/* The closed form evaluated at the recorded uN: a few operations, round-off only. */
#define TOL_FORMULA 1e-12
#define WHY_FORMULA "closed form at the recorded uN: round-off"
/* A quantity of the held overlap: the overlap is a difference of centre distances (~0.2 m)
 * built over ~1e4 steps, each rounding at ~3e-17 m: ~1e-11 of 1 mm, 1e-9 with a margin. */
#define TOL_POSITION 1e-9
#define WHY_POSITION "overlap from ~1e4 rounded position updates: ~1e-11 relative"
/* Restitution and contact time within 1e-4 of the closed forms at the case's dt. */
#define TOL_TARGET 1e-4
#define WHY_TARGET "verify's target at the case's time step (docs/verify.md)"

/* Hooke along a normal load path: kn, kt in N/m, uN in m. */
static inline void hooke_along(double kn, double kt, double uN, double out[LT_ALONG_COUNT])
{
    out[LT_ALONG_FN] = kn * uN;
    out[LT_ALONG_KN] = kn;
    out[LT_ALONG_KT] = kt;
    out[LT_ALONG_ELAST] = 0.5 * kn * uN * uN;
}

/* The cycle 0 -> +a -> -a -> +a of the case's DoF at held overlap (a = load[1], m or rad; speed
 * load[2]), elastic-perfectly-plastic of slope k (N/m or N m/rad) and cap M (N or N m): the full
 * cycle (the last two legs) encloses a parallelogram of height 2M whose sloped sides span 2M/k
 * each of the width 2a, so its area, the energy dissipated, is 2M (2a - 2M/k) = 4 M (a - M/k);
 * stiffness k (tolerance k_tol, why k_why), cap M (laws/kit/closed_linear.c). */
void lt_epp_cycle_expect(const lt_case_env *env, lt_expect *x, double k, double M, double k_tol,
                         const char *k_why);

/* The Coulomb shear cycle of an LT_CASE_SHEAR_CYCLE case (env->cycle: held overlap, amplitude,
 * speed): the elastic-perfectly-plastic cycle of slope kt and cap tanPhi kn delta; slip_why says
 * how the law returns onto the limit (the why of the slip force). */
static inline void coulomb_cycle_expect(double kn, double kt, double tanPhi, const lt_case_env *env,
                                        const char *slip_why, lt_expect *x)
{
    lt_epp_cycle_expect(env, x, kt, tanPhi * kn * env->cycle.overlap, TOL_FORMULA,
                        "constant stiffness: exact");
    x->why[LT_Q_CYCLE_ENERGY] =
        "onset of slip inside a step: <= kt du^2/8 per onset, two per cycle; overlap round-off";
    x->why[LT_Q_SLIP_FORCE] = slip_why;
}

/* The undamped normal impact of an LT_CASE_IMPACT case at env->impact.vn, kn in N/m. */
static inline void elastic_impact_expect(double kn, const lt_case_env *env, lt_expect *x)
{
    double m = env->c.mstar, v = env->impact.vn, w0 = sqrt(kn / m);
    x->value[LT_Q_RESTITUTION] = 1;
    x->value[LT_Q_CONTACT_TIME] = LT_PI / w0;
    x->value[LT_Q_MAX_OVERLAP] = v / w0;
    x->value[LT_Q_MAX_FORCE] = kn * v / w0;
    const int q[4] = {LT_Q_RESTITUTION, LT_Q_CONTACT_TIME, LT_Q_MAX_OVERLAP, LT_Q_MAX_FORCE};
    for (int i = 0; i < 4; i++) {
        x->tol[q[i]] = TOL_TARGET;
        x->why[q[i]] = WHY_TARGET;
        /* leapfrog: second order; the force's kink at touch and release (started half a step
         * before touch) keeps it so (e is symmetric: its error is ~1e-12, below any order) */
        x->order[q[i]] = 2;
    }
}

#endif
