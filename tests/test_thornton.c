/* tests/test_thornton.c - the `thornton` law (laws/thornton.c, Thornton 1997) on hand-made
 * contacts, integrated by this test's own leapfrog (a two-sphere head-on impact, 1 DoF), and
 * through `lawtester verify`:
 *   - Thornton's published e(v_y/v) equals the model's energies (the unloading curve's energy
 *     over the incoming) to round-off, at v/v_y = 1.5 ... 100 (laws/thornton.h's closed forms);
 *   - the force-overlap loop of the law: Hertz to delta_y, the linear branch, unloading on the
 *     Hertz curve of radius R_p ending at delta_p (closed forms);
 *   - impacts at v/v_y = 2, 5, 10, 50: the plastic work the law books, summed over the impact,
 *     equals (1 - e^2) E0 with e the rebound measured by the integration; the law's own balance
 *     (work = d elast + plast + fric + kvar + quad) closes at every step; e within the time
 *     step's error of Thornton's formula;
 *   - below v_y (v = v_y/2): nothing plastic, e = 1;
 *   - `lawtester verify --law thornton`: every row passes.
 * Steel spheres of laws/thornton_cases.c: E* = 1.0989e11 Pa, R* = 2.5 mm, m* = 2.0420e-3 kg,
 * p_y = 1 GPa.  Units SI; signs of include/lawtester/law.h (Fn on A: compression negative). */
#include "../laws/thornton.h"
#include "check.h"
#include "cli.h"
#include "contact/registry.h"
#include <math.h>
#include <string.h>

/* Two evaluations of one closed form by different routes: round-off, ~1e-15; 1e-12 margin. */
#define TOL_FORMULA 1e-12
/* Sums over ~2e4 steps of energies of ~1e-6 J: round-off ~1e-13 of the largest; 1e-10 margin. */
#define TOL_SUM 1e-10
/* Leapfrog at 20000 steps per contact: O(dt^2) ~ (pi/20000)^2 = 2.5e-8 of e, times a
 * coefficient of order 1; 1e-5 bounds it (verify's own cases reach 7e-7 at 2000 steps). */
#define TOL_STEP 1e-5
#define STEPS 20000.0

static const double ESTAR = 2.0e11 / (2 * (1 - 0.09)), RSTAR = 2.5e-3, PY = 1e9;

static const lt_law *thornton(void) { return lt_find_law("thornton"); }

static double mstar(void) { return 0.5 * 4.0 / 3.0 * LT_TEST_PI * 5e-3 * 5e-3 * 5e-3 * 7800; }

/* The contact of two steel spheres of radius 5 mm of material *mat (E 200 GPa, nu 0.3). */
static lt_contact steel_spheres(const lt_material *mat)
{
    lt_contact c;
    memset(&c, 0, sizeof c);
    c.mat[0] = c.mat[1] = mat;
    c.rcurv[0] = c.rcurv[1] = 5e-3;
    c.mstar = mstar();
    return c;
}

static void set_params(double *p)
{
    const lt_law *law = thornton();
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    p[TH_P_ESTAR] = ESTAR, p[TH_P_RSTAR] = RSTAR, p[TH_P_PY] = PY, p[TH_P_GSTAR] = 3e10,
    p[TH_P_TANPHI] = 0.3;
}

static void test_formula_matches_energies(void)
{
    lt_th_model m = lt_th_model_of(ESTAR, RSTAR, PY);
    double ms = mstar(), vy = lt_th_yield_velocity(&m, ms);
    /* v_y for a sphere on a rigid plane is Thornton's 1.56 sqrt(p_y^5/(E*^4 rho)): m* = m, R* = R
     * */
    lt_th_model w = lt_th_model_of(ESTAR, 5e-3, PY);
    double vy_wall = lt_th_yield_velocity(&w, 2 * ms), c = LT_TEST_PI * LT_TEST_PI / sqrt(40.0);
    CHECK_REL(vy_wall, c * sqrt(pow(PY, 5) / (pow(ESTAR, 4) * 7800)), TOL_FORMULA,
              "v_y (wall) = pi^2/sqrt40 ...");
    CHECK_REL(c, 1.56, 1e-3, "pi^2/sqrt(40) is Thornton's 1.56");
    const double ratio[] = {1.5, 2, 5, 10, 50, 100};
    for (int i = 0; i < 6; i++) {
        double v = ratio[i] * vy, E0 = 0.5 * ms * v * v;
        /* delta_max by bisection on the virgin work (a route independent of the cases') */
        double lo = m.dy, hi = m.dy * 1e6;
        for (int k = 0; k < 200; k++) {
            double mid = 0.5 * (lo + hi);
            if (lt_th_virgin_work(&m, mid) < E0)
                lo = mid;
            else
                hi = mid;
        }
        lt_th_unload u = lt_th_unloading(&m, lo);
        double e = sqrt(lt_th_unload_energy(&m, &u, lo) / E0);
        CHECK_REL(lt_th_restitution(1 / ratio[i]), e, TOL_FORMULA,
                  "Thornton's e(v_y/v) = the model's energies");
    }
    CHECK_REL(lt_th_restitution(1.0), 1.0, TOL_FORMULA, "e(1) = 1");
}

