/* tests/test_api5.c - law API 5, "the law tells, the harness does not guess"
 * (include/lawtester/law.h, docs/plugins.md "API 5"): the friction coefficient a law declares
 * reaches the plausibility warnings and the plots' cone (a law calling it `mu` too); a real
 * parameter has a range (one left at [0, 0] is refused for API 5 and read as none for older
 * descriptors); the integer kind LT_INT; state arrays shown as NAME[LENGTH] by `lawtester laws` and
 * .meta; a missing api_version names the file and what to set; `init` optional; .meta and plot
 * titles show a parameter "from the materials" only when the law declares it so.  Older descriptors
 * keep loading and behave as before: an API-4 test plugin, and examples/plugin/c built against the
 * frozen API-4 header (tests/plugins/law_api4.h), whose records equal its API-5 build's. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include "contact/law_check.h"
#include "contact/law_compat.h"
#include "contact/registry.h"
#include "output/plot_info.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a toy law, changed by each test ------------------------------------------------------- */

static int toy_step(const double *param, const lt_contact *c, double *state, lt_response *out)
{
    (void)param, (void)state;
    lt_respond_force(out, c->uN < 0 ? 1e6 * c->uN : 0, 0, 0, 1e6, 0);
    return c->uN <= 0;
}
static const lt_param toy_params[3] = {
    {"kn", LT_REAL, NAN, 0, INFINITY, "N/m", "normal stiffness (default: the rule's)", NULL},
    {"mu", LT_REAL, 0.5, 0, 10, "-", "friction coefficient", NULL},
    {"n", LT_INT, 4, 1, 100, "-", "a count", NULL},
};
static const char *const toy_state[2] = {"Fn", "mu"};
static const lt_law toy = {.api_version = LT_LAW_API_VERSION,
                           .name = "toy5",
                           .summary = "a law of API 5",
                           .params = toy_params,
                           .n_params = 3,
                           .state_names = toy_state,
                           .n_state = 2,
                           .step = toy_step};

static void expect_refused(const lt_law *law, const char *fragment)
{
    char err[400] = "";
    int rc = lt_law_validate(law, err, sizeof err);
    CHECK_MSG(rc == -1 && strstr(err, fragment) && !strchr(err, '\n'),
              "wanted '%s', got rc %d '%s'", fragment, rc, err);
}

static void expect_valid(const lt_law *law)
{
    char err[400] = "";
    CHECK_MSG(lt_law_validate(law, err, sizeof err) == 0, "%s", err);
}

/* ---- validation of the declarations --------------------------------------------------------- */

/* A real parameter whose range was left at [0, 0] is refused, naming the parameter and what to
 * set; declared fixed it is accepted; a one-value range other than 0 needs the flag too. */
static void test_range_left_at_zero_refused(void)
{
    expect_valid(&toy);
    lt_param p[3] = {toy_params[0], toy_params[1], toy_params[2]};
    lt_law b = toy;
    b.params = p;
    p[1].min = p[1].max = 0, p[1].def = 0;
    expect_refused(&b, "law 'toy5': parameter 'mu': no range declared (min = max = 0): set its "
                       ".min and .max (e.g. 0 and "
                       "INFINITY");
    unsigned flags[3] = {0, LT_PARAM_FIXED, 0};
    b.param_flags = flags;
    expect_valid(&b);
    p[1].min = p[1].max = p[1].def = 2;
    expect_valid(&b);
    flags[1] = 0;
    expect_refused(
        &b, "parameter 'mu': range [2, 2] holds one value: widen it, or flag it LT_PARAM_FIXED");
    p[1] = toy_params[1], flags[1] = LT_PARAM_FIXED;
    expect_refused(
        &b,
        "parameter 'mu': flagged LT_PARAM_FIXED, but its range [0, 10] holds more than one value");
    flags[1] = 1u << 5;
    expect_refused(&b, "parameter 'mu': flags 0x20 hold a bit that is no LT_PARAM_* flag");
    flags[1] = LT_PARAM_MATERIALS; /* only for an optional real parameter */
    expect_refused(&b, "parameter 'mu': LT_PARAM_MATERIALS is for an optional real parameter");
    flags[1] = 0, flags[0] = LT_PARAM_MATERIALS;
    expect_valid(&b);
}

/* LT_INT: whole default within its range, whole (or infinite) bounds; values checked by
 * lt_param_value_problem (a fraction refused in one line). */
