/* tests/test_api6.c - law API 6 (include/lawtester/law.h, docs/plugins.md "API 6"): open range
 * ends (LT_PARAM_MIN_OPEN, _MAX_OPEN) checked where a descriptor is loaded, honoured by --set,
 * scripts, verify_law and sweeps, and printed with their brackets; per-parameter sweep scales
 * (param_scales) checked and swept (0 at the low corners, log-uniform over four decades about
 * the scale); both declarable by a Lua law (min_open, max_open, scale); an API-5 descriptor,
 * which ends before param_scales, still loads and has none. */
#define _POSIX_C_SOURCE 200809L
#include "base/shortg.h"
#include "check.h"
#include "cli.h"
#include "contact/law_check.h"
#include "contact/law_compat.h"
#include "contact/registry.h"
#include "verify/verify.h"
#include "verify/verify_sweep.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int toy_step(const double *param, const lt_contact *c, double *state, lt_response *out)
{
    (void)param, (void)state;
    lt_respond_force(out, c->uN < 0 ? 1e6 * c->uN : 0, 0, 0, 1e6, 0);
    return c->uN <= 0;
}
/* e in (0.05, 1] (an engine's restitution), a cohesion of default 0 with scale 2 N, one with
 * the open low end 0 (so its low corner is scale/100) */
static const lt_param toy_params[3] = {
    {"e", LT_REAL, 0.5, 0.05, 1, "-", "restitution, 0.05 < e <= 1", NULL},
    {"c", LT_REAL, 0, 0, INFINITY, "N", "a cohesion (0: none)", NULL},
    {"t", LT_REAL, 1, 0, INFINITY, "N", "a strength, > 0", NULL},
};
static const unsigned toy_flags[3] = {LT_PARAM_MIN_OPEN, 0, LT_PARAM_MIN_OPEN};
static const double toy_scales[3] = {0, 2, 0};
static const lt_law toy = {.api_version = LT_LAW_API_VERSION,
                           .name = "toy6",
                           .summary = "a law of API 6",
                           .params = toy_params,
                           .n_params = 3,
                           .step = toy_step,
                           .param_flags = toy_flags,
                           .param_scales = toy_scales};

static void expect_refused(const lt_law *law, const char *fragment)
{
    char err[400] = "";
    int rc = lt_law_validate(law, err, sizeof err);
    CHECK_MSG(rc == -1 && strstr(err, fragment) && !strchr(err, '\n'),
              "wanted '%s', got rc %d '%s'", fragment, rc, err);
}

static void test_open_ends_and_scales_checked(void)
{
    char err[400] = "";
    CHECK_MSG(lt_law_validate(&toy, err, sizeof err) == 0, "%s", err);
    lt_param p[3];
    unsigned f[3];
    double sc[3];
    memcpy(p, toy_params, sizeof p), memcpy(f, toy_flags, sizeof f),
        memcpy(sc, toy_scales, sizeof sc);
    lt_law b = toy;
    b.params = p, b.param_flags = f, b.param_scales = sc;
    p[0].def = 0.05; /* the default on its open end */
    expect_refused(&b, "parameter 'e': default 0.05 outside its range (0.05, 1]");
    p[0].def = 0.5;
    f[1] = LT_PARAM_MAX_OPEN; /* an infinite end is no end to open */
    expect_refused(&b, "parameter 'c': range [0, inf): only a finite end is flagged open");
    f[1] = 0;
    sc[1] = -1;
    expect_refused(&b, "parameter 'c': sweep scale -1 (param_scales) is not a finite positive");
    sc[1] = 2;
    f[2] = LT_PARAM_MIN_OPEN | LT_PARAM_FIXED;
    p[2].min = p[2].max = p[2].def = 1;
    expect_refused(&b, "parameter 't': a fixed value has no open end");
}

