/* tests/test_spring_dashpot.c - the spring-dashpot law on hand-made contacts: damping from
 * restitution, the dashpot velocity, clipping, the Coulomb return of the whole force (Luding),
 * the parameter check, and breakage; the oblique-impact closed forms of its verify cases
 * against a direct integration of the damped oscillator. */
#include "../laws/spring_dashpot.h"
#include "check.h"
#include "contact/registry.h"
#include "hand.h"

/* Closed forms of a handful of operations: 1e-14 relative covers their round-off (~50 ulp). */
#define TOL_ROUNDOFF 1e-14

static const lt_law *sd(void) { return lt_find_law("spring_dashpot"); }

static void params(double *p) { hand_params(sd(), p, 1e6, 4e5, 0.5); }

/* hand.h's two spheres (radii of curvature 0.1 m, m* 2.5 kg) at their first step (fresh). */
static lt_contact contact(double uN, double vn, double vy, double vz)
{
    lt_contact c = hand_contact(uN, vn, vy, vz, 1e-6);
    c.rcurv[0] = c.rcurv[1] = 0.1;
    c.mstar = 2.5;
    c.fresh = 1;
    return c;
}

static void test_registered_and_check(void)
{
    const lt_law *law = sd();
    CHECK(law != NULL);
    if (!law) return;
    CHECK(law->api_version == LT_LAW_API_VERSION);
    double p[LT_MAX_PARAMS];
    params(p);
    CHECK(law->check(p) == NULL);
    p[SD_P_EN] = 0.5;
    CHECK(law->check(p) == NULL);
    p[SD_P_ZETAN] = 0.1;
    CHECK(law->check(p) != NULL && strstr(law->check(p), "en or as zetaN"));
    params(p);
    p[SD_P_ET] = 0.5;
    p[SD_P_ZETAT] = 0.1;
    CHECK(law->check(p) != NULL && strstr(law->check(p), "et or as zetaT"));
}

/* en sets zetaN = -ln e/sqrt(pi^2 + ln^2 e); gn = 2 zeta sqrt(kn m*).  The round trip
 * e = exp(-pi zeta/sqrt(1 - zeta^2)) must give en back (the closed form is exact). */
static void test_damping_from_restitution(void)
{
    const lt_law *law = sd();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    params(p);
    const double es[] = {1e-3, 0.2, 0.5, 0.9, 1.0};
    for (int i = 0; i < 5; i++) {
        p[SD_P_EN] = es[i];
        p[SD_P_ET] = es[4 - i];
        memset(s, 0, sizeof s);
        lt_contact c = contact(-1e-5, 0, 0, 0);
        law->init(p, &c, s);
        double zn = s[SD_S_GN] / (2 * sqrt(1e6 * 2.5)), zt = s[SD_S_GT] / (2 * sqrt(4e5 * 2.5));
        CHECK_REL(exp(-LT_TEST_PI * zn / sqrt(1 - zn * zn)), es[i], TOL_ROUNDOFF,
                  "en back from zetaN");
        CHECK_REL(exp(-LT_TEST_PI * zt / sqrt(1 - zt * zt)), es[4 - i], TOL_ROUNDOFF,
                  "et back from zetaT");
    }
    /* a ratio given directly */
    params(p);
    p[SD_P_ZETAN] = 0.3;
    lt_contact c = contact(-1e-5, 0, 0, 0);
    law->init(p, &c, s);
    CHECK_REL(s[SD_S_GN], 2 * 0.3 * sqrt(1e6 * 2.5), TOL_ROUNDOFF, "gn from zetaN");
    CHECK(s[SD_S_GT] == 0);
}

/* Fn = kn uN + gn v*, with v* = v_{n-1/2} (halfstep, or the first step) or the extrapolation
 * (3 v_{n-1/2} - v_{n-3/2})/2. */
