/* tests/test_linear.c - the linear law on hand-made contacts, no driver: force law, Coulomb
 * return, breakage, and the slip-dissipation formulas on the three canonical one-step paths
 * (docs/energy.md derives the exact values used here). */
#include "../laws/linear.h"
#include "check.h"
#include "contact/registry.h"
#include "hand.h"

/* Closed forms evaluated in double: a handful of operations, so 1e-14 relative covers their
 * round-off with a margin of ~50 ulp. */
#define TOL_ROUNDOFF 1e-14

static const lt_law *linear(void) { return lt_find_law("linear"); }

static void default_params(double *p) { hand_params(linear(), p, 1e6, 5e5, 0.5); }

/* A tangential contact at overlap uN (no normal motion): hand.h's two spheres. */
static lt_contact make_contact(double uN, double vy, double vz, double dt)
{
    return hand_contact(uN, 0, vy, vz, dt);
}

/* init, then the stored forces fn (normal) and (fty, 0) (tangential, N), then one step. */
static lt_response step_from(const lt_law *law, const double *p, const lt_contact *c, double *s,
                             double fn, double fty)
{
    law->init(p, c, s);
    s[LIN_S_FN] = fn;
    s[LIN_S_FTY] = fty;
    s[LIN_S_FTZ] = 0;
    lt_response r = {0};
    law->step(p, c, s, &r);
    return r;
}

static void test_registered(void)
{
    const lt_law *law = linear();
    CHECK(law != NULL);
    if (!law) return;
    CHECK(law->api_version == LT_LAW_API_VERSION);
    CHECK(lt_law_param_index(law, "kn") == LIN_P_KN);
    CHECK(lt_law_param_index(law, "dissipation") == LIN_P_DISSIPATION);
    CHECK(lt_law_energy_index(law, "elast") >= 0 && lt_law_energy_index(law, "plast") >= 0);
    CHECK(lt_law_param_index(law, "nonsense") == -1);
}

static void test_normal_force_hooke(void)
{
    const lt_law *law = linear();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    default_params(p);
    lt_contact c = make_contact(-2.5e-4, 0, 0, 1e-6);
    c.fresh = 1;
    law->init(p, &c, s);
    lt_response r = {0};
    CHECK(law->step(p, &c, s, &r) == 1);
    CHECK_REL(r.f[0], 1e6 * -2.5e-4, TOL_ROUNDOFF, "Fn = kn uN");
    CHECK_REL(r.energy[LIN_E_ELAST], 0.5 * 1e6 * 2.5e-4 * 2.5e-4, TOL_ROUNDOFF,
              "elast = kn uN^2 / 2");
    CHECK(r.f[1] == 0 && r.f[2] == 0 && r.f[3] == 0 && r.f[4] == 0 && r.f[5] == 0);
}

static void test_materials_when_no_override(void)
{
    const lt_law *law = linear();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    lt_contact c = make_contact(-1e-3, 0, 0, 1e-6);
    c.kn = 123456.0;
    c.kt = 654.0;
    c.tanPhi = 0.3;
    law->init(p, &c, s);
    CHECK(s[LIN_S_KN] == 123456.0 && s[LIN_S_KT] == 654.0 && s[LIN_S_TANPHI] == 0.3);
}

static void test_breaks_in_tension_unless_noBreak(void)
{
    const lt_law *law = linear();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    default_params(p);
    lt_contact c = make_contact(1e-9, 0, 0, 1e-6);
    law->init(p, &c, s);
    lt_response r = {0};
    CHECK(law->step(p, &c, s, &r) == 0);
    p[LIN_P_NOBREAK] = 1;
    CHECK(law->step(p, &c, s, &r) == 1);
    CHECK_REL(r.f[0], 1e6 * 1e-9, TOL_ROUNDOFF, "tensile Fn with noBreak");
}

/* Steady sliding: the force sits on the yield surface, fy constant, one step of slip du.
 * Exact dissipation fy du. */
static void test_dissipation_steady_sliding(void)
{
    const lt_law *law = linear();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    default_params(p);
    double uN = -1e-3, fy = 1e6 * 1e-3 * 0.5, du = 3e-6;
    lt_contact c = make_contact(uN, du / 1e-6, 0, 1e-6);
    law->init(p, &c, s);
    s[LIN_S_FN] = 1e6 * uN;
    s[LIN_S_FTY] = fy;
    lt_response r = {0};
    law->step(p, &c, s, &r);
    CHECK_REL(r.f[1], fy, TOL_ROUNDOFF, "returned to the yield surface");
    CHECK_REL(r.energy[LIN_E_PLAST], fy * du, TOL_ROUNDOFF, "trapezoid: exact fy du");
}

