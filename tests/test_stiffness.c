/* tests/test_stiffness.c - the stiffness rules: Woo's documented two worked examples reproduced
 * under each length/area convention (Woo's printed kn and the hand values, >= 10 significant
 * digits), with the lens coming from the real geometry of the placed bodies and through a
 * driver run; the yade and direct rules; kt ratio; tanPhi; the refusal of non-positive
 * reduced lengths. */
#include "check.h"
#include "contact/geom.h"
#include "contact/registry.h"
#include "contact/stiffness.h"
#include "driver/driver.h"
#include <stdlib.h>

/* Woo's printed values are matched to >= 10 significant digits.  Our values and Woo's are the same
 * closed form evaluated in double with a different operation order, so they agree to a few ulp;
 * 1e-13 asks far more than 1e-10 and still allows ~500 ulp. */
#define TOL_WOO 1e-13
/* Closed forms recomputed in the test: a handful of operations. */
#define TOL_ROUNDOFF 1e-15

/* Woo's documented printed values (Woo session, docs "Linear (Cundall) contact model", Examples).
 * */
#define WOO_CAPSULE_KN \
    1350254.7221732636 /* c.phys.kn, capsule r=.2 E=10 MPa + sphere r=.1 E=30 MPa */
#define HAND_CAPSULE_KN 1336785.9313195853 /* Woo's documented hand computation, same pair */
#define WOO_FACET_KN 2368034.663509894   /* c.phys.kn, facet h=0 E=10 MPa + sphere r=.1 E=30 MPa */
#define HAND_FACET_KN 2344413.5177413835 /* Woo's documented hand computation, same pair */
#define WOO_CONTA 0.031415926535897934   /* c.geom.contA printed in both examples */
#define HAND_A 0.031102552668702352      /* the hand A = pi min(l1, l2)^2 */

static const double E1 = 10e6, E2 = 30e6, UN0 = -0.001; /* Pa, Pa, m */

static lt_body body_base(double young)
{
    lt_body b;
    memset(&b, 0, sizeof b);
    b.ori = q_identity();
    b.mat = (lt_material){young, 0.25, 2600, 0.5, 0.5};
    return b;
}

/* The examples' pairs placed at uN = -0.001; returns their geometry. */
static lt_geom example_geometry(int facet, lt_body *A, lt_body *B)
{
    *A = body_base(E1);
    *B = body_base(E2);
    if (facet) {
        vec3 v[3] = {v3(0, 0, 0), v3(1, 0, 0), v3(0, 1, 0)};
        CHECK(lt_body_set_facet(A, v, 0) == 0);
    } else {
        CHECK(lt_body_set_capsule(A, 0.2, 0.1, v3(1, 0, 0)) == 0);
    }
    lt_body_set_sphere(B, 0.1);
    vec3 n = v3(0, 0, 1);
    CHECK(lt_geom_place(A, B, &n, UN0));
    lt_geom g;
    CHECK(lt_geom_compute(A, B, &g));
    return g;
}

static lt_stiff_result eval(int facet, lt_stiffness s)
{
    lt_body A, B;
    lt_geom g = example_geometry(facet, &A, &B);
    lt_stiff_result r;
    CHECK(lt_stiffness_eval(&s, &A.mat, &B.mat, g.lens, g.uN, &r) == 0);
    return r;
}

static lt_stiffness conv(lt_stiff_area area, lt_stiff_lengths lengths)
{
    lt_stiffness s = lt_stiffness_default();
    s.area = area;
    s.lengths = lengths;
    return s;
}

