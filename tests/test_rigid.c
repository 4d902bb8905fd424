/* tests/test_rigid.c - rigid bodies: a material with young = math.huge (+inf).
 *
 * laws/kit/effective.h gives 1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2 and 1/G* = (2 - nu1)/G1 +
 * (2 - nu2)/G2; with E2 = inf the second terms are +0, so E* and G* are the one-body terms'
 * reciprocals bit for bit, whatever nu2 (checked exactly here, and against E/(1 - nu^2) to an
 * ulp).  The stiffness rules take the elastic body's spring alone (src/contact/stiffness.h).  Stage
 * scripts and case files accept math.huge for young only, refuse two rigid bodies in one line,
 * and the plausibility lint stays quiet; tests/scripts/rigid_bodies.lua runs the rigid pairs
 * through lawtester.run and lawtester.verify_law (Hertz, Mindlin, Thornton, a Lua law). */
#include "../laws/hertz_adhesion.h"
#include "../laws/hertz_mindlin.h"
#include "../laws/kit/effective.h"
#include "../laws/thornton.h"
#include "check.h"
#include "cli.h"
#include "contact/registry.h"
#include "contact/stiffness.h"
#include "script/script.h"
#include <float.h>
#include <stdlib.h>

/* E/(1 - nu^2) against 1/((1 - nu^2)/E): two roundings against one, within an ulp each way */
#define TOL_ULP (2 * DBL_EPSILON)

static const lt_material steel = {2.0e11, 0.3, 7800, 0.5, 0.3};

static lt_material rigid(double nu) { return (lt_material){INFINITY, nu, 1000, 0.5, 0.3}; }

/* the one-body closed forms, written as the sums' single terms */
static double estar_alone(const lt_material *m)
{
    return 1.0 / ((1 - m->poisson * m->poisson) / m->young);
}
static double gstar_alone(const lt_material *m)
{
    double g = m->young / (2 * (1 + m->poisson));
    return 1.0 / ((2 - m->poisson) / g);
}

/* E* and G* of an elastic body against a rigid one of any Poisson ratio, on either side. */
static void test_effective_moduli(void)
{
    const double nus[4] = {-0.9, 0.0, 0.3, 0.5};
    double e1 = estar_alone(&steel), g1 = gstar_alone(&steel);
    for (int i = 0; i < 4; i++) {
        lt_material r = rigid(nus[i]);
        CHECK(lt_effective_modulus(&r, &steel) == e1 && lt_effective_modulus(&steel, &r) == e1);
        CHECK(lt_effective_shear_modulus(&r, &steel) == g1 &&
              lt_effective_shear_modulus(&steel, &r) == g1);
    }
    CHECK_REL(e1, steel.young / (1 - steel.poisson * steel.poisson), TOL_ULP, "E* = E/(1 - nu^2)");
    CHECK_REL(g1, steel.young / (2 * (1 + steel.poisson) * (2 - steel.poisson)), TOL_ULP,
              "G* = E/(2(1 + nu)(2 - nu))");
    /* both rigid: no finite modulus (the readers refuse the pair before any law sees it) */
    lt_material r = rigid(0.3);
    CHECK(isinf(lt_effective_modulus(&r, &r)) && isinf(lt_effective_shear_modulus(&r, &r)));
}

/* The laws' own E*, G* (their states) on a rigid wall: the sphere's alone. */
static void test_laws_on_rigid_wall(void)
{
    lt_material r = rigid(0.1);
    lt_contact c;
    memset(&c, 0, sizeof c);
    c.mat[0] = &r, c.mat[1] = &steel;
    c.rcurv[0] = INFINITY, c.rcurv[1] = 5e-3;
    c.mstar = 1e-3, c.tanPhi = 0.3, c.dt = 1e-8;
    const char *names[3] = {"hertz_mindlin", "thornton", "hertz_adhesion"};
    for (int k = 0; k < 3; k++) {
        const lt_law *law = lt_find_law(names[k]);
        CHECK(law != NULL);
        if (!law) continue;
        double p[LT_MAX_PARAMS], s[LT_MAX_STATE];
        for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
        if (k == 2) p[HA_P_GAMMA] = 0.05;
        memset(s, 0, sizeof s);
        law->init(p, &c, s);
        double e1 = estar_alone(&steel), g1 = gstar_alone(&steel);
        if (k == 0) {
            CHECK(s[HM_S_K] == 4.0 / 3.0 * e1 * sqrt(5e-3));
            CHECK(s[HM_S_GSTAR] == g1);
            CHECK(s[HM_S_RSTAR] == 5e-3);
        } else if (k == 1) {
            CHECK(s[TH_S_ESTAR] == e1 && s[TH_S_GSTAR] == g1 && s[TH_S_RSTAR] == 5e-3);
        } else {
            CHECK(s[HA_S_ESTAR] == e1 && s[HA_S_RSTAR] == 5e-3);
        }
        /* a step in overlap: every output finite */
        c.uN = -1e-6, c.fresh = 1;
        lt_response out;
        memset(&out, 0, sizeof out);
        CHECK(law->step(p, &c, s, &out) == 1);
        for (int i = 0; i < LT_DOF; i++) CHECK_MSG(isfinite(out.f[i]), "%s: f[%d]", names[k], i);
        for (int i = 0; i < 2; i++) CHECK_MSG(isfinite(out.k[i]), "%s: k[%d]", names[k], i);
        for (int i = 0; i < law->n_energies; i++)
            CHECK_MSG(isfinite(out.energy[i]), "%s: energy %d", names[k], i);
        /* Hertz (hertz_adhesion's JKR force adds the adhesion); law and closed form differ by the
         * rounding of delta sqrt(delta) against pow: a few ulp */
        if (k < 2)
            CHECK_REL(-out.f[0], 4.0 / 3.0 * e1 * sqrt(5e-3) * pow(1e-6, 1.5), 1e-12,
                      "Hertz Fn on a rigid wall");
        c.uN = 0, c.fresh = 0;
    }
}