static void test_ranges_print_as_declared(void)
{
    char buf[120];
    CHECK(strcmp(lt_param_range_text(&toy_params[0], LT_PARAM_MIN_OPEN, buf, sizeof buf),
                 "(0.05, 1]") == 0);
    /* an infinite end is open unless it is the default (docs/laws.md, "Ranges") */
    CHECK(strcmp(lt_param_range_text(&toy_params[1], 0, buf, sizeof buf), "[0, inf)") == 0);
    lt_param unbounded = toy_params[1];
    unbounded.def = INFINITY;
    CHECK(strcmp(lt_param_range_text(&unbounded, 0, buf, sizeof buf), "[0, inf]") == 0);
    CHECK(lt_param_in_range(&unbounded, 0, INFINITY) &&
          !lt_param_in_range(&toy_params[1], 0, INFINITY) &&
          !lt_param_in_range(&toy_params[1], 0, -INFINITY));
    CHECK(!lt_param_in_range(&toy_params[0], LT_PARAM_MIN_OPEN, 0.05) &&
          lt_param_in_range(&toy_params[0], LT_PARAM_MIN_OPEN, nextafter(0.05, 1)) &&
          lt_param_in_range(&toy_params[0], 0, 0.05));
    /* a bound a hair above 0.05 does not print as 0.05 (which it refuses) */
    lt_param hair = toy_params[0];
    hair.min = nextafter(0.05, 1);
    CHECK(strcmp(lt_param_range_text(&hair, 0, buf, sizeof buf), "[0.050000000000000010, 1]") ==
              0 ||
          strcmp(buf, "[0.05000000000000001, 1]") == 0);
    CHECK(strcmp(lt_shortg(100, buf, sizeof buf), "100") == 0 &&
          strcmp(lt_shortg(1e-9, buf, sizeof buf), "1e-09") == 0);
}

/* --set: the open end refused in one line naming the range with its bracket, the next double
 * accepted */
static void test_set_honours_open_ends(void)
{
    lt_param_value v[1];
    char err[400];
    const char *at[] = {"e=0.05"}, *inside[] = {"e=0.05000000000000001"};
    CHECK(lt_verify_read_sets(&toy, at, 1, v, err, sizeof err) < 0 &&
          strstr(err, "--set 'e=0.05': out of range: e takes a number in (0.05, 1]"));
    CHECK_MSG(lt_verify_read_sets(&toy, inside, 1, v, err, sizeof err) == 0, "%s", err);
    CHECK(v[0].value == nextafter(0.05, 1));
}

/* The sweep: an open end's corner is the next double inside it, every point stays inside; a
 * scaled parameter is 0 at its low corners (scale/100 where its open end refuses 0 -- none
 * here) and log-uniform over [scale/100, 100 scale] between. */
static void test_sweep_of_open_ends_and_scales(void)
{
    lt_sweep_space s;
    lt_sweep_space_of(&toy, NULL, 0, &s);
    CHECK(s.n_dim == 3 && s.corners == 8);
    CHECK(s.dim[0].lo == nextafter(0.05, 1) && s.dim[0].hi == 1 &&
          s.dim[0].scale == LT_SWEEP_UNIFORM);
    CHECK(s.dim[1].scale == LT_SWEEP_LOG_ZERO && s.dim[1].lo == 0.02 && s.dim[1].hi == 200 &&
          s.dim[1].low_corner == 0);
    /* t: [0, 10] with 0 open: from the next double above 0 */
    CHECK(s.dim[2].lo == nextafter(0, 1) && s.dim[2].hi == 10);
    double p[LT_MAX_PARAMS];
    lt_sweep_point(&s, 0, p);
    CHECK(p[0] == nextafter(0.05, 1) && p[1] == 0 && p[2] == nextafter(0, 1));
    lt_sweep_point(&s, 7, p);
    CHECK(p[0] == 1 && p[1] == 200 && p[2] == 10);
    for (long k = 8; k < 200; k++) {
        lt_sweep_point(&s, k, p);
        CHECK(p[0] > 0.05 && p[0] <= 1 && p[1] >= 0.02 * (1 - 1e-14) && p[1] <= 200 * (1 + 1e-14) &&
              p[2] > 0);
    }
    /* a scale on a parameter whose low end is open at 0: its low corner is scale/100 */
    lt_param q[3];
    unsigned f[3];
    memcpy(q, toy_params, sizeof q), memcpy(f, toy_flags, sizeof f);
    f[1] = LT_PARAM_MIN_OPEN;
    lt_law b = toy;
    b.params = q, b.param_flags = f;
    lt_sweep_space_of(&b, NULL, 0, &s);
    CHECK(s.dim[1].scale == LT_SWEEP_LOG_ZERO && s.dim[1].low_corner == 0.02);
}

