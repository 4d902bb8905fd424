/* tests/test_wall_cases.c - the verify cases against a wall (Chung & Ooi tests 2 and 4) catch
 * laws that are wrong in the ways they are meant to catch.  Each faulty law is the registered
 * law with one mistake planted through its init (the law's own code otherwise), verified like
 * any law (lt_verify_law): the rows of the wall cases that should fail do, the others pass. */
#include "check.h"
#include "contact/registry.h"
#include "verify/verify.h"
#include <stdlib.h>

typedef struct tally {
    const char *quantity; /* count the rows of this quantity ("" = any) */
    int rows, failed;     /* matching rows, of which failed */
} tally;

static void count(void *ctx, const lt_verify_row *r)
{
    tally *t = ctx;
    if (!*t->quantity || strcmp(r->quantity, t->quantity) == 0) {
        t->rows++;
        t->failed += !r->pass;
    }
}

/* Verify one case of the law (by its name: no generic checks, no other case) and count the
 * rows of `quantity`; failed rows of other quantities are not counted. */
static tally case_rows(const lt_law *law, const char *kase, const char *quantity)
{
    tally t = {quantity, 0, 0};
    lt_verify_opts o = {0};
    o.kase = kase;
    o.on_row = count;
    o.ctx = &t;
    lt_verify_summary sum = {0};
    lt_verify_law(law, &o, &sum);
    return t;
}

/* The same summed over several cases. */
static tally cases_rows(const lt_law *law, const char *const *kases, int n, const char *quantity)
{
    tally sum = {quantity, 0, 0};
    for (int i = 0; i < n; i++) {
        tally t = case_rows(law, kases[i], quantity);
        sum.rows += t.rows, sum.failed += t.failed;
    }
    return sum;
}

static int state_index(const lt_law *law, const char *name)
{
    for (int i = 0; i < law->n_state; i++)
        if (strcmp(law->state_names[i], name) == 0) return i;
    return -1;
}

/* ---- the planted mistakes ---------------------------------------------------------------- */

static const lt_law *real;

/* R* from the branch lengths instead of the curvature radii: right for two spheres, but a
 * wall's branch length is by convention the sphere's radius, so R* = r/2 against a wall. */
static void init_rstar_from_lens(const double *p, const lt_contact *c, double *s)
{
    lt_contact d = *c;
    d.rcurv[0] = c->lens[0], d.rcurv[1] = c->lens[1];
    real->init(p, &d, s);
}

/* The friction coefficient read as a friction angle: tan(mu) for mu (0.0923 for 0.092). */
static void init_mu_as_angle(const double *p, const lt_contact *c, double *s)
{
    real->init(p, c, s);
    int i = state_index(real, "tanPhi");
    s[i] = tan(s[i]);
}

static lt_law faulty(const char *law, void (*init)(const double *, const lt_contact *, double *))
{
    real = lt_find_law(law);
    lt_law f = *real;
    f.init = init;
    return f;
}

static const char *const co2[2] = {"co2-al-alloy", "co2-mg-alloy"};
static const char *const co1[2] = {"co1-glass", "co1-limestone"};

/* Test 2 passes with the real law; with R* from the lens the wall cases fail their contact time
 * and maximum overlap, and the sphere-sphere cases (test 1), where lens and curvature radii
 * agree, do not notice. */
static void test_co2_catches_rstar_from_lens(void)
{
    tally good = cases_rows(lt_find_law("hertz_mindlin"), co2, 2, "");
    CHECK(good.rows >= 2 * 5 && good.failed == 0);
    lt_law bad = faulty("hertz_mindlin", init_rstar_from_lens);
    tally t = cases_rows(&bad, co2, 2, "t_contact"), d = cases_rows(&bad, co2, 2, "max overlap");
    CHECK_MSG(t.rows == 2 && t.failed == 2, "t_contact: %d of %d failed", t.failed, t.rows);
    CHECK_MSG(d.rows == 2 && d.failed == 2, "max overlap: %d of %d failed", d.failed, d.rows);
    tally spheres = cases_rows(&bad, co1, 2, "");
    CHECK_MSG(spheres.rows > 0 && spheres.failed == 0, "sphere pairs: %d of %d failed",
              spheres.failed, spheres.rows);
}

/* Test 4: mu read as an angle changes the friction impulse by 0.26 %: w' fails at every
 * incidence, vt' where friction changes it enough (at 85 deg mu (1 + e) vn is 1.6 % of vt', so
 * the error is 4e-5 of vt', inside the tolerance), the normal restitution nowhere; for the
 * Hertz-Mindlin law and the linear spring-dashpot alike. */
static void test_co4_catches_mu_as_angle(void)
{
    static const char *const laws[2] = {"hertz_mindlin", "spring_dashpot"};
    static const char *const co4[2][4] = {{"co4-45deg", "co4-60deg", "co4-75deg", "co4-85deg"},
                                          {"co4-45deg", "co4-60deg", "co4-85deg", NULL}};
    for (int l = 0; l < 2; l++) {
        int n = co4[l][3] ? 4 : 3;
        tally good = cases_rows(lt_find_law(laws[l]), co4[l], n, "");
        CHECK_MSG(good.rows >= n * 7 && good.failed == 0, "%s: %d of %d failed", laws[l],
                  good.failed, good.rows);
        lt_law bad = faulty(laws[l], init_mu_as_angle);
        tally vt = cases_rows(&bad, co4[l], n - 1, "vt after"),
              w = cases_rows(&bad, co4[l], n, "spin B after");
        tally e = cases_rows(&bad, co4[l], n, "e"), vt85 = case_rows(&bad, "co4-85deg", "vt after");
        CHECK_MSG(vt.rows == n - 1 && vt.failed == n - 1, "%s vt after: %d of %d failed", laws[l],
                  vt.failed, vt.rows);
        CHECK_MSG(vt85.rows == 1 && vt85.failed == 0, "%s vt after at 85 deg fails", laws[l]);
        CHECK_MSG(w.rows == n && w.failed == n, "%s spin B after: %d of %d failed", laws[l],
                  w.failed, w.rows);
        CHECK_MSG(e.rows == n && e.failed == 0, "%s e: %d of %d failed", laws[l], e.failed, e.rows);
    }
}

const test_case wall_case_tests[] = {
    TEST(co2_catches_rstar_from_lens),
    TEST(co4_catches_mu_as_angle),
    {0, 0},
};