static void test_normal_force_and_dashpot_velocity(void)
{
    const lt_law *law = sd();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    params(p);
    p[SD_P_ZETAN] = 0.2;
    lt_contact c = contact(-1e-5, -2.0, 0, 0);
    law->init(p, &c, s);
    double gn = s[SD_S_GN];
    lt_response r = {0};
    CHECK(law->step(p, &c, s, &r) == 1);
    CHECK_REL(r.f[0], 1e6 * -1e-5 + gn * -2.0, TOL_ROUNDOFF, "first step: v* = v");
    c.fresh = 0;
    c.uN = -2.8e-5;
    c.v[0] = -1.8;
    law->step(p, &c, s, &r);
    CHECK_REL(r.f[0], 1e6 * -2.8e-5 + gn * (1.5 * -1.8 - 0.5 * -2.0), TOL_ROUNDOFF,
              "extrapolated v*");
    p[SD_P_DASHPOT] = 1; /* halfstep */
    c.uN = -4.4e-5;
    c.v[0] = -1.6;
    law->step(p, &c, s, &r);
    CHECK_REL(r.f[0], 1e6 * -4.4e-5 + gn * -1.6, TOL_ROUNDOFF, "halfstep v*");
}

/* Separating fast at small overlap, the unclipped force is tensile (positive on A); clip
 * makes it zero, and the dashpot then carries -Fe: visc books that work. */
static void test_clip(void)
{
    const lt_law *law = sd();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    params(p);
    p[SD_P_ZETAN] = 0.5;
    p[SD_P_DASHPOT] = 1;
    lt_contact c = contact(-1e-6, 3.0, 0, 0);
    law->init(p, &c, s);
    lt_response r = {0};
    law->step(p, &c, s, &r);
    double fe = 1e6 * -1e-6, fv = s[SD_S_GN] * 3.0;
    CHECK(fe + fv > 0);
    CHECK_REL(r.f[0], fe + fv, TOL_ROUNDOFF, "unclipped: tensile");
    p[SD_P_CLIP] = 1;
    memset(s, 0, sizeof s);
    law->init(p, &c, s);
    law->step(p, &c, s, &r);
    CHECK(r.f[0] == 0);
    /* visc of the first step: trapezoid from 0 to the dashpot's share (0 - fe) over v dt */
    CHECK_REL(r.energy[SD_E_VISC], 0.5 * (0 - fe) * 3.0 * 1e-6, TOL_ROUNDOFF,
              "visc with the clipped dashpot");
}

/* Coulomb: the whole trial force (spring + dashpot) is scaled back to the circle of radius
 * tanPhi |Fn|, along its own direction, and the spring displacement by the same factor; with
 * a dashpot that alone exceeds the limit, both dissipations stay positive. */
static void test_coulomb_return_of_the_whole_force(void)
{
    const lt_law *law = sd();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    params(p);
    p[SD_P_ZETAT] = 0.3;
    p[SD_P_DASHPOT] = 1;
    double vy = 300, vz = -400; /* m/s: a large slip in one step of 1e-6 s */
    lt_contact c = contact(-1e-3, 0, vy, vz);
    law->init(p, &c, s);
    double gt = s[SD_S_GT];
    lt_response r = {0};
    law->step(p, &c, s, &r);
    double fy = 0.5 * 1e3;
    double ty = 4e5 * vy * 1e-6 + gt * vy, tz = 4e5 * vz * 1e-6 + gt * vz, tn = hypot(ty, tz);
    CHECK(tn > fy);
    CHECK_REL(r.f[1], fy * ty / tn, TOL_ROUNDOFF, "Fty on the circle along the trial");
    CHECK_REL(r.f[2], fy * tz / tn, TOL_ROUNDOFF, "Ftz on the circle along the trial");
    CHECK_REL(s[SD_S_XIY], vy * 1e-6 * fy / tn, TOL_ROUNDOFF, "spring y scaled like the force");
    CHECK_REL(s[SD_S_XIZ], vz * 1e-6 * fy / tn, TOL_ROUNDOFF, "spring z scaled like the force");
    CHECK(gt * hypot(vy, vz) > fy && r.energy[SD_E_PLAST] > 0 && r.energy[SD_E_VISC] > 0);
    p[SD_P_NOSLIP] = 1;
    memset(s, 0, sizeof s);
    law->init(p, &c, s);
    law->step(p, &c, s, &r);
    CHECK_REL(r.f[1], ty, TOL_ROUNDOFF, "noSlip keeps the trial force");
}

static void test_breaks_when_apart(void)
{
    const lt_law *law = sd();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    params(p);
    lt_contact c = contact(1e-12, 0, 0, 0);
    law->init(p, &c, s);
    lt_response r = {0};
    CHECK(law->step(p, &c, s, &r) == 0);
}