static void test_integer_kind(void)
{
    lt_param p[3] = {toy_params[0], toy_params[1], toy_params[2]};
    lt_law b = toy;
    b.params = p;
    p[2].def = 2.5;
    expect_refused(
        &b, "parameter 'n': an integer's default must be a whole number in [1, 100], got 2.5");
    p[2] = toy_params[2], p[2].max = 99.5;
    expect_refused(
        &b, "parameter 'n': an integer's range [1, 99.5] must have whole (or infinite) bounds");
    p[2] = toy_params[2], p[2].max = INFINITY;
    expect_valid(&b);
    p[2].def = NAN; /* no optional integer */
    expect_refused(&b, "an integer's default must be a whole number");
    char buf[200];
    CHECK(lt_param_value_problem(&toy_params[2], 7, buf, sizeof buf) == NULL);
    const char *bad = lt_param_value_problem(&toy_params[2], 7.25, buf, sizeof buf);
    CHECK_MSG(bad && strcmp(bad, "expected a whole number (an integer parameter), got 7.25") == 0,
              "%s", bad ? bad : "NULL");
    bad = lt_param_value_problem(&toy_params[2], 101, buf, sizeof buf);
    CHECK_MSG(bad && strstr(bad, "value 101 out of range: must be in [1, 100]"), "%s",
              bad ? bad : "NULL");
    /* optional, unset */
    CHECK(lt_param_value_problem(&toy_params[0], NAN, buf, sizeof buf) == NULL);
    CHECK(lt_param_value_problem(&toy_params[1], NAN, buf, sizeof buf) != NULL);
    CHECK(lt_param_value_problem(&toy_params[1], 10.5, buf, sizeof buf) != NULL);
    CHECK(lt_param_value_problem(&toy_params[1], 2.5, buf, sizeof buf) == NULL);
}

/* The friction coefficient names a real parameter or a state variable. */
static void test_friction_declaration_checked(void)
{
    lt_law b = toy;
    b.friction = "mu";
    expect_valid(&b);
    b.friction = "Fn";
    expect_valid(&b);
    b.friction = "phi";
    expect_refused(&b, "friction 'phi' names no parameter and no state variable");
    b.friction = "n";
    expect_refused(&b, "friction 'n' names a parameter that is not real");
}

/* State arrays: inside the state, apart, named; a value of an array without a name of its own
 * is ARRAY_k; a NULL name outside every array is refused. */
static void test_state_arrays_checked_and_named(void)
{
    const char *names[6] = {"Fn", NULL, NULL, NULL, "x", NULL};
    lt_state_array arrays[2] = {{"h", 1, 3, "a history"}, {"g", 5, 1, NULL}};
    lt_law b = toy;
    b.state_names = names, b.n_state = 6, b.state_arrays = arrays, b.n_state_arrays = 2;
    expect_valid(&b);
    char buf[80];
    CHECK(strcmp(lt_state_name(&b, 2, buf, sizeof buf), "h_1") == 0);
    CHECK(strcmp(lt_state_name(&b, 5, buf, sizeof buf), "g_0") == 0);
    CHECK(strcmp(lt_state_name(&b, 4, buf, sizeof buf), "x") == 0);
    arrays[1].first = 3;
    expect_refused(&b, "state arrays 'h' and 'g' overlap");
    arrays[1].first = 6;
    expect_refused(&b, "state array 'g': [6, 6 + 1) does not lie within the 6 state variables");
    arrays[1].first = 5, arrays[1].name = "h";
    expect_refused(&b, "state array 'h' declared twice");
    arrays[1].name = "x";
    expect_refused(&b, "state array 'x' has the name of a state variable");
    arrays[1].name = "g", names[4] = NULL;
    expect_refused(&b, "state variable 5: name is missing (NULL), and no state array holds it");
    names[4] = "h_0"; /* the name lawtester gives the first value of h */
    expect_refused(&b, "state variable 'h_0' declared twice");
    names[4] = "x";
    /* the registry's copy names every value */
    char err[300];
    const lt_law *reg = lt_register_law(&b, "test_api5", err, sizeof err);
    CHECK_MSG(reg != NULL, "%s", err);
    if (!reg) return;
    CHECK(strcmp(reg->state_names[1], "h_0") == 0 && strcmp(reg->state_names[3], "h_2") == 0 &&
          strcmp(reg->state_names[5], "g_0") == 0 && reg->state_names != names);
    CHECK(reg->n_state_arrays == 2 && reg->state_arrays != arrays &&
          strcmp(reg->state_arrays[0].doc, "a history") == 0);
    lt_unregister_law(reg);
}

