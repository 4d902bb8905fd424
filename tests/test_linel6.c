/* tests/test_linel6.c - the elastic six-DoF law on hand-made contacts: the rotational
 * stiffnesses kw = kn l^2, kb = kt l^2 (N m/rad, dimensional analysis), forces and torques
 * linear in the accumulated displacements and rotations, the stored energy, breakage. */
#include "../laws/linel6.h"
#include "check.h"
#include "contact/registry.h"

#define TOL_ROUNDOFF 1e-14 /* a few operations per value (~50 ulp) */

static const lt_law *l6(void) { return lt_find_law("linel6"); }

static lt_contact contact(void)
{
    lt_contact c = {0};
    c.uN = -1e-4;
    c.dt = 1e-6;
    c.lens[0] = c.rcurv[0] = 0.1;
    c.lens[1] = c.rcurv[1] = 0.05;
    c.contA = LT_TEST_PI * 0.05 * 0.05;
    c.kn = 2e6;
    c.kt = 1e6;
    c.fresh = 1;
    return c;
}

static void test_rotational_stiffness_dimensions(void)
{
    const lt_law *law = l6();
    CHECK(law && law->api_version == LT_LAW_API_VERSION);
    if (!law) return;
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    lt_contact c = contact();
    law->init(p, &c, s);
    /* default l: the connector radius sqrt(contA/pi) = min radius = 0.05 m */
    CHECK_REL(s[L6_S_KW], 2e6 * 0.05 * 0.05, TOL_ROUNDOFF, "kw = kn l^2 (N m/rad)");
    CHECK_REL(s[L6_S_KB], 1e6 * 0.05 * 0.05, TOL_ROUNDOFF, "kb = kt l^2 (N m/rad)");
    /* doubling l quadruples the torque stiffnesses: a length squared, not l or 1/l */
    p[L6_P_CHARLEN] = 0.1;
    law->init(p, &c, s);
    CHECK_REL(s[L6_S_KW], 4 * 2e6 * 0.05 * 0.05, TOL_ROUNDOFF, "kw scales with l^2");
    CHECK_REL(s[L6_S_KB] / s[L6_S_KW], 1e6 / 2e6, TOL_ROUNDOFF,
              "kb/kw = kt/kn (Woo's documented pairing)");
}

/* Ten steps of constant relative velocities on all DoFs: F = k u, T = k phi, and the energy. */
static void test_elastic_in_six_dofs(void)
{
    const lt_law *law = l6();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    p[L6_P_KN] = 3e6, p[L6_P_KT] = 1e6, p[L6_P_CHARLEN] = 0.02;
    lt_contact c = contact();
    law->init(p, &c, s);
    const double v[LT_DOF] = {0, 0.3, -0.2, 2.0, -1.0, 0.5};
    lt_response r = {0};
    for (int n = 0; n < 10; n++) {
        for (int k = 0; k < LT_DOF; k++) c.v[k] = v[k];
        memset(&r, 0, sizeof r);
        law->step(p, &c, s, &r);
        c.fresh = 0;
    }
    double k[LT_DOF] = {3e6, 1e6, 1e6, 3e6 * 4e-4, 1e6 * 4e-4, 1e6 * 4e-4}, e = 0;
    CHECK_REL(r.f[0], 3e6 * -1e-4, TOL_ROUNDOFF, "Fn = kn uN");
    e += 0.5 * 3e6 * 1e-8;
    for (int j = 1; j < LT_DOF; j++) {
        double u = 10 * v[j] * 1e-6;
        CHECK_REL(r.f[j], k[j] * u, 1e-13, "F = k u (ten increments)");
        e += 0.5 * k[j] * u * u;
    }
    CHECK_REL(r.energy[L6_E_ELAST], e, 1e-13, "elast = sum of k u^2/2");
}

static void test_breaks_unless_noBreak(void)
{
    const lt_law *law = l6();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    lt_contact c = contact();
    c.uN = 1e-9;
    law->init(p, &c, s);
    lt_response r = {0};
    CHECK(law->step(p, &c, s, &r) == 0);
    p[L6_P_NOBREAK] = 1;
    CHECK(law->step(p, &c, s, &r) == 1 && r.f[0] > 0);
}

const test_case linel6_tests[] = {
    TEST(rotational_stiffness_dimensions),
    TEST(elastic_in_six_dofs),
    TEST(breaks_unless_noBreak),
    {0, 0},
};