/* ---- the oblique impact's J = int |Fn| dt and D = int delta |Fn| dt (laws/spring_dashpot_cases.c,
 * oblique_expect) against RK4 on y = (delta, delta', J, D), delta'' = -(kn delta + gn delta')/m,
 * until delta returns to 0 (the last step cut by bisection). */
static void osc_deriv(const double y[4], double w0, double beta, double dy[4])
{
    double f = w0 * w0 * y[0] + 2 * beta * y[1]; /* compressive force over m */
    dy[0] = y[1];
    dy[1] = -f;
    dy[2] = fabs(f);
    dy[3] = y[0] * fabs(f);
}

static void osc_rk4(double y[4], double h, double w0, double beta)
{
    double k[4][4], t[4];
    const double c[4] = {0, 0.5, 0.5, 1};
    for (int j = 0; j < 4; j++) {
        for (int i = 0; i < 4; i++) t[i] = y[i] + (j ? c[j] * h * k[j - 1][i] : 0);
        osc_deriv(t, w0, beta, k[j]);
    }
    for (int i = 0; i < 4; i++) y[i] += h / 6 * (k[0][i] + 2 * k[1][i] + 2 * k[2][i] + k[3][i]);
}

/* RK4 at 1e5 steps per contact: the O(h^2) local error where |f| has its kink dominates
 * (differences to the closed forms 1e-11 for J, 1e-12 for D; 1.6e-11 and 1.6e-12 at half the
 * steps); 1e-10.  (D is recovered from w' = mu (r J - D/2)/I, a 1e-4 correction there.) */
#define TOL_OSC 1e-10

static void test_oblique_closed_forms_against_ode(void)
{
    const lt_law *law = sd();
    const lt_case *cs = NULL;
    for (int i = 0; i < law->n_cases; i++)
        if (strcmp(law->cases[i].name, "co4-45deg") == 0) cs = &law->cases[i];
    CHECK(cs != NULL);
    if (!cs) return;
    double p[LT_MAX_PARAMS];
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    for (int j = 0; cs->set[j].name; j++)
        p[lt_law_param_index(law, cs->set[j].name)] = cs->set[j].value;
    double r = cs->radius[1], m = 1.7e-4, kn = 3e9, mu = 0.092, vn = cs->load[0], vt = cs->load[1];
    lt_case_env env = {0};
    env.param = p;
    env.c = contact(0, 0, 0, 0);
    env.c.rcurv[0] = INFINITY, env.c.rcurv[1] = r;
    env.c.kn = kn, env.c.kt = kn / 2, env.c.tanPhi = mu, env.c.mstar = m, env.c.dt = 1e-10;
    env.mass[0] = INFINITY, env.mass[1] = m;
    memcpy(env.load, cs->load, sizeof env.load);
    lt_expect x;
    for (int q = 0; q < LT_Q_COUNT; q++) x.value[q] = NAN;
    cs->expect(&env, &x);
    double l = log(p[SD_P_EN]), zeta = -l / sqrt(LT_TEST_PI * LT_TEST_PI + l * l),
           w0 = sqrt(kn / m), beta = zeta * w0;
    double tc = LT_TEST_PI / (w0 * sqrt(1 - zeta * zeta)), h = tc / 1e5, y[4] = {0, vn, 0, 0};
    while (y[0] >= 0) {
        double y1[4] = {y[0], y[1], y[2], y[3]};
        osc_rk4(y1, h, w0, beta);
        if (y1[0] < 0) { /* cut the last step where delta = 0 */
            double lo = 0, hi = h;
            for (int it = 0; it < 100; it++) {
                double mid = 0.5 * (lo + hi), ym[4] = {y[0], y[1], y[2], y[3]};
                osc_rk4(ym, mid, w0, beta);
                if (ym[0] < 0)
                    hi = mid;
                else
                    lo = mid;
            }
            osc_rk4(y, lo, w0, beta);
            break;
        }
        memcpy(y, y1, sizeof y);
    }
    double J = (vt - x.value[LT_Q_TANGENT_OUT]) * m / mu;
    double D = 2 * (r * J - 0.4 * m * r * r * x.value[LT_Q_SPIN_B] / mu);
    CHECK_REL(J, m * y[2], TOL_OSC, "J = int |Fn| dt");
    CHECK_REL(D, m * y[3], TOL_OSC, "D = int delta |Fn| dt");
    CHECK_REL(-y[1] / vn, p[SD_P_EN], TOL_OSC, "e = en of the reference");
}