static void test_woo_printed_values(void)
{
    /* Woo's code: area from the raw radii, lengths reduced by half the initial overlap */
    lt_stiff_result c = eval(0, conv(LT_AREA_RADII, LT_LENGTHS_REDUCED));
    CHECK_REL(c.kn, WOO_CAPSULE_KN, TOL_WOO, "capsule-sphere, Woo's printed kn");
    CHECK_REL(c.contA, WOO_CONTA, TOL_WOO, "capsule-sphere, Woo's printed contA");
    CHECK_REL(c.lens[0], 0.2 + UN0 / 2, TOL_ROUNDOFF,
              "capsule length r1 + uN/2 (Woo printed 0.1995)");
    CHECK_REL(c.lens[1], 0.1 + UN0 / 2, TOL_ROUNDOFF,
              "sphere length r2 + uN/2 (Woo printed 0.0995)");
    lt_stiff_result f = eval(1, conv(LT_AREA_RADII, LT_LENGTHS_REDUCED));
    CHECK_REL(f.kn, WOO_FACET_KN, TOL_WOO, "thin facet-sphere, Woo's printed kn");
    CHECK_REL(f.contA, WOO_CONTA, TOL_WOO, "thin facet-sphere, Woo's printed contA");
    CHECK(f.lens[0] == f.lens[1]); /* flat: the sphere's radius on both sides */
    CHECK_REL(f.lens[0], 0.1 + UN0 / 2, TOL_ROUNDOFF,
              "facet length max(h, r) + uN/2 (Woo printed 0.0995)");
}

static void test_hand_values(void)
{
    /* Woo's documented hand computation: area from the reduced lengths */
    lt_stiff_result c = eval(0, conv(LT_AREA_LENGTHS, LT_LENGTHS_REDUCED));
    CHECK_REL(c.kn, HAND_CAPSULE_KN, TOL_WOO, "capsule-sphere, hand kn");
    CHECK_REL(c.contA, HAND_A, TOL_WOO, "capsule-sphere, hand A");
    lt_stiff_result f = eval(1, conv(LT_AREA_LENGTHS, LT_LENGTHS_REDUCED));
    CHECK_REL(f.kn, HAND_FACET_KN, TOL_WOO, "thin facet-sphere, hand kn");
    CHECK_REL(f.contA, HAND_A, TOL_WOO, "thin facet-sphere, hand A");
    /* the two differ by the area alone: kn ratio = (r / (r + uN/2))^2 */
    double q = 0.1 / (0.1 + UN0 / 2);
    CHECK_REL(WOO_CAPSULE_KN / HAND_CAPSULE_KN, q * q, 1e-15, "the mismatch is the area, capsule");
    CHECK_REL(WOO_FACET_KN / HAND_FACET_KN, q * q, 1e-15, "the mismatch is the area, facet");
}

static void test_raw_lengths_default(void)
{
    /* raw lengths: both area conventions coincide, kn = pi min(r)^2 / (r1/E1 + r2/E2) */
    double kn_cap = LT_PI * 0.01 / (0.2 / E1 + 0.1 / E2),
           kn_fac = LT_PI * 0.01 / (0.1 / E1 + 0.1 / E2);
    for (int area = 0; area < LT_AREA_COUNT; area++) {
        lt_stiff_result c = eval(0, conv(area, LT_LENGTHS_RAW)),
                        f = eval(1, conv(area, LT_LENGTHS_RAW));
        CHECK_REL(c.kn, kn_cap, TOL_ROUNDOFF, "capsule-sphere, raw lengths");
        CHECK_REL(f.kn, kn_fac, TOL_ROUNDOFF, "thin facet-sphere, raw lengths");
        CHECK(c.lens[0] == 0.2 && c.lens[1] == 0.1 && f.lens[0] == 0.1 && f.lens[1] == 0.1);
    }
    lt_stiffness d = lt_stiffness_default();
    CHECK(d.rule == LT_RULE_CONNECTOR && d.area == LT_AREA_RADII && d.lengths == LT_LENGTHS_RAW);
}

static void test_yade_and_direct_rules(void)
{
    lt_stiffness s = lt_stiffness_default();
    s.rule = LT_RULE_YADE;
    lt_stiff_result c = eval(0, s);
    CHECK_REL(c.kn, 2 * E1 * 0.2 * E2 * 0.1 / (E1 * 0.2 + E2 * 0.1), TOL_ROUNDOFF,
              "yade kn = 2 E1 r1 E2 r2/(E1 r1 + E2 r2)");
    CHECK_REL(c.kt, 0.5 * c.kn, TOL_ROUNDOFF, "kt = mean(ktDivKn) kn");
    s.ratio = 0.3;
    c = eval(0, s);
    CHECK_REL(c.kt, 0.3 * c.kn, TOL_ROUNDOFF, "kt = ratio kn");
    s.lengths = LT_LENGTHS_REDUCED;
    c = eval(0, s);
    double l1 = 0.2 + UN0 / 2, l2 = 0.1 + UN0 / 2;
    CHECK_REL(c.kn, 2 * E1 * l1 * E2 * l2 / (E1 * l1 + E2 * l2), TOL_ROUNDOFF,
              "yade with reduced lengths");
    lt_stiffness d = lt_stiffness_default();
    d.rule = LT_RULE_DIRECT;
    d.kn = 3e6;
    c = eval(1, d);
    CHECK(c.kn == 3e6 && c.kt == 0.5 * 3e6);
    d.kt = 1e6;
    c = eval(1, d);
    CHECK(c.kn == 3e6 && c.kt == 1e6);
    CHECK_REL(c.contA, LT_PI * 0.01, TOL_ROUNDOFF, "direct still reports the connector area");
}