/* The stiffness rules with a rigid body: the elastic body's spring alone, finite, both orders. */
static void test_stiffness_rules(void)
{
    lt_material r = rigid(0.3);
    const double raw[2] = {0.01, 0.01};
    for (int side = 0; side < 2; side++) {
        const lt_material *m1 = side ? &steel : &r, *m2 = side ? &r : &steel;
        lt_stiffness s = lt_stiffness_default();
        lt_stiff_result out;
        CHECK(lt_stiffness_eval(&s, m1, m2, raw, 0, &out) == 0);
        CHECK(out.kn == out.contA / (0.01 / steel.young)); /* connector: A E/l */
        CHECK(out.kt == 0.5 * out.kn && out.tanPhi == 0.3);
        s.rule = LT_RULE_YADE;
        CHECK(lt_stiffness_eval(&s, m1, m2, raw, 0, &out) == 0);
        CHECK_MSG(out.kn == 2 * steel.young * 0.01, "yade kn %.17g, expected 2 E l = %.17g", out.kn,
                  2 * steel.young * 0.01);
        s.rule = LT_RULE_DIRECT, s.kn = 1e6;
        CHECK(lt_stiffness_eval(&s, m1, m2, raw, 0, &out) == 0 && out.kn == 1e6);
    }
    /* finite moduli: the yade formula as before */
    lt_material soft = steel;
    soft.young = 1e9;
    lt_stiffness y = lt_stiffness_default();
    y.rule = LT_RULE_YADE;
    lt_stiff_result out;
    lt_stiffness_eval(&y, &steel, &soft, raw, 0, &out);
    CHECK(out.kn ==
          2 * steel.young * 0.01 * soft.young * 0.01 / (steel.young * 0.01 + soft.young * 0.01));
}

/* the rigid pairs run end to end (the script asserts its closed forms) */
static void test_rigid_scripts(void)
{
    lt_script_opts o = {0};
    o.quiet = 1;
    CHECK_MSG(lt_script_run_file("tests/scripts/rigid_bodies.lua", &o) == 0,
              "tests/scripts/rigid_bodies.lua failed");
}

#define WALL_SCRIPT                                                                                \
    "return { name = 'rigid-wall', law = 'hertz_mindlin', params = { en = 1 },\n"                  \
    "  materials = { steel = { young = 2e11, poisson = 0.3, density = 7800 }, rigid = { young = "  \
    "math.huge } },\n"                                                                             \
    "  particles = { { shape = 'wall', material = 'rigid' }, { radius = 0.01, material = 'steel' " \
    "} },\n"                                                                                       \
    "  normal = {0, 0, 1}, gap = 5e-8, dt = 1e-7, abWeight = 1,\n"                                 \
    "  stages = { { whats = 'i.....', values = {-1, 0,0,0,0,0}, till = 'stage.rebound' } } }\n"

/* A stage file with young = math.huge: runs (also under --strict: no plausibility warning), its
 * record finite, its .meta's contact values read back to the connector rule's A E/l. */