/* Normal unloading on the yield surface at fixed tangential displacement: fy drops from fy0
 * to fy1, no tangential motion; exact dissipation (fy0^2 - fy1^2)/(2 kt). */
static void test_dissipation_normal_unloading(void)
{
    const lt_law *law = linear();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    default_params(p);
    double uN0 = -1e-3, uN1 = -0.9e-3, fy0 = 1e6 * 1e-3 * 0.5, fy1 = 1e6 * 0.9e-3 * 0.5;
    lt_contact c = make_contact(uN1, 0, 0, 1e-6);
    c.v[0] = (uN1 - uN0) / 1e-6;
    for (int formula = 0; formula < 5; formula++) {
        p[LIN_P_DISSIPATION] = formula;
        lt_response r = step_from(law, p, &c, s, 1e6 * uN0, fy0);
        double exact = (fy0 * fy0 - fy1 * fy1) / (2 * 5e5);
        if (formula == 1) /* doc: fy (ft - fy)/kt, short by (ft-fy)^2/(2kt) */
            CHECK_REL(r.energy[LIN_E_PLAST], fy1 * (fy0 - fy1) / 5e5, TOL_ROUNDOFF,
                      "doc formula value");
        else
            CHECK_REL(r.energy[LIN_E_PLAST], exact, TOL_ROUNDOFF, "exact on normal unloading");
    }
}

/* Onset of slip inside a step (fy constant): the exact continuous dissipation is
 * fy (ft - fy)/kt; the trapezoid formula differs by (fy - f0)(ft - fy)/(2 kt). */
static void test_dissipation_onset(void)
{
    const lt_law *law = linear();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    default_params(p);
    double uN = -1e-3, fy = 500, f0 = 499, du = 4e-6, kt = 5e5, ft = f0 + kt * du;
    lt_contact c = make_contact(uN, du / 1e-6, 0, 1e-6);
    const double expect[5] = {(f0 + fy) * (ft - fy) / (2 * kt), fy * (ft - fy) / kt,
                              (ft * ft - fy * fy) / (2 * kt), (ft * ft - fy * fy) / (2 * kt),
                              fy * (ft - fy) / kt};
    for (int formula = 0; formula < 5; formula++) {
        p[LIN_P_DISSIPATION] = formula;
        lt_response r = step_from(law, p, &c, s, 1e6 * uN, f0);
        CHECK_REL(r.energy[LIN_E_PLAST], expect[formula], 1e-12,
                  "onset dissipation of each formula");
    }
}

/* Radial return keeps the direction of the trial force in 2D. */
static void test_radial_return_direction(void)
{
    const lt_law *law = linear();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    default_params(p);
    lt_contact c = make_contact(-1e-3, 3e-3 / 1e-6, 4e-3 / 1e-6, 1e-6);
    law->init(p, &c, s);
    lt_response r = {0};
    law->step(p, &c, s, &r);
    double fy = 500;
    CHECK_REL(r.f[1], fy * 0.6, TOL_ROUNDOFF, "Fty = fy * 3/5");
    CHECK_REL(r.f[2], fy * 0.8, TOL_ROUNDOFF, "Ftz = fy * 4/5");
}

static void test_noSlip_stays_elastic(void)
{
    const lt_law *law = linear();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    default_params(p);
    p[LIN_P_NOSLIP] = 1;
    lt_contact c = make_contact(-1e-3, 1e-2 / 1e-6, 0, 1e-6);
    law->init(p, &c, s);
    lt_response r = {0};
    law->step(p, &c, s, &r);
    CHECK_REL(r.f[1], 5e5 * 1e-2, TOL_ROUNDOFF, "Ft = kt u beyond the Coulomb limit");
    CHECK(r.energy[LIN_E_PLAST] == 0);
}

const test_case linear_tests[] = {
    TEST(registered),
    TEST(normal_force_hooke),
    TEST(materials_when_no_override),
    TEST(breaks_in_tension_unless_noBreak),
    TEST(dissipation_steady_sliding),
    TEST(dissipation_normal_unloading),
    TEST(dissipation_onset),
    TEST(radial_return_direction),
    TEST(noSlip_stays_elastic),
    {0, 0},
};
