/* tests/test_wall_cases.c - the verify cases against a wall (Chung & Ooi tests 2 and 4) catch
 * laws that are wrong in the ways they are meant to catch.  Each faulty law is the registered
 * law with one mistake planted through its init (the law's own code otherwise), verified like
 * any law (lt_verify_law): the rows of the wall cases that should fail do, the others pass. */
#include "../src/registry.h"
#include "../src/verify.h"
#include "check.h"
#include <stdlib.h>

typedef struct tally {
    const char *prefix;            /* cases whose name starts with this */
    const char *quantity;          /* and this quantity ("" = any) */
    int rows, failed, other_failed; /* matching rows, of which failed; failed rows of other cases */
} tally;

static void count(void *ctx, const lt_verify_row *r)
{
    tally *t = ctx;
    int match = strncmp(r->kase, t->prefix, strlen(t->prefix)) == 0 &&
                (!*t->quantity || strcmp(r->quantity, t->quantity) == 0);
    if (match) {
        t->rows++;
        t->failed += !r->pass;
    } else if (!r->pass && strncmp(r->kase, "generic-", 8) != 0) {
        t->other_failed++;
    }
}

static tally verify_rows(const lt_law *law, const char *prefix, const char *quantity)
{
    tally t = {prefix, quantity, 0, 0, 0};
    lt_verify_opts o = {0};
    o.on_row = count;
    o.ctx = &t;
    lt_verify_summary sum = {0};
    lt_verify_law(law, &o, &sum);
    return t;
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

/* Test 2 (and every sphere-sphere case) passes with the real law; with R* from the lens the
 * wall cases fail their contact time and maximum overlap, and the sphere-sphere cases, where
 * lens and curvature radii agree, do not notice. */
static void test_co2_catches_rstar_from_lens(void)
{
    tally good = verify_rows(lt_find_law("hertz_mindlin"), "co2-", "t_contact");
    CHECK(good.rows == 2 && good.failed == 0 && good.other_failed == 0);
    lt_law bad = faulty("hertz_mindlin", init_rstar_from_lens);
    tally t = verify_rows(&bad, "co2-", "t_contact"), d = verify_rows(&bad, "co2-", "max overlap");
    CHECK_MSG(t.rows == 2 && t.failed == 2, "t_contact: %d of %d failed", t.failed, t.rows);
    CHECK_MSG(d.rows == 2 && d.failed == 2, "max overlap: %d of %d failed", d.failed, d.rows);
    tally co1 = verify_rows(&bad, "co1-", "");
    CHECK_MSG(co1.rows > 0 && co1.failed == 0, "sphere pairs: %d of %d failed", co1.failed, co1.rows);
}

/* Test 4: mu read as an angle changes the friction impulse by 0.26 %: w' fails at every
 * incidence, vt' where friction changes it enough (at 85 deg mu (1 + e) vn is 1.6 % of vt', so
 * the error is 4e-5 of vt', inside the tolerance), the normal restitution nowhere; for the
 * Hertz-Mindlin law and the linear spring-dashpot alike. */
static void test_co4_catches_mu_as_angle(void)
{
    const char *const laws[2] = {"hertz_mindlin", "spring_dashpot"};
    for (int l = 0; l < 2; l++) {
        tally good = verify_rows(lt_find_law(laws[l]), "co4-", "");
        CHECK_MSG(good.rows >= 3 * 7 && good.failed == 0, "%s: %d of %d failed", laws[l], good.failed, good.rows);
        lt_law bad = faulty(laws[l], init_mu_as_angle);
        tally vt = verify_rows(&bad, "co4-", "vt after"), w = verify_rows(&bad, "co4-", "spin B after");
        tally e = verify_rows(&bad, "co4-", "e"), vt85 = verify_rows(&bad, "co4-85deg", "vt after");
        CHECK_MSG(vt.rows >= 3 && vt.failed == vt.rows - 1 && vt85.rows == 1 && vt85.failed == 0,
                  "%s vt after: %d of %d failed", laws[l], vt.failed, vt.rows);
        CHECK_MSG(w.rows == vt.rows && w.failed == w.rows, "%s spin B after: %d of %d failed", laws[l], w.failed, w.rows);
        CHECK_MSG(e.rows == vt.rows && e.failed == 0, "%s e: %d of %d failed", laws[l], e.failed, e.rows);
    }
}

const test_case wall_case_tests[] = {
    TEST(co2_catches_rstar_from_lens),
    TEST(co4_catches_mu_as_angle),
    {0, 0},
};