static void test_stage_file(void)
{
    char *dir = make_tmpdir();
    put_file(dir, "wall.lua", WALL_SCRIPT);
    char args[600];
    snprintf(args, sizeof args, "run %s/wall.lua -o %s -q --strict", dir, dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0 && r.err[0] == 0, "status %d, stderr: %s", r.status, r.err);
    char path[600], *text = malloc(1 << 20);
    snprintf(path, sizeof path, "%s/rigid-wall.tsv", dir);
    slurp(path, text, 1 << 20);
    CHECK(count_lines(text) > 100);
    CHECK_MSG(!strstr(text, "inf") && !strstr(text, "nan"), "the record has a non-finite value");
    snprintf(path, sizeof path, "%s/rigid-wall.meta", dir);
    slurp(path, text, 1 << 20);
    char v[64];
    const char *keys[3] = {"contact.1.kn", "contact.1.kt", "contact.1.contA"};
    double x[3] = {NAN, NAN, NAN};
    for (int i = 0; i < 3; i++) {
        CHECK_MSG(meta_value(text, keys[i], v, sizeof v) != NULL, "%s missing", keys[i]);
        x[i] = strtod(v, NULL);
        CHECK_MSG(isfinite(x[i]), "%s = %s", keys[i], v);
    }
    CHECK(x[2] == LT_TEST_PI * 0.01 * 0.01);
    CHECK(x[0] == x[2] / (0.01 / 2e11) && x[1] == 0.5 * x[0]);
    CHECK(meta_value(text, "status", v, sizeof v) && strcmp(v, "complete") == 0);
    free(text);
    remove_tree(dir);
}

/* A Lua law's case with both bodies rigid (src/lualaw/yield_cases.c): refused at its mat. */
static void test_lua_law_case_refusal(void)
{
    char *dir = make_tmpdir();
    put_file(dir, "law.lua",
             "lawtester.law{ name = 'springy', summary = 's',\n"
             "  params = { { name = 'kn', default = 1e6, min = 0, unit = 'N/m', doc = 'k' } },\n"
             "  energies = { { name = 'elast', kind = 'stored', doc = 'e' } },\n"
             "  step = function(p, c, s, out) if c.uN >= 0 then return false end out.f[1] = p.kn * "
             "c.uN\n"
             "    out.k[1] = p.kn out.e.elast = 0.5 * p.kn * c.uN ^ 2 return true end,\n"
             "  cases = { { name = 'imp', doc = 'd', kind = 'impact', radius = 0.1, load = { vn = "
             "1 }, steps = 100,\n"
             "              mat = { young = math.huge },\n"
             "              expect = function(env) return { e = { value = 1, tol = 1e-3, why = 'w' "
             "} } end } } }\n");
    char args[600];
    snprintf(args, sizeof args, "run %s/law.lua -o %s", dir, dir);
    result r;
    run(&r, args);
    char want[800];
    snprintf(want, sizeof want,
             "%s/law.lua:7: field law.cases[1].mat: both bodies are rigid (young = math.huge): no "
             "finite contact "
             "modulus, 1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2 = 0; give one body a finite young\n",
             dir);
    CHECK_MSG(r.status == 1 && strcmp(r.err, want) == 0, "status %d, stderr: %s", r.status, r.err);
    remove_tree(dir);
}

/* A case file (docs/case-scripts.md) whose test has a rigid wall: verify passes its closed form,
 * the Hertz maximal overlap with E* = E/(1 - nu^2) of the sphere alone. */
static void test_case_file(void)
{
    char *dir = make_tmpdir();
    put_file(dir, "cases.lua",
             "local E, nu, rho, r, v = 2e11, 0.3, 7800, 5e-3, 0.1\n"
             "local m, es = rho * 4 / 3 * math.pi * r^3, E / (1 - nu^2)\n"
             "local dmax = (15 * m * v^2 / (16 * es * math.sqrt(r)))^0.4\n"
             "local dt = 3 * dmax / v / 2000\n"
             "return { cases = { { name = 'rigid-wall-overlap', doc = 'Hertz delta_max on a rigid "
             "wall',\n"
             "  test = { law = 'hertz_mindlin', params = { en = 1 }, dt = dt, abWeight = 1, gap = "
             "v * dt / 2,\n"
             "    particles = { { shape = 'wall', material = { young = math.huge } },\n"
             "                  { radius = r, material = { young = E, poisson = nu, density = rho "
             "} } },\n"
             "    stages = { { whats = 'i.....', values = {-v, 0,0,0,0,0}, till = 'C and C.v[1] >= "
             "0' } } },\n"
             "  expect = { { name = 'max overlap', measure = '-C.uN', value = dmax, tol = 1e-4,\n"
             "               why = 'leapfrog at 2000 steps per contact: the turn within a step' } "
             "} } } }\n");
    char args[600];
    snprintf(args, sizeof args, "verify %s/cases.lua", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0 && strstr(r.out, "rigid-wall-overlap") && strstr(r.out, "0 failed"),
              "status %d: %s %s", r.status, r.out, r.err);
    remove_tree(dir);
}

const test_case rigid_tests[] = {
    TEST(effective_moduli), TEST(laws_on_rigid_wall),   TEST(stiffness_rules), TEST(rigid_scripts),
    TEST(stage_file),       TEST(lua_law_case_refusal), TEST(case_file),       {NULL, NULL},
};