/* ---- the damping options: clipEn, coulombOn --------------------------------------------- */

/* clipEn: zetaN from inverting the clipped restitution, so the clipped impact's e is en: RK4 on
 * the oscillator (as above) until its force kn delta + gn delta' reaches zero (the last step cut
 * by bisection), e = -delta'/vn there.  Overdamped (en = 0.1 < e^-2) too.  The refusals. */
static void test_clip_en(void)
{
    const lt_law *law = sd();
    const double ens[] = {0.1, 0.3, 0.4, 0.7, 0.95};
    for (int i = 0; i < 5; i++) {
        double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
        params(p);
        p[SD_P_EN] = ens[i], p[SD_P_CLIP] = 1, p[SD_P_CLIPEN] = 1;
        CHECK(law->check(p) == NULL);
        lt_contact c = contact(-1e-5, 0, 0, 0);
        law->init(p, &c, s);
        double m = 2.5, w0 = sqrt(1e6 / m), beta = s[SD_S_GN] / (2 * m), h = 1e-5 / w0,
               y[4] = {0, 1.0, 0, 0};
        for (int guard = 0; guard < 10000000; guard++) {
            double y1[4] = {y[0], y[1], y[2], y[3]};
            osc_rk4(y1, h, w0, beta);
            if (w0 * w0 * y1[0] + 2 * beta * y1[1] < 0) {
                double lo = 0, hi = h;
                for (int it = 0; it < 100; it++) {
                    double mid = 0.5 * (lo + hi), ym[4] = {y[0], y[1], y[2], y[3]};
                    osc_rk4(ym, mid, w0, beta);
                    if (w0 * w0 * ym[0] + 2 * beta * ym[1] < 0)
                        hi = mid;
                    else
                        lo = mid;
                }
                osc_rk4(y, lo, w0, beta);
                break;
            }
            memcpy(y, y1, sizeof y);
        }
        CHECK_REL(-y[1], ens[i], TOL_OSC, "clipped e = en");
    }
    double p[LT_MAX_PARAMS];
    params(p);
    p[SD_P_CLIPEN] = 1;
    p[SD_P_EN] = 0.3;
    CHECK(law->check(p) != NULL && strstr(law->check(p), "needs clip = 1"));
    p[SD_P_CLIP] = 1;
    p[SD_P_EN] = NAN;
    p[SD_P_ZETAN] = 0.2;
    CHECK(law->check(p) != NULL && strstr(law->check(p), "give en"));
}

/* coulombOn = compressive: no friction while the unclipped dashpot pulls, tanPhi |Fn| in
 * compression as with total; the declared limit follows. */
static void test_coulomb_on_compressive(void)
{
    const lt_law *law = sd();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    params(p);
    p[SD_P_EN] = 0.3;
    lt_contact c = contact(-1e-5, 50.0, 1e7, 0); /* pulling apart fast, sliding */
    lt_response r = {0};
    law->init(p, &c, s);
    law->step(p, &c, s, &r);
    CHECK(r.f[0] > 0);
    CHECK_REL(fabs(r.f[1]), 0.5 * r.f[0], TOL_ROUNDOFF, "total: tanPhi |Fn| in tension");
    p[SD_P_COULOMB] = LT_COULOMB_COMPRESSIVE;
    memset(s, 0, sizeof s);
    law->init(p, &c, s);
    law->step(p, &c, s, &r);
    CHECK(r.f[0] > 0 && r.f[1] == 0 && s[SD_S_XIY] == 0);
    CHECK(law->yield->ft_max(p, s, r.f[0]) == 0);
    c = contact(-1e-5, -1.0, 1e7, 0);
    memset(s, 0, sizeof s);
    law->init(p, &c, s);
    law->step(p, &c, s, &r);
    CHECK(r.f[0] < 0);
    CHECK_REL(fabs(r.f[1]), 0.5 * -r.f[0], TOL_ROUNDOFF, "compressive: tanPhi |Fn|");
}

const test_case spring_dashpot_tests[] = {
    TEST(clip_en),
    TEST(coulomb_on_compressive),
    TEST(registered_and_check),
    TEST(damping_from_restitution),
    TEST(normal_force_and_dashpot_velocity),
    TEST(clip),
    TEST(coulomb_return_of_the_whole_force),
    TEST(breaks_when_apart),
    TEST(oblique_closed_forms_against_ode),
    {0, 0},
};