/* init may be NULL: validate accepts it and the registered copy starts the state at zeros. */
static void test_init_optional(void)
{
    expect_valid(&toy); /* toy has no init */
    char err[300];
    const lt_law *reg = lt_register_law(&toy, "test_api5", err, sizeof err);
    CHECK_MSG(reg != NULL, "%s", err);
    if (!reg) return;
    CHECK(reg->init != NULL);
    double s[2] = {0, 0}, p[3] = {NAN, 0.5, 4};
    lt_contact c = {0};
    reg->init(p, &c, s);
    CHECK(s[0] == 0 && s[1] == 0);
    lt_unregister_law(reg);
}

/* api_version 0: the message says what to set; a version from the future: what to do. */
static void test_missing_api_version_says_what_to_set(void)
{
    lt_law b = toy;
    b.api_version = 0;
    char err[400] = "";
    CHECK(lt_law_copy(&b, err, sizeof err) == NULL);
    CHECK_MSG(
        strstr(
            err,
            "law 'toy5': api_version is not set (0): set .api_version = LT_LAW_API_VERSION in the "
            "descriptor") &&
            !strchr(err, '\n'),
        "%s", err);
    b.api_version = LT_LAW_API_VERSION + 1;
    CHECK(lt_law_copy(&b, err, sizeof err) == NULL);
    CHECK_MSG(strstr(err, "rebuild it against this lawtester's <lawtester/law.h>"), "%s", err);
}

/* ---- older descriptors, read as before ------------------------------------------------------ */

/* An API-4 descriptor: its [0, 0] range is no range (flagged so), a constant range stays one,
 * its friction coefficient is the parameter or state variable named tanPhi, nothing is "from
 * the materials", and LT_INT, no kind before API 5, is refused. */
static void test_api4_descriptor_read_as_before(void)
{
    lt_param p[3] = {
        {"gain", LT_REAL, 0.3, 0, 0, "-", "range forgotten, default outside it", NULL},
        {"k", LT_REAL, 2, 2, 2, "N/m", "a constant", NULL},
        {"kt", LT_REAL, NAN, 0, INFINITY, "N m/rad", "optional", NULL},
    };
    const char *state[2] = {"Fn", "tanPhi"};
    lt_law b = {.api_version = 4,
                .name = "old4",
                .summary = "API 4",
                .params = p,
                .n_params = 3,
                .state_names = state,
                .n_state = 2,
                .step = toy_step};
    char err[300];
    const lt_law *reg = lt_register_law(&b, "test_api5", err, sizeof err);
    CHECK_MSG(reg != NULL, "%s", err); /* before API 5: default 0.3 outside its range [0, 0] */
    if (!reg) return;
    CHECK(lt_law_declared_api(reg) == 4 && reg->api_version == LT_LAW_API_VERSION);
    CHECK(reg->params[0].min == -INFINITY && reg->params[0].max == INFINITY);
    CHECK(reg->param_flags && reg->param_flags[0] == LT_PARAM_RANGE_UNDECLARED &&
          reg->param_flags[1] == LT_PARAM_FIXED && reg->param_flags[2] == 0);
    CHECK(reg->friction && strcmp(reg->friction, "tanPhi") == 0);
    CHECK(p[0].min == 0 && p[0].max == 0); /* the law's own table untouched */
    lt_unregister_law(reg);
    state[1] = "phi";
    reg = lt_register_law(&b, "test_api5", err, sizeof err);
    CHECK_MSG(reg && reg->friction == NULL, "%s", err); /* no tanPhi: no friction coefficient */
    if (reg) lt_unregister_law(reg);
    p[1].kind = LT_INT;
    CHECK(lt_register_law(&b, "test_api5", err, sizeof err) == NULL);
    CHECK_MSG(strstr(err, "parameter 2 'k': kind 3 is no kind of law API 4 (LT_INT is API 5)"),
              "%s", err);
    /* an API-5 descriptor gets no such reading: its [0, 0] is refused, its tanPhi is not guessed */
    lt_law c = toy;
    c.state_names = state, state[1] = "tanPhi";
    reg = lt_register_law(&c, "test_api5", err, sizeof err);
    CHECK_MSG(reg && reg->friction == NULL, "%s", err);
    if (reg) lt_unregister_law(reg);
}

