/* laws/hertz_adhesion_cases.c - analytic verification cases of the `hertz_adhesion` law
 * (laws/hertz_adhesion.c): `lawtester verify --law hertz_adhesion` (include/lawtester/law.h,
 * "analytic verification cases") and tests/test_adhesion.c.  SI units; signs of
 * include/lawtester/law.h (Fn on A, compression negative, attraction positive).
 *
 * Closed forms (w = gamma, the work of adhesion; E = E*, R = R*; delta = -uN; laws/hertz_adhesion.c
 * derives them; Johnson, Kendall & Roberts 1971, Derjaguin, Muller & Toporov 1975, Maugis 2000):
 *   JKR  a(delta) on the stable branch: the root s = sqrt(a) > s_c = (c R/4)^(1/3),
 *        c = sqrt(2 pi w/E), of s^4/R - c s = delta, found here by bisection (independent of
 *        the law's Newton); Fn = -(4 E a^3/(3R) - 2 E c a^(3/2)),
 *        kn = 2 E a (4 s^3 - 3 c R)/(4 s^3 - c R),
 *        U = 8 E a^5/(15 R^2) - (4/3) E c a^(7/2)/R + pi w a^2 (elastic + surface);
 *        separation at the neck delta_c = -(3/4) (pi^2 w^2 R/E^2)^(1/3).
 *   DMT  Fn = -((4/3) E sqrt(R) delta^(3/2) - 2 pi w R), kn = 2 E sqrt(R delta),
 *        U = (8/15) E sqrt(R) delta^(5/2) - 2 pi w R delta; separation at delta = 0.
 *   Beyond the separation (the law's last step of the contact): Fn = kn = U = 0.
 *   Pull-off (largest attraction): JKR (3/2) pi w R, DMT 2 pi w R.
 *   Cycle loss U(delta_sep) - U(0): JKR pi w (2/5 a_c^2 + 3/5 a_t^2), a_c^3 = pi w R^2/(8E),
 *        a_t^3 = 2 pi w R^2/E; DMT 0.
 */
#include "hertz_adhesion.h"
#include "kit/effective.h"
#include <math.h>
#include <stddef.h>

/* The law's a(delta) (Newton, |da| <= 2e-14 a) and the bisection here both sit at round-off of
 * s^4/R - c s = delta, whose root is conditioned by 1/g'(s): next to the neck the stiffness,
 * ~1/(s - s_c), carries a relative error ~ 1e-16 |delta_c|/(delta - delta_c), i.e. 1e-10 for a
 * state 1e-6 |delta_c| from the neck; the columns are compared relative to their largest value.
 * 1e-9 leaves a margin of 10. */
#define TOL_ALONG 1e-9
#define WHY_ALONG                                                                                \
    "a(delta) by Newton (law) and bisection (case): round-off, 1/(delta - delta_c) next to the " \
    "neck"

static double estar(const lt_case_env *env)
{
    const double *p = env->param;
    if (!isnan(p[HA_P_ESTAR])) return p[HA_P_ESTAR];
    return lt_effective_modulus(env->c.mat[0], env->c.mat[1]);
}

static double rstar(const lt_case_env *env)
{
    const double *p = env->param;
    return isnan(p[HA_P_RSTAR]) ? 1.0 / (1.0 / env->c.rcurv[0] + 1.0 / env->c.rcurv[1])
                                : p[HA_P_RSTAR];
}