typedef struct impact_run {
    double e, plast, elast_end, balance, dmax, fmax, work;
} impact_run;

/* Leapfrog of m* delta'' = F(delta) from touch at speed v: the law's step on each state. */
static impact_run run_impact(double v, int steps_per_contact)
{
    const lt_law *law = thornton();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE];
    set_params(p);
    memset(s, 0, sizeof s);
    lt_material mat = {2e11, 0.3, 7800, 0.5, 0.3};
    lt_contact c = steel_spheres(&mat);
    /* the Hertz contact time of the incoming speed sets dt */
    double K = 4.0 / 3.0 * ESTAR * sqrt(RSTAR), d0 = pow(1.25 * c.mstar * v * v / K, 0.4);
    double dt = 2.943275 * d0 / v / steps_per_contact;
    c.dt = dt;
    law->init(p, &c, s);
    impact_run r = {0};
    double x = 0.5 * v * dt, vel = -v; /* uN, d uN/dt (half step) */
    double f_prev = 0, uN_prev = x, E0 = 0.5 * c.mstar * v * v;
    lt_response out;
    int fresh = 1;
    for (long n = 0; n < 100 * steps_per_contact; n++) {
        x += vel * dt;
        double f = 0;
        if (x <= 0) {
            c.uN = x, c.v[0] = vel, c.fresh = fresh;
            fresh = 0;
            memset(&out, 0, sizeof out);
            CHECK(law->step(p, &c, s, &out) == 1);
            f = out.f[0];
            /* the work the bodies do on the contact over the step (trapezoid, as the driver) */
            double w = 0.5 * (f_prev + f) * (x - uN_prev);
            double booked = out.energy[TH_E_ELAST] - r.elast_end + out.energy[TH_E_PLAST] +
                            out.energy[TH_E_FRIC] + out.energy[TH_E_KVAR] + out.energy[TH_E_QUAD];
            r.balance = fmax(r.balance, fabs(w - booked));
            r.work += w;
            r.elast_end = out.energy[TH_E_ELAST];
            r.plast += out.energy[TH_E_PLAST];
            CHECK(out.energy[TH_E_PLAST] >= 0);
            r.dmax = fmax(r.dmax, -x);
            r.fmax = fmax(r.fmax, -f);
        } else if (!fresh) {
            break; /* apart again */
        }
        /* force on A is f (compression negative): the relative acceleration of B is -f/m* */
        vel += -f / c.mstar * dt;
        f_prev = f, uN_prev = x;
    }
    r.e = vel / v;
    r.balance /= E0;
    return r;
}