/* An API-5 descriptor ends before param_scales: what follows it in memory is never read. */
static void test_api5_descriptor_has_no_scales(void)
{
    union {
        lt_law law;
        unsigned char bytes[sizeof(lt_law)];
    } u;
    memset(u.bytes, 0xA5, sizeof u.bytes); /* a pointer that is not one */
    memcpy(&u.law, &toy, LT_LAW_V5_SIZE);
    u.law.api_version = 5;
    u.law.name = "toy5of6";
    char err[400] = "";
    const lt_law *reg = lt_register_law(&u.law, "test_api6", err, sizeof err);
    CHECK_MSG(reg != NULL, "%s", err);
    if (!reg) return;
    CHECK(reg->param_scales == NULL && lt_law_param_scale(reg, 1) == 0);
    lt_sweep_space s;
    lt_sweep_space_of(reg, NULL, 0, &s);
    CHECK(s.n_dim == 2); /* c: default 0, no scale: held, as before API 6 */
    lt_unregister_law(reg);
}

/* A case of a C law that sets a parameter on its open end: a failed setup row saying so (the
 * case's own overrides are range-checked as --set's values are). */
static void no_values(const lt_case_env *env, lt_expect *out) { (void)env, (void)out; }
typedef struct setup_row {
    int failed;
    char note[300];
} setup_row;
static void keep_setup(void *ctx, const lt_verify_row *r)
{
    setup_row *s = ctx;
    if (strcmp(r->kase, "impact-at-end") == 0 && strcmp(r->quantity, "setup") == 0 && !r->pass)
        s->failed++, snprintf(s->note, sizeof s->note, "%s", r->note ? r->note : "");
}
static void test_case_override_on_an_open_end(void)
{
    static const lt_case cases[1] = {
        {.name = "impact-at-end",
         .doc = "an impact at e = 0.05, which the law refuses",
         .kind = LT_CASE_IMPACT,
         .set = {{"e", 0.05}},
         .radius = {0.01, 0.01},
         .mat = {{1e7, 0.25, 2600, 0.5, 0.5}, {1e7, 0.25, 2600, 0.5, 0.5}},
         .load = {1, 0, 0, 0},
         .steps = 50,
         .expect = no_values}};
    lt_law b = toy;
    b.name = "toy6c";
    b.cases = cases;
    b.n_cases = 1;
    char err[400] = "";
    const lt_law *reg = lt_register_law(&b, "test_api6", err, sizeof err);
    CHECK_MSG(reg != NULL, "%s", err);
    if (!reg) return;
    setup_row s = {0};
    lt_verify_opts o = {0};
    o.law = "toy6c";
    o.kase = "impact-at-end";
    o.on_row = keep_setup;
    o.ctx = &s;
    lt_verify_summary sum;
    CHECK(lt_verify(&o, &sum, err, sizeof err) == 0);
    CHECK_MSG(s.failed == 1 && strstr(s.note, "case sets e: value 0.05 out of range: must be in "
                                              "(0.05, 1]"),
              "%d '%s'", s.failed, s.note);
    lt_unregister_law(reg);
}

/* The law table of a Lua law declaring an open end and a scale. */
static const char elaw[] =
    "{ name = \"elaw\", summary = \"Hooke normal, API 6 ranges\",\n"
    "  params = {\n"
    "    { name = \"e\", default = 0.5, min = 0.05, max = 1, min_open = true, unit = \"-\",\n"
    "      doc = \"restitution, 0.05 < e <= 1\" },\n"
    "    { name = \"c\", default = 0, min = 0, unit = \"N\", scale = 2, doc = \"a cohesion\" } },\n"
    "  step = function(p, c, s, out)\n"
    "    if c.uN > 0 then return false end\n"
    "    out.f[1] = 1e6 * c.uN; out.k[1] = 1e6\n"
    "    return true\n"
    "  end }\n";

static void put(const char *dir, const char *name, const char *a, const char *b)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs(a, f);
    fputs(b, f);
    fclose(f);
}

/* A Lua law declares open ends and a scale; `laws` prints them, --set, a script's params and
 * the sweep honour them. */