/* sqrt of the JKR contact radius at delta >= delta_c by bisection on [s_c, s_hi]. */
static double jkr_root(double delta, double c, double R)
{
    double lo = cbrt(c * R / 4), hi = lo;
    while (hi * hi * hi * hi / R - c * hi < delta)
        hi = 2 * hi + 1e-300; /* bracket from the neck up */
    if (hi == lo && delta <= lo * lo * lo * lo / R - c * lo) return lo;
    for (int i = 0; i < 2000; i++) {
        double mid = 0.5 * (lo + hi);
        if (mid == lo || mid == hi) break;
        if (mid * mid * mid * mid / R - c * mid < delta)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

double lt_adhesion_separation(int model, double w, double E, double R)
{
    if (model == HA_MODEL_DMT) return 0;
    return -0.75 * cbrt(LT_PI * LT_PI * w * w * R / (E * E));
}

lt_adhesion_state lt_adhesion_closed_form(int model, double w, double E, double R, double delta)
{
    lt_adhesion_state st = {0};
    if (delta < lt_adhesion_separation(model, w, E, R)) return st;
    st.contact = 1;
    if (model == HA_MODEL_DMT) {
        st.a = sqrt(R * delta);
        st.fn = -(4.0 / 3.0 * E * sqrt(R) * pow(delta, 1.5) - 2 * LT_PI * w * R);
        st.kn = 2 * E * st.a;
        st.u = 8.0 / 15.0 * E * sqrt(R) * pow(delta, 2.5) - 2 * LT_PI * w * R * delta;
        return st;
    }
    double c = sqrt(2 * LT_PI * w / E), s = jkr_root(delta, c, R), a = s * s;
    st.a = a;
    st.fn = -(4 * E * pow(a, 3) / (3 * R) - 2 * E * c * pow(a, 1.5));
    st.kn = a > 0 ? 2 * E * a * (4 * pow(s, 3) - 3 * c * R) / (4 * pow(s, 3) - c * R) : 0;
    st.u =
        8 * E * pow(a, 5) / (15 * R * R) - 4.0 / 3.0 * E * c * pow(a, 3.5) / R + LT_PI * w * a * a;
    return st;
}

double lt_adhesion_cycle_loss(int model, double w, double E, double R)
{
    if (model == HA_MODEL_DMT) return 0;
    double ac = cbrt(LT_PI * w * R * R / (8 * E)), at = cbrt(2 * LT_PI * w * R * R / E);
    return LT_PI * w * (0.4 * ac * ac + 0.6 * at * at);
}

double lt_adhesion_pull_off(int model, double w, double R)
{
    return (model == HA_MODEL_DMT ? 2.0 : 1.5) * LT_PI * w * R;
}

static void normal_along(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT])
{
    const double *p = env->param;
    lt_adhesion_state st =
        lt_adhesion_closed_form((int)p[HA_P_MODEL], p[HA_P_GAMMA], estar(env), rstar(env), -uN);
    out[LT_ALONG_FN] = st.fn;
    out[LT_ALONG_KN] = st.kn;
    out[LT_ALONG_KT] = 0;
    out[LT_ALONG_ELAST] = st.u;
}

/* Soft elastomer spheres (E = 1 MPa, nu = 0.5: E* = 0.667 MPa), r = 10 mm, w = 0.05 J/m^2:
 * JKR neck at -4.9 um, pull-off 1.2 mN; loading to 20 um (5.6 mN of Hertz) makes the loop
 * visible on one plot. */
#define MAT                                                                          \
    {                                                                                \
        .young = 1e6, .poisson = 0.5, .density = 1100, .ktDivKn = 0.5, .tanPhi = 0.5 \
    }

const lt_case lt_hertz_adhesion_cases[HA_N_CASES] = {
    {.name = "jkr-normal",
     .doc = "JKR (Johnson, Kendall & Roberts 1971): Fn, kn, U = elast + surf along loading to 20 "
            "um and unloading through the pull-off to the neck (a(delta) by bisection)",
     .kind = LT_CASE_NORMAL,
     .set = {{"model", HA_MODEL_JKR}, {"gamma", 0.05}},
     .shape = {"sphere", "sphere"},
     .radius = {0.01, 0.01},
     .mat = {MAT, MAT},
     .normal = {.overlap = 2e-5, .speed = 1e-3},
     .steps = 4000,
     .along = normal_along,
     .along_tol = TOL_ALONG,
     .along_why = WHY_ALONG},
    {.name = "jkr-wall",
     .doc = "JKR sphere on a wall (R* = r): Fn, kn, U along loading to 20 um and unloading to the "
            "neck",
     .kind = LT_CASE_NORMAL,
     .set = {{"model", HA_MODEL_JKR}, {"gamma", 0.05}},
     .shape = {"wall", "sphere"},
     .radius = {0, 0.01},
     .mat = {MAT, MAT},
     .normal = {.overlap = 2e-5, .speed = 1e-3},
     .steps = 4000,
     .along = normal_along,
     .along_tol = TOL_ALONG,
     .along_why = WHY_ALONG},
    {.name = "dmt-normal",
     .doc = "DMT (Derjaguin, Muller & Toporov 1975): Hertz minus 2 pi w R*: Fn, kn, U along "
            "loading to 20 um and unloading to touch",
     .kind = LT_CASE_NORMAL,
     .set = {{"model", HA_MODEL_DMT}, {"gamma", 0.05}},
     .shape = {"sphere", "sphere"},
     .radius = {0.01, 0.01},
     .mat = {MAT, MAT},
     .normal = {.overlap = 2e-5, .speed = 1e-3},
     .steps = 4000,
     .along = normal_along,
     .along_tol = TOL_ALONG,
     .along_why = WHY_ALONG},
};