/* ---- what the declarations change ----------------------------------------------------------- */

/* lt_law_friction: the state's value, else the parameter's, else (LT_PARAM_MATERIALS) the
 * stiffness rule's; the parameter the warnings check. */
static void test_friction_value_for_the_cone(void)
{
    const char *plain[2] = {"Fn", "Ft"};
    lt_law b = toy;
    b.friction = "mu", b.state_names = plain;
    double params[3] = {NAN, 0.7, 4}, state[2] = {-1, 0.3};
    CHECK(lt_law_friction(&b, params, state, 0.9) == 0.7 && lt_law_friction_param(&b) == 1);
    b.friction = NULL;
    CHECK(isnan(lt_law_friction(&b, params, state, 0.9)) && lt_law_friction_param(&b) == -1);
    const char *state_mu[2] = {"Fn", "mu"}; /* a state named like the parameter: the value in use */
    b.state_names = state_mu, b.friction = "mu";
    CHECK(lt_law_friction(&b, params, state, 0.9) == 0.3);
    lt_param p[3] = {toy_params[0], toy_params[1], toy_params[2]};
    p[1].def = NAN;
    b.params = p, b.state_names = plain;
    params[1] = NAN;
    CHECK(isnan(lt_law_friction(&b, params, state, 0.9))); /* unset, not from the materials */
    unsigned flags[3] = {0, LT_PARAM_MATERIALS, 0};
    b.param_flags = flags;
    CHECK(lt_law_friction(&b, params, state, 0.9) == 0.9);
    /* every built-in law with a Coulomb limit (a parameter tanPhi) declares it */
    int with_friction = 0;
    for (int i = 0; lt_laws[i]; i++) {
        const lt_law *law = lt_laws[i];
        if (lt_law_origin(law) || lt_law_param_index(law, "tanPhi") < 0) continue;
        CHECK_MSG(law->friction && strcmp(law->friction, "tanPhi") == 0, "%s", law->name);
        with_friction++;
    }
    /* linear, spring_dashpot, hertz_mindlin, cohesive, linear_rolling, walton_braun, thornton */
    CHECK(with_friction >= 7);
}

/* A plot title shows "(materials)" with the stiffness rule's value only for a parameter the law
 * declares LT_PARAM_MATERIALS, whatever the sidecar says; a law's own kt is not the rule's. */
static void test_title_follows_the_declaration(void)
{
    static const lt_param kt_params[2] = {
        {"kn", LT_REAL, NAN, 0, INFINITY, "N/m", "normal stiffness (default: the rule's)", NULL},
        {"kt", LT_REAL, NAN, 0, INFINITY, "N m/rad", "twisting stiffness (default: none)", NULL},
    };
    static const unsigned kt_flags[2] = {LT_PARAM_MATERIALS, 0};
    lt_law b = toy;
    b.name = "kt_law", b.params = kt_params, b.n_params = 2, b.param_flags = kt_flags;
    char err[300];
    const lt_law *reg = lt_register_law(&b, "test_api5", err, sizeof err);
    CHECK_MSG(reg != NULL, "%s", err);
    if (!reg) return;
    char dir[64];
    snprintf(dir, sizeof dir, "%s", make_tmpdir());
    put_file(
        dir, "t.tsv",
        "step\ttime\tstage\tcontact\tux\tFx\n0\t0\t0\t1\t-1e-6\t-1\n1\t1e-6\t1\t1\t-2e-6\t-2\n");
    put_file(
        dir, "t.meta",
        "# lawtester run "
        "description\nname\tt\nlaw\tkt_law\nparams.kn\tmaterials\nparams.kt\tmaterials\n"
        "contact.1.kn\t1000000\ncontact.1.kt\t785398.16339744835\ncontacts\t1\nstatus\tcomplete\n");
    char tsv[128], meta[128], base[128];
    snprintf(tsv, sizeof tsv, "%s/t.tsv", dir);
    snprintf(meta, sizeof meta, "%s/t.meta", dir);
    snprintf(base, sizeof base, "%s/t.tsv", dir);
    lt_plot_input in = {tsv, base, meta, NULL, NULL, NULL, NAN};
    char *defs = lt_plot_info_defs(&in, err, sizeof err);
    CHECK_MSG(defs && strstr(defs, "params=\"kn = 10⁶ N/m (materials)\""), "%s", defs ? defs : err);
    CHECK_MSG(defs && !strstr(defs, "kt ="), "the law's kt labelled with the rule's: %s",
              defs ? defs : err);
    free(defs);
    /* no sidecar (a probe table): the values, the same rule */
    double params[2] = {NAN, NAN};
    lt_plot_input in2 = {tsv, base, NULL, NULL, reg, params, NAN};
    defs = lt_plot_info_defs(&in2, err, sizeof err);
    CHECK_MSG(defs && !strstr(defs, "kt ="), "%s", defs ? defs : err);
    free(defs);
    remove_tree(dir);
    lt_unregister_law(reg);
}