static void test_lua_law_declares_them(void)
{
    char *dir = make_tmpdir();
    char args[1400];
    put(dir, "elaw.lua", "return ", elaw);
    result r;
    snprintf(args, sizeof args, "laws --law-lib %s/elaw.lua", dir);
    run(&r, args);
    CHECK_MSG(r.status == 0 && strstr(r.out, "(0.05, 1]") && strstr(r.out, "[0, inf)"), "%s%s",
              r.out, r.err);
    snprintf(args, sizeof args, "verify --law-lib %s/elaw.lua --law elaw --set e=0.05", dir);
    run(&r, args);
    CHECK_MSG(r.status == 2 && strstr(r.err, "e takes a number in (0.05, 1]"), "%s", r.err);
    snprintf(args, sizeof args, "verify --law-lib %s/elaw.lua --law elaw --sweep 1", dir);
    run(&r, args);
    CHECK_MSG(strstr(r.out, "#   e            uniform over (0.05, 1] -") &&
                  strstr(r.out, "#   c            0, log-uniform over [0.02, 200] N (the law's "
                                "sweep scale 2, default 0)"),
              "%s", r.out);
    /* a script's params: the open end is an error of the field */
    put(dir, "run.lua", "lawtester.law", elaw);
    FILE *f = fopen(strcat(strcpy(args, dir), "/run.lua"), "a");
    if (f) {
        fputs("return { name = \"r\", law = \"elaw\", params = { e = 0.05 },\n"
              "  particles = { { radius = 0.1 }, { radius = 0.1 } },\n"
              "  stages = { { whats = \"v.....\", values = {-0.1}, till = \"stage.step >= 3\" } } "
              "}\n",
              f);
        fclose(f);
    }
    snprintf(args, sizeof args, "run %s/run.lua -o %s/out -q", dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 1 && strstr(r.err, "field params.e: value 0.05 out of range: must be in "
                                             "(0.05, 1]"),
              "%d %s", r.status, r.err);
    remove_tree(dir);
}

/* An infinite value reaches a law only where its range holds it: cohesive's bondRadius, whose
 * default is inf; thornton's yieldPressure is (0, inf), so inf and 0 are refused saying so, not
 * "out of range [0, inf]"; a script's math.huge likewise, naming the field. */
static void test_infinite_ends_as_the_range_says(void)
{
    result r;
    run(&r, "verify --law cohesive --set bondRadius=inf --case generic-touch");
    CHECK_MSG(r.status == 0, "%d %s", r.status, r.err);
    run(&r, "verify --law thornton --set yieldPressure=inf --case generic-touch");
    CHECK_MSG(r.status == 2 && strstr(r.err, "--set 'yieldPressure=inf': out of range: "
                                             "yieldPressure takes a number in (0, inf)\n"),
              "%d %s", r.status, r.err);
    run(&r, "verify --law thornton --set yieldPressure=0 --case generic-touch");
    CHECK(r.status == 2 && strstr(r.err, "yieldPressure takes a number in (0, inf)"));
    char *dir = make_tmpdir(), args[800];
    static const char tmpl[] =
        "return { name = \"inf\", law = \"%s\", params = { %s = math.huge },\n"
        "  particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6,\n"
        "  stages = { { whats = \"v.....\", values = { -0.1, 0, 0, 0, 0, 0 }, till = \"stage.step "
        ">= 3\" } } }\n";
    char text[600];
    snprintf(text, sizeof text, tmpl, "cohesive", "bondRadius");
    put_file(dir, "ok.lua", text);
    snprintf(text, sizeof text, tmpl, "linear", "kn");
    put_file(dir, "kn.lua", text);
    snprintf(args, sizeof args, "run %s/ok.lua -o %s/out -q", dir, dir);
    run(&r, args);
    CHECK_MSG(r.status == 0, "%d %s", r.status, r.err);
    snprintf(args, sizeof args, "run %s/kn.lua -o %s/out2 -q", dir, dir);
    run(&r, args);
    CHECK_MSG(r.status != 0 && strstr(r.err, "kn.lua:1: field params.kn: value inf out of range: "
                                             "must be in [0, inf)"),
              "%d %s", r.status, r.err);
    remove_tree(dir);
}

const test_case api6_tests[] = {
    TEST(open_ends_and_scales_checked),
    TEST(ranges_print_as_declared),
    TEST(set_honours_open_ends),
    TEST(sweep_of_open_ends_and_scales),
    TEST(api5_descriptor_has_no_scales),
    TEST(lua_law_declares_them),
    TEST(case_override_on_an_open_end),
    TEST(infinite_ends_as_the_range_says),
    {NULL, NULL},
};
