/* tests/test_law_energy.c - every registered law, on a hand-made random path through all six
 * DoFs (deterministic), books energies consistent with its forces: the trapezoid work
 * sum (F(n-1) + F(n))/2 . v dt equals the change of the stored energies plus the dissipated
 * ones, step by step.  That is what lets the driver's balance close (src/driver/driver.h).  Each
 * law runs with its defaults and again with every damping/clipping option it has switched on. */
#include "check.h"
#include "contact/registry.h"
#include <lawtester/law.h>

#define STEPS 4000
/* round-off of ~4000 sums of products: 1e-12 of the total absolute work */
#define TOL_CONSISTENCY 1e-12

static unsigned long long rng_state;
static double uniform(void) /* deterministic, in [-1, 1) */
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

static void set_if_exists(const lt_law *law, double *p, const char *name, double value)
{
    int i = lt_law_param_index(law, name);
    if (i >= 0) p[i] = value;
}

static void run_path(const lt_law *law, int dissipative)
{
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    if (dissipative) {
        set_if_exists(law, p, "en", 0.4);
        set_if_exists(law, p, "et", 0.6);
        set_if_exists(law, p, "clip", 1);
    }
    lt_material m = {1e9, 0.25, 2600, 0.5, 0.4};
    lt_contact c = {0};
    c.dt = 1e-6;
    c.lens[0] = c.rcurv[0] = 0.1;
    c.lens[1] = c.rcurv[1] = 0.05;
    c.contA = LT_TEST_PI * 0.05 * 0.05;
    c.mat[0] = c.mat[1] = &m;
    c.kn = 1e7, c.kt = 5e6, c.tanPhi = 0.4;
    c.mstar = 1.2;
    c.uN = -1e-5;
    c.fresh = 1;
    law->init(p, &c, s);
    rng_state = 12345;
    double f0[LT_DOF] = {0}, work = 0, abswork = 0, stored0 = 0, stored = 0, dissipated = 0;
    int alive = 1;
    for (int n = 0; n < STEPS && alive; n++) {
        if (n > 0) {
            c.fresh = 0;
            double vn = 0.05 * uniform();
            if (c.uN + vn * c.dt > -1e-7 || c.uN + vn * c.dt < -5e-5)
                vn = -vn; /* stay in overlap */
            c.v[0] = vn;
            c.uN += vn * c.dt;
            for (int k = 1; k < LT_DOF; k++) c.v[k] = (k < 3 ? 0.3 : 2.0) * uniform();
        } else {
            c.v[0] = -0.02;
        }
        lt_response r = {0};
        alive = law->step(p, &c, s, &r);
        CHECK_MSG(alive, "%s: contact broke at step %d in overlap %g", law->name, n, c.uN);
        if (!alive) break;
        if (n > 0)
            for (int k = 0; k < LT_DOF; k++) {
                double w = 0.5 * (f0[k] + r.f[k]) * c.v[k] * c.dt;
                work += w;
                abswork += fabs(w);
            }
        stored = 0;
        for (int i = 0; i < law->n_energies; i++) {
            if (law->energies[i].kind == LT_STORED)
                stored += r.energy[i];
            else if (n > 0)
                dissipated += r.energy[i];
        }
        if (n == 0) stored0 = stored;
        for (int k = 0; k < LT_DOF; k++) f0[k] = r.f[k];
    }
    double booked = stored - stored0 + dissipated;
    CHECK_MSG(fabs(work - booked) <= TOL_CONSISTENCY * abswork,
              "%s%s: trapezoid work %.17g J, booked %.17g J (difference %.3g of %.3g J moved)",
              law->name, dissipative ? " (damped)" : "", work, booked, work - booked, abswork);
    CHECK_MSG(abswork > 0, "%s: the path did no work", law->name);
}

static void test_every_law_books_its_work(void)
{
    for (int i = 0; lt_laws[i]; i++) {
        run_path(lt_laws[i], 0);
        run_path(lt_laws[i], 1);
    }
}

const test_case law_energy_tests[] = {
    TEST(every_law_books_its_work),
    {0, 0},
};