/* ---- the command line ----------------------------------------------------------------------- */

static int sh(const char *cmd)
{
    char full[4200];
    snprintf(full, sizeof full, "(%s) >/dev/null 2>&1", cmd);
    return system(full) == 0 ? 0 : -1;
}

/* `lawtester laws`: hertz_mindlin's history is md[480], once, its values' names not listed;
 * mdCells is an integer; the friction coefficient is named. */
static void test_laws_shows_arrays_and_declarations(void)
{
    result r;
    run(&r, "laws");
    CHECK_MSG(r.status == 0, "%s", r.err);
    const char *hm = strstr(r.out, "\nhertz_mindlin - ");
    CHECK(hm != NULL);
    if (!hm) return;
    CHECK_MSG(
        strstr(hm,
               "  state: K Gstar Rstar tanPhi cd Fn Fe elastN Fdn Fty Ftz kt delta elastT vn0 uN0 "
               "slip ct Fdty Fdtz vty0 vtz0 kr ktw Mry Mrz Mtw Mdy Mdz wy wz md_n md[480]\n"),
        "%.600s", hm);
    CHECK_MSG(strstr(hm, "    md[480] = C.md_x0 ... C.md_uz159: "), "%.600s", hm);
    CHECK_MSG(!strstr(r.out, "md_uy1 ") && !strstr(r.out, "md_x1 "),
              "the md values listed one by one");
    /* the columns as wide as the law's longest name (tangentialDashpot), default (extrapolated)
     * and unit (N m/rad) */
    CHECK_MSG(
        strstr(hm, "mdCells           default 160          unit -       range [2, 160] integer"),
        "%.1200s", hm);
    CHECK_MSG(strstr(hm, "  friction coefficient: tanPhi\n"), "%.1200s", hm);
    CHECK_MSG(strstr(r.out, "    kn           default materials  unit N/m"), "%.300s", r.out);
}

/* A hertz_mindlin run: .meta shows the state with md[480], mdCells without decimals, R*
 * (the law's own default) unset, E* from the materials; C.md_x0 still reads the state. */
static void test_meta_shows_state_and_declared_params(void)
{
    char dir[64], out[128], args[400], path[200];
    snprintf(dir, sizeof dir, "%s", make_tmpdir());
    put_file(dir, "hm.lua",
             "return { name = \"hm\", law = \"hertz_mindlin\", params = { mdCells = 40 },\n"
             "  particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6,\n"
             "  stages = { { whats = \"v.....\", values = {-0.1, 0,0,0,0,0}, till = \"C and "
             "C.md_x0 >= 0 and C.uN <= -2e-6\" } } }\n");
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(args, sizeof args, "run '%s/hm.lua' -o '%s' -q", dir, out);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "%s", r.err);
    static char text[16384];
    snprintf(path, sizeof path, "%s/hm.meta", out);
    slurp(path, text, sizeof text);
    char v[600];
    const char *s = meta_value(text, "state", v, sizeof v);
    CHECK_MSG(
        s && strcmp(s,
                    "K Gstar Rstar tanPhi cd Fn Fe elastN Fdn Fty Ftz kt delta elastT vn0 uN0 slip "
                    "ct Fdty Fdtz vty0 vtz0 kr ktw Mry Mrz Mtw Mdy Mdz wy wz md_n md[480]") == 0,
        "state: %s", s ? s : "(none)");
    CHECK_MSG((s = meta_value(text, "params.mdCells", v, sizeof v)) && strcmp(s, "40") == 0,
              "mdCells: %s", s ? s : "-");
    CHECK_MSG((s = meta_value(text, "params.Rstar", v, sizeof v)) && strcmp(s, "unset") == 0,
              "Rstar: %s", s ? s : "-");
    CHECK_MSG((s = meta_value(text, "params.Estar", v, sizeof v)) && strcmp(s, "materials") == 0,
              "Estar: %s", s ? s : "-");
    remove_tree(dir);
}