static void test_impacts_book_plastic_work(void)
{
    CHECK(thornton() != NULL);
    if (!thornton()) return;
    lt_th_model m = lt_th_model_of(ESTAR, RSTAR, PY);
    double ms = mstar(), vy = lt_th_yield_velocity(&m, ms);
    const double ratio[] = {2, 5, 10, 50};
    for (int i = 0; i < 4; i++) {
        double v = ratio[i] * vy, E0 = 0.5 * ms * v * v;
        impact_run r = run_impact(v, (int)STEPS);
        CHECK_REL(r.e, lt_th_restitution(1 / ratio[i]), TOL_STEP, "e against Thornton's e(v_y/v)");
        /* all of the incoming energy not returned is plastic work (no friction, no dashpot):
         * the booked plast against (1 - e^2) E0, e the measured rebound; the quadrature term
         * (O(dt^2)) is the difference */
        CHECK_REL(r.plast, (1 - r.e * r.e) * E0, TOL_STEP, "plast = (1 - e^2) E0");
        CHECK_ABS(r.balance, 0, TOL_SUM,
                  "work = d elast + plast + fric + kvar + quad at every step");
        CHECK_ABS(r.elast_end / E0, 0, TOL_SUM, "nothing stored after the rebound");
        CHECK(r.dmax > m.dy);
    }
    impact_run el = run_impact(0.5 * vy, (int)STEPS);
    CHECK_ABS(el.plast, 0, 0, "below v_y: no plastic work");
    CHECK_REL(el.e, 1.0, TOL_STEP, "below v_y: e = 1");
}

/* The force-overlap loop on hand-made contacts: load quasi-statically to 10 delta_y, unload. */
static void test_loop_closed_forms(void)
{
    const lt_law *law = thornton();
    CHECK(law != NULL);
    if (!law) return;
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE];
    set_params(p);
    memset(s, 0, sizeof s);
    lt_material mat = {2e11, 0.3, 7800, 0.5, 0.3};
    lt_contact c = steel_spheres(&mat);
    c.dt = 1e-6;
    law->init(p, &c, s);
    lt_th_model m = lt_th_model_of(ESTAR, RSTAR, PY);
    double dmax = 10 * m.dy, K = 4.0 / 3.0 * ESTAR * sqrt(RSTAR);
    lt_response out;
    const int n = 1000;
    for (int i = 1; i <= n; i++) {
        double d = dmax * i / n;
        c.uN = -d, c.v[0] = -dmax / n / c.dt, c.fresh = i == 1;
        CHECK(law->step(p, &c, s, &out) == 1);
        double F = d <= m.dy ? K * pow(d, 1.5) : m.fy + LT_TEST_PI * PY * RSTAR * (d - m.dy);
        CHECK_REL(-out.f[0], F, TOL_FORMULA,
                  "virgin loading: Hertz, then F_y + pi p_y R* (delta - delta_y)");
    }
    /* unloading: R_p from a_p^2 = (2 F_max + F_y)/(2 pi p_y), R_p = 4 E* a_p^3/(3 F_max) */
    double fmax = m.fy + LT_TEST_PI * PY * RSTAR * (dmax - m.dy);
    double ap = sqrt((2 * fmax + m.fy) / (2 * LT_TEST_PI * PY)),
           rp = 4 * ESTAR * ap * ap * ap / (3 * fmax);
    double dp = dmax - pow(3 * fmax / (4 * ESTAR * sqrt(rp)), 2.0 / 3.0);
    CHECK(dp > 0 && rp > RSTAR);
    for (int i = n - 1; i >= 0; i--) {
        double d = dmax * i / n;
        c.uN = d > 0 ? -d : 0, c.v[0] = dmax / n / c.dt, c.fresh = 0;
        CHECK(law->step(p, &c, s, &out) == 1);
        double F = d > dp ? 4.0 / 3.0 * ESTAR * sqrt(rp) * pow(d - dp, 1.5) : 0;
        CHECK_ABS(-out.f[0] / fmax, F / fmax, TOL_FORMULA,
                  "unloading on the Hertz curve of radius R_p");
        CHECK_ABS(out.energy[TH_E_PLAST], 0, 0, "unloading books no plastic work");
    }
}

static void test_verify_passes(void)
{
    static result r;
    run(&r, "verify --law thornton");
    CHECK_MSG(r.status == 0, "verify --law thornton: status %d\n%s", r.status, r.out);
    CHECK(strstr(r.out, "impact-v50vy") != NULL);
    CHECK(strstr(r.out, " 0 failed") != NULL);
    run(&r, "verify --law thornton --set yieldPressure=1e8");
    CHECK_MSG(r.status == 0,
              "verify --law thornton --set yieldPressure=1e8 (generic checks, plastic): %d\n%s",
              r.status, r.out);
}

const test_case thornton_tests[] = {
    TEST(formula_matches_energies),
    TEST(impacts_book_plastic_work),
    TEST(loop_closed_forms),
    TEST(verify_passes),
    {0, 0},
};
