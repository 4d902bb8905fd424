/* tests/test_body.c - bodies: capsule mass and principal moments against a numerical
 * integration of the solid, the inertia products in the global frame (exactly scalar for
 * spheres), the rotation x -> axis, and the shape setters' refusals of degenerate input. */
#include "base/body.h"
#include "check.h"

/* Products and rotations of unit-size quantities: a few roundings of 1e-16. */
#define TOL_ROUNDOFF 1e-14
/* Composite Simpson with 4000 panels on the polynomial integrands of the caps (degree <= 4):
 * error ~ (h/L)^4 ~ 1e-14 relative; 1e-12 leaves margin. */
#define TOL_QUADRATURE 1e-12

static lt_body capsule_body(double r, double L, vec3 axis, double density)
{
    lt_body b;
    memset(&b, 0, sizeof b);
    b.mat.density = density;
    CHECK(lt_body_set_capsule(&b, r, L, axis) == 0);
    lt_body_mass_props(&b);
    return b;
}

/* Mass, axial and perpendicular moments of the capsule integrated slice by slice: a disk of
 * radius R(x) at axial position x has mass rho pi R^2 dx, axial moment dm R^2/2 and moment
 * about a perpendicular axis through the centre dm (R^2/4 + x^2). */
static void integrate_capsule(double r, double L, double rho, double out[3])
{
    out[0] = out[1] = out[2] = 0;
    double lims[3][2] = {{-L / 2 - r, -L / 2}, {-L / 2, L / 2}, {L / 2, L / 2 + r}};
    const int N = 4000;
    for (int piece = 0; piece < 3; piece++) {
        double a = lims[piece][0], h = (lims[piece][1] - a) / N;
        for (int i = 0; i <= N; i++) {
            double x = a + i * h, w = (i == 0 || i == N) ? 1 : (i % 2 ? 4 : 2);
            double e = fabs(x) - L / 2, R2 = e > 0 ? r * r - e * e : r * r;
            if (R2 < 0) R2 = 0;
            double dm = rho * LT_PI * R2 * w * h / 3;
            out[0] += dm;
            out[1] += dm * R2 / 2;
            out[2] += dm * (R2 / 4 + x * x);
        }
    }
}

/* v3_unit_near against v3_normalized: vectors whose squared length is 1 + e, |e| from 1e-17 to
 * 2e-6 (beyond 1e-6 it takes v3_normalized itself), in all directions: within 2 ulp of each
 * other (the series' truncation is below 3.2e-19, each way rounds a few times). */
static void test_unit_near(void)
{
    double worst = 0;
    unsigned long long r = 88172645463325252ULL;
    for (int i = 0; i < 20000; i++) {
        double x[4];
        for (int k = 0; k < 4; k++) {
            r ^= r << 13, r ^= r >> 7, r ^= r << 17;
            x[k] = (double)(r >> 11) / 9007199254740992.0 * 2 - 1;
        }
        vec3 d = v3_normalized(v3(x[0], x[1], x[2]));
        double e = pow(10, -17 + 11.3 * (x[3] + 1) / 2) * (i % 2 ? 1 : -1);
        vec3 v = v3_scale(d, sqrt(1 + e));
        vec3 a = v3_unit_near(v), b = v3_normalized(v);
        worst = fmax(worst, v3_norm(v3_sub(a, b)));
    }
    printf("     v3_unit_near vs v3_normalized: worst difference %.2g\n", worst);
    CHECK_MSG(worst <= 4.5e-16, "v3_unit_near off by %.3g", worst);
}

static void test_capsule_mass_properties(void)
{
    double cases[3][2] = {{0.2, 0.1}, {0.05, 1.0}, {0.3, 0.01}};
    for (int k = 0; k < 3; k++) {
        double r = cases[k][0], L = cases[k][1], rho = 2600, ref[3];
        lt_body b = capsule_body(r, L, v3(0, 0, 1), rho);
        integrate_capsule(r, L, rho, ref);
        CHECK_REL(b.mass, ref[0], TOL_QUADRATURE, "capsule mass");
        CHECK_REL(b.inertia.x, ref[1], TOL_QUADRATURE, "capsule moment about its axis");
        CHECK_REL(b.inertia.y, ref[2], TOL_QUADRATURE, "capsule moment across its axis");
        CHECK(b.inertia.y == b.inertia.z);
    }
}