/* An API-4 plugin loads and runs: `laws` names its friction coefficient tanPhi (by its name, as
 * before) and its forgotten range; a script may set that parameter; `tanPhi = 30` draws the
 * friction warning; its optional kn and kt (a twisting stiffness) are unset in .meta, never the
 * stiffness rule's.  A plugin without api_version is refused naming the file and what to set. */
static void test_api4_plugin_and_missing_version(void)
{
    char dir[64], cmd[1200], args[1200], path[300];
    snprintf(dir, sizeof dir, "%s", make_tmpdir());
    snprintf(cmd, sizeof cmd,
             "cc -shared -fPIC -Iinclude -o '%s/api4.so' tests/plugins/api4.c && cc -shared -fPIC "
             "-o '%s/no_api.so' "
             "tests/plugins/no_api.c",
             dir, dir);
    CHECK_MSG(sh(cmd) == 0, "cannot build the test plugins");
    result r;
    snprintf(args, sizeof args, "laws --law-lib '%s/api4.so'", dir);
    run(&r, args);
    CHECK_MSG(r.status == 0, "%s", r.err);
    const char *law = strstr(r.out, "\nhooke_api4 - ");
    CHECK_MSG(
        law && strstr(law, "(law API 4)\n") && strstr(law, "  friction coefficient: tanPhi\n") &&
            strstr(
                law,
                "range (-inf, inf) (none declared: its [0, 0] read as no bounds, law API <= 4)") &&
            strstr(law, "    kt           default unset "),
        "%s", law ? law : r.out);
    put_file(dir, "h.lua",
             "return { name = \"h\", law = \"hooke_api4\", params = { gain = 5, tanPhi = 30 },\n"
             "  particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6,\n"
             "  stages = { { whats = \"v.....\", values = {-0.1, 0,0,0,0,0}, till = \"C and C.uN "
             "<= -2e-6\" } } }\n");
    snprintf(args, sizeof args, "run '%s/h.lua' -o '%s/out' -q --law-lib '%s/api4.so'", dir, dir,
             dir);
    run(&r, args);
    CHECK_MSG(r.status == 0, "gain = 5 refused? %s", r.err);
    CHECK_MSG(strstr(r.err, "warning: ") &&
                  strstr(r.err, "field params.tanPhi: tanPhi = 30 is above any measured friction "
                                "coefficient"),
              "%s", r.err);
    static char text[8192];
    snprintf(path, sizeof path, "%s/out/h.meta", dir);
    slurp(path, text, sizeof text);
    char v[100];
    const char *s = meta_value(text, "params.kt", v, sizeof v);
    CHECK_MSG(s && strcmp(s, "unset") == 0, "params.kt: %s", s ? s : "(none)");
    CHECK_MSG((s = meta_value(text, "params.gain", v, sizeof v)) && strcmp(s, "5") == 0, "gain: %s",
              s ? s : "-");
    snprintf(args, sizeof args, "laws --law-lib '%s/no_api.so'", dir);
    run(&r, args);
    char want[600];
    snprintf(
        want, sizeof want,
        "lawtester: %s/no_api.so: law 'no_version': api_version is not set (0): set .api_version = "
        "LT_LAW_API_VERSION in the descriptor (this lawtester reads law API 1 to %d; "
        "docs/plugins.md)\n",
        dir, LT_LAW_API_VERSION);
    CHECK_MSG(r.status == 2 && strcmp(r.err, want) == 0 && !*r.out, "status %d: %s", r.status,
              r.err);
    remove_tree(dir);
}

/* examples/plugin/c built against the API-4 header (as a user of an older lawtester builds it)
 * and against this one: the API-4 build loads as API 4 with its friction coefficient read by
 * name, and the two record the demo path identically, bit for bit, with the same sidecar (the
 * path gives kn, kt and tanPhi, so the API-5 build's "from the materials" does not show). */