static void test_friction_and_ratio_from_materials(void)
{
    lt_material m1 = {1e7, 0.25, 2600, 0.2, 0.3}, m2 = {3e7, 0.25, 2600, 0.6, 0.7};
    double raw[2] = {0.1, 0.2};
    lt_stiffness s = lt_stiffness_default();
    lt_stiff_result r;
    CHECK(lt_stiffness_eval(&s, &m1, &m2, raw, 0, &r) == 0);
    CHECK(r.tanPhi == 0.3);
    CHECK_REL(r.kt, 0.4 * r.kn, TOL_ROUNDOFF, "kt = mean(0.2, 0.6) kn");
    /* a reduced length that is not positive is refused */
    s.lengths = LT_LENGTHS_REDUCED;
    CHECK(lt_stiffness_eval(&s, &m1, &m2, raw, -0.2, &r) == -1);
    CHECK(lt_stiffness_eval(&s, &m1, &m2, raw, -0.19, &r) == 0);
}

/* The driver computes the same stiffness when it creates the contact of the placed pair, and
 * hands it to the law (no kn parameter given). */
static int one_step(void *ctx, lt_tester *t)
{
    (void)ctx;
    return lt_tester_view(t)->st.step >= 1;
}

static void test_examples_through_the_driver(void)
{
    double expect[2][2] = {{WOO_CAPSULE_KN, HAND_CAPSULE_KN}, {WOO_FACET_KN, HAND_FACET_KN}};
    for (int facet = 0; facet < 2; facet++)
        for (int conv_i = 0; conv_i < 2; conv_i++) {
            lt_test t = lt_default_test();
            t.law = lt_find_law("linear");
            for (int i = 0; i < t.law->n_params; i++) t.params[i] = t.law->params[i].def;
            lt_body A, B;
            example_geometry(facet, &A, &B);
            A.fixed = B.fixed = 1;
            t.body[0] = A;
            t.body[1] = B;
            t.normal = v3(0, 0, 1);
            t.gap = UN0;
            t.stiffness.lengths = LT_LENGTHS_REDUCED;
            t.stiffness.area = conv_i ? LT_AREA_LENGTHS : LT_AREA_RADII;
            lt_stage st = lt_default_stage();
            st.until = one_step;
            t.stages = &st;
            t.n_stages = 1;
            lt_tester *T = lt_tester_new();
            CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "%s", lt_tester_view(T)->err);
            CHECK(lt_tester_view(T)->n_formed == 1 && lt_tester_view(T)->stiff_step == 0);
            CHECK_ABS(lt_tester_view(T)->stiff_uN0, UN0, 1e-16,
                      "formed at the placed overlap (round-off of 0.3 m)");
            CHECK_REL(lt_tester_view(T)->stiff.kn, expect[facet][conv_i], TOL_WOO,
                      "driver: stiffness rule at contact creation");
            CHECK_REL(lt_tester_view(T)->resp.k[0], expect[facet][conv_i], TOL_WOO,
                      "driver: the law uses it");
            CHECK(lt_tester_view(T)->c.contA == lt_tester_view(T)->stiff.contA &&
                  lt_tester_view(T)->c.lens[0] == lt_tester_view(T)->stiff.lens[0]);
            lt_tester_free(T);
        }
}

const test_case stiffness_tests[] = {
    TEST(woo_printed_values),
    TEST(hand_values),
    TEST(raw_lengths_default),
    TEST(yade_and_direct_rules),
    TEST(friction_and_ratio_from_materials),
    TEST(examples_through_the_driver),
    {0, 0},
};