static void test_inertia_products(void)
{
    /* a sphere: the plain scalar products, bit for bit, at any orientation */
    lt_body s;
    memset(&s, 0, sizeof s);
    s.mat.density = 2600;
    lt_body_set_sphere(&s, 0.1);
    s.ori = q_normalized((quat){0.3, -0.5, 0.7, 0.1});
    lt_body_mass_props(&s);
    vec3 w = v3(1.25, -3.5, 0.75);
    vec3 Iw = lt_body_inertia_mul(&s, w), T = lt_body_inertia_solve(&s, w);
    CHECK(Iw.x == s.inertia.x * w.x && Iw.y == s.inertia.x * w.y && Iw.z == s.inertia.x * w.z);
    CHECK(T.x == w.x * (1.0 / s.inertia.x) && T.y == w.y * (1.0 / s.inertia.x) &&
          T.z == w.z * (1.0 / s.inertia.x));
    /* a capsule: axis and perpendicular directions are eigenvectors; solve inverts mul */
    vec3 axis = v3_normalized(v3(1, -2, 0.5));
    lt_body c = capsule_body(0.1, 0.4, axis, 2600);
    vec3 ia = lt_body_inertia_mul(&c, axis), p = v3_any_perp(axis), ip = lt_body_inertia_mul(&c, p);
    CHECK_ABS(v3_norm(v3_sub(ia, v3_scale(axis, c.inertia.x))), 0, TOL_ROUNDOFF * c.inertia.x,
              "I axis = I_axis axis");
    CHECK_ABS(v3_norm(v3_sub(ip, v3_scale(p, c.inertia.y))), 0, TOL_ROUNDOFF * c.inertia.y,
              "I perp = I_perp perp");
    vec3 back = lt_body_inertia_solve(&c, lt_body_inertia_mul(&c, w));
    CHECK_ABS(v3_norm(v3_sub(back, w)), 0, TOL_ROUNDOFF * v3_norm(w), "I^-1 (I w) = w");
}

static void test_rotation_x_to_axis(void)
{
    vec3 dirs[] = {v3(1, 0, 0),  v3(-1, 0, 0),     v3(0, 1, 0),
                   v3(0, 0, -1), v3(-1, 1e-9, 0),  v3(-1, 0, -1e-12),
                   v3(1, 2, 3),  v3(-3, 0.1, 0.2), v3(0.2, -0.3, -0.9)};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        vec3 a = v3_normalized(dirs[i]);
        quat q = lt_quat_x_to(a);
        CHECK_ABS(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z, 1, TOL_ROUNDOFF,
                  "unit quaternion");
        CHECK_MSG(v3_norm(v3_sub(q_rotate(q, v3(1, 0, 0)), a)) <= TOL_ROUNDOFF,
                  "x not taken onto (%g, %g, %g)", a.x, a.y, a.z);
    }
}

static void test_shape_setters_refuse_degenerate(void)
{
    lt_body b;
    memset(&b, 0, sizeof b);
    CHECK(lt_body_set_capsule(&b, 0.1, 0.2, v3(0, 0, 0)) == -1);
    CHECK(lt_body_set_wall(&b, v3(0, 0, 0), v3(0, 0, 0)) == -1);
    vec3 line[3] = {v3(0, 0, 0), v3(1, 1, 1), v3(2, 2, 2)};
    CHECK(lt_body_set_facet(&b, line, 0) == -1);
    vec3 same[3] = {v3(1, 0, 0), v3(1, 0, 0), v3(0, 1, 0)};
    CHECK(lt_body_set_facet(&b, same, 0) == -1);
    vec3 tri[3] = {v3(0, 0, 0), v3(3, 0, 0), v3(0, 3, 0)};
    CHECK(lt_body_set_facet(&b, tri, 0.01) == 0);
    CHECK(b.pos.x == 1 && b.pos.y == 1 && b.pos.z == 0);
    CHECK_ABS(v3_norm(v3_sub(lt_body_plane_normal(&b), v3(0, 0, 1))), 0, TOL_ROUNDOFF,
              "facet normal, right hand");
    CHECK(!lt_body_is_flat(&b));
    b.halfThick = 0;
    CHECK(lt_body_is_flat(&b));
    lt_body_mass_props(&b);
    CHECK(b.mass == 0 && lt_shape_is_held(LT_FACET) && lt_shape_is_held(LT_WALL) &&
          !lt_shape_is_held(LT_CAPSULE));
}

const test_case body_tests[] = {
    TEST(unit_near),          TEST(capsule_mass_properties),         TEST(inertia_products),
    TEST(rotation_x_to_axis), TEST(shape_setters_refuse_degenerate), {0, 0},
};