static void test_example_built_for_api4_behaves_identically(void)
{
    char dir[64], cmd[2000], args[1200], a[300], b[300];
    snprintf(dir, sizeof dir, "%s", make_tmpdir());
    snprintf(
        cmd, sizeof cmd,
        "mkdir -p '%s/inc4/lawtester' '%s/inc5/lawtester' && cp tests/plugins/law_api4.h "
        "'%s/inc4/lawtester/law.h' && "
        "cp include/lawtester/law.h '%s/inc5/lawtester/law.h' && "
        "cc -std=c17 -Wall -Wextra -pedantic -Werror -fPIC -shared -O2 -I'%s/inc4' -o '%s/pl4.so' "
        "examples/plugin/c/plugin_linear.c -lm && "
        "cc -std=c17 -Wall -Wextra -pedantic -Werror -fPIC -shared -O2 -I'%s/inc5' -o '%s/pl5.so' "
        "examples/plugin/c/plugin_linear.c -lm && "
        "sed 's/law = \"linear\"/law = \"plugin_linear\"/' stages/compress_shear_unload.lua "
        ">'%s/csu.lua'",
        dir, dir, dir, dir, dir, dir, dir, dir, dir);
    CHECK_MSG(sh(cmd) == 0, "cannot build examples/plugin/c against both headers");
    result r;
    snprintf(args, sizeof args, "laws --law-lib '%s/pl4.so'", dir);
    run(&r, args);
    const char *pl = strstr(r.out, "\nplugin_linear - ");
    CHECK_MSG(r.status == 0 && pl && strstr(pl, "(law API 4)\n") &&
                  strstr(pl, "  friction coefficient: tanPhi\n"),
              "%s%s", r.out, r.err);
    for (int v = 4; v <= 5; v++) {
        snprintf(args, sizeof args, "run '%s/csu.lua' -o '%s/out%d' -q --law-lib '%s/pl%d.so'", dir,
                 dir, v, dir, v);
        run(&r, args);
        CHECK_MSG(r.status == 0, "API %d build: %s", v, r.err);
    }
    snprintf(cmd, sizeof cmd,
             "cmp '%s/out4/compress-shear-unload.tsv' '%s/out5/compress-shear-unload.tsv'", dir,
             dir);
    CHECK_MSG(sh(cmd) == 0, "the API-4 and API-5 builds record differently");
    static char m4[8192], m5[8192];
    snprintf(a, sizeof a, "%s/out4/compress-shear-unload.meta", dir);
    snprintf(b, sizeof b, "%s/out5/compress-shear-unload.meta", dir);
    slurp(a, m4, sizeof m4);
    slurp(b, m5, sizeof m5);
    CHECK_MSG(*m4 && strstr(m4, "\nlaw\tplugin_linear\n") && strcmp(m4, m5) == 0,
              "the sidecars differ:\n%s\n%s", m4, m5);
    remove_tree(dir);
}

/* ---- Lua laws: the same declarations -------------------------------------------------------- */

#define LUA_BODIES "particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6,\n"
#define LUA_PRESS                                                                                  \
    "stages = { { whats = \"v.....\", values = {-0.1, 0,0,0,0,0}, till = \"C and C.uN <= -2e-6\" " \
    "} }"

/* A Lua law calling its friction coefficient mu declares it: `mu = 30` draws the friction
 * warning (an error under --strict); an integer parameter reads as a Lua integer and a fraction
 * is refused in one line; a state array's values are NAME_k; an optional kt not declared
 * `materials` is unset in .meta, one declared so is `materials`. */
static void test_lua_law_declarations(void)
{
    char dir[64], args[600], path[200];
    snprintf(dir, sizeof dir, "%s", make_tmpdir());
    static const char law[] =
        "lawtester.law{ name = \"mulaw\", summary = \"Hooke normal, declarations of API 5\",\n"
        "  params = { { name = \"mu\", default = 0.5, min = 0, max = math.huge, unit = \"-\", doc "
        "= \"friction coefficient\" },\n"
        "             { name = \"n\", kind = \"int\", default = 3, min = 1, max = 10, doc = \"a "
        "count\" },\n"
        "             { name = \"kn\", optional = true, materials = true, min = 0, unit = \"N/m\", "
        "doc = \"stiffness (rule's)\" },\n"
        "             { name = \"kt\", optional = true, min = 0, unit = \"N m/rad\", doc = \"a "
        "twisting stiffness\" } },\n"
        "  friction = \"mu\",\n"
        "  state = { \"Fn\", { name = \"h\", length = 3, doc = \"the last three Fn\" } },\n"
        "  step = function(p, c, s, out)\n"
        "    if c.uN > 0 then return false end\n"
        "    if math.type(p.n) ~= \"integer\" then error(\"n is not an integer\") end\n"
        "    s.h_2, s.h_1, s.h_0 = s.h_1, s.h_0, s.Fn\n"
        "    s.Fn = 1e6 * c.uN; out.f[1] = s.Fn; out.k[1] = 1e6\n"
        "    return true\n"
        "  end }\n";
    char text[2000];
    snprintf(text, sizeof text,
             "%sreturn { name = \"mu\", law = \"mulaw\", params = { mu = 30, n = 4 },\n" LUA_BODIES
                 LUA_PRESS " }\n",
             law);
    put_file(dir, "mu.lua", text);
    snprintf(text, sizeof text,
             "%sreturn { name = \"frac\", law = \"mulaw\", params = {\n  n = 2.5 },\n" LUA_BODIES
                 LUA_PRESS " }\n",
             law);
    put_file(dir, "frac.lua", text);
    result r;
    snprintf(args, sizeof args, "run '%s/mu.lua' -o '%s/out' -q", dir, dir);
    run(&r, args);
    CHECK_MSG(
        r.status == 0 &&
            strstr(r.err,
                   "field params.mu: mu = 30 is above any measured friction coefficient (<= 1.5): "
                   "an angle in degrees?"),
        "status %d: %s", r.status, r.err);
    static char meta[8192];
    snprintf(path, sizeof path, "%s/out/mu.meta", dir);
    slurp(path, meta, sizeof meta);
    char v[100];
    const char *s = meta_value(meta, "state", v, sizeof v);
    CHECK_MSG(s && strcmp(s, "Fn h[3]") == 0, "state: %s", s ? s : "-");
    CHECK_MSG((s = meta_value(meta, "params.kt", v, sizeof v)) && strcmp(s, "unset") == 0, "kt: %s",
              s ? s : "-");
    CHECK_MSG((s = meta_value(meta, "params.kn", v, sizeof v)) && strcmp(s, "materials") == 0,
              "kn: %s", s ? s : "-");
    CHECK_MSG((s = meta_value(meta, "params.n", v, sizeof v)) && strcmp(s, "4") == 0, "n: %s",
              s ? s : "-");
    snprintf(args, sizeof args, "run '%s/mu.lua' -o '%s/strict' -q --strict", dir, dir);
    run(&r, args);
    snprintf(path, sizeof path, "%s/strict", dir);
    CHECK_MSG(r.status == 1 && count_lines(r.err) == 1 && strstr(r.err, "mu = 30 is above") &&
                  count_files(path) == 0,
              "--strict: status %d: %s", r.status, r.err);
    snprintf(args, sizeof args, "run '%s/frac.lua' -o '%s/out2' -q", dir, dir);
    run(&r, args);
    char want[300];
    snprintf(want, sizeof want,
             "%s/frac.lua:16: field params.n: expected a whole number (n is an integer parameter), "
             "got 2.5\n",
             dir);
    CHECK_MSG(r.status == 1 && strcmp(r.err, want) == 0, "status %d: %s", r.status, r.err);
    /* a friction coefficient that names nothing of the law is an error of the law table */
    put_file(dir, "phi.lua",
             "lawtester.law{ name = \"philaw\", summary = \"x\",\n  friction = \"phi\",\n"
             "  step = function(p, c, s, out) return true end }\nreturn {}\n");
    snprintf(args, sizeof args, "run '%s/phi.lua' -o '%s/out3' -q", dir, dir);
    run(&r, args);
    snprintf(
        want, sizeof want,
        "%s/phi.lua:2: field law.friction: 'phi' is neither a parameter nor a state variable of "
        "the law\n",
        dir);
    CHECK_MSG(r.status == 1 && strcmp(r.err, want) == 0, "status %d: %s", r.status, r.err);
    remove_tree(dir);
}

const test_case api5_tests[] = {
    TEST(range_left_at_zero_refused),
    TEST(integer_kind),
    TEST(friction_declaration_checked),
    TEST(state_arrays_checked_and_named),
    TEST(init_optional),
    TEST(missing_api_version_says_what_to_set),
    TEST(api4_descriptor_read_as_before),
    TEST(friction_value_for_the_cone),
    TEST(title_follows_the_declaration),
    TEST(laws_shows_arrays_and_declarations),
    TEST(meta_shows_state_and_declared_params),
    TEST(api4_plugin_and_missing_version),
    TEST(example_built_for_api4_behaves_identically),
    TEST(lua_law_declarations),
    {NULL, NULL},
};
