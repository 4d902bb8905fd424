/* tests/test_law_check.c - the law interface's rules (src/contact/law_check.c) and the run-time
 * part of the registry (src/contact/registry.c): every built-in law passes lt_law_validate; each
 * rule a descriptor can break is refused with one line naming the law and what is wrong;
 * descriptors of API 1 and 2 are copied into the current layout with every field they have (an
 * API-2 case array has a shorter stride); an added law is found, listed with its origin, refused
 * under a taken name, and removed again. */
#include "check.h"
#include "contact/builtin_laws.h"
#include "contact/law_check.h"
#include "contact/law_compat.h"
#include "contact/registry.h"
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The one list of built-in laws (laws/laws.def), expanded here as src/contact/registry.c does. */
#define LT_BUILTIN_EACH(descriptor, name) extern const lt_law descriptor;
#include "laws/laws.def"
#undef LT_BUILTIN_EACH
static const struct {
    const lt_law *law;
    const char *name;
} builtin_list[] = {
#define LT_BUILTIN_EACH(descriptor, name) {&descriptor, #name},
#include "laws/laws.def"
#undef LT_BUILTIN_EACH
};
enum { N_LISTED = sizeof builtin_list / sizeof builtin_list[0] };

static void test_every_builtin_law_is_valid(void)
{
    char err[300];
    for (int i = 0; lt_laws[i]; i++)
        CHECK_MSG(lt_law_validate(lt_laws[i], err, sizeof err) == 0, "%s", err);
}

/* lt_laws[] starts with the laws of laws/laws.def in its order (the order of `lawtester laws`),
 * each a built-in (no origin), found by the name of its line: the descriptor lt_law_NAME is named
 * NAME. */
static void test_builtin_laws_are_the_list(void)
{
    for (int i = 0; i < N_LISTED; i++) {
        const lt_law *law = builtin_list[i].law;
        CHECK_MSG(lt_laws[i] == law, "lt_laws[%d] is not lt_law_%s", i, builtin_list[i].name);
        CHECK_MSG(strcmp(law->name, builtin_list[i].name) == 0, "lt_law_%s is named '%s'",
                  builtin_list[i].name, law->name);
        CHECK(lt_find_law(builtin_list[i].name) == law && lt_law_origin(law) == NULL);
    }
}

/* Both forms of a line of laws/laws.def (src/contact/builtin_laws.h): LT_LAW(NAME) names the
 * descriptor lt_law_NAME, LT_BUILTIN_LAW(NAME), as the earlier guide wrote it, law_NAME; a list
 * holding both expands to both descriptors, in order. */
static const lt_law lt_law_new_form = {.api_version = LT_LAW_API_VERSION, .name = "new_form"};
static const lt_law law_old_form = {.api_version = LT_LAW_API_VERSION, .name = "old_form"};
static void test_both_line_forms_name_their_descriptor(void)
{
#define LT_BUILTIN_EACH(descriptor, name) {&descriptor, #name},
    static const struct {
        const lt_law *law;
        const char *name;
    } list[] = {LT_LAW(new_form) LT_BUILTIN_LAW(old_form)};
#undef LT_BUILTIN_EACH
    CHECK(list[0].law == &lt_law_new_form && strcmp(list[0].name, "new_form") == 0);
    CHECK(list[1].law == &law_old_form && strcmp(list[1].name, "old_form") == 0);
}

static void toy_init(const double *param, const lt_contact *c, double *state)
{
    (void)param, (void)c, (void)state;
}
static int toy_step(const double *param, const lt_contact *c, double *state, lt_response *out)
{
    (void)param, (void)state;
    lt_respond_force(out, c->uN < 0 ? 1e6 * c->uN : 0, 0, 0, 1e6, 0);
    return 1;
}
static void toy_expect(const lt_case_env *env, lt_expect *out)
{
    (void)env;
    out->value[LT_Q_KT] = 1;
}
static const char *const toy_choices[] = {"a", "b", NULL};
static const lt_param toy_params[2] = {
    {"kn", LT_REAL, 1e6, 0, 1e12, "N/m", "normal stiffness", NULL},
    {"mode", LT_CHOICE, 1, 0, 0, "-", "a choice", toy_choices},
};
static const char *const toy_state[1] = {"s"};
static const lt_energy_def toy_energies[1] = {{"elast", LT_STORED, "spring"}};
static const lt_case toy_cases[2] = {
    {.name = "cycle",
     .kind = LT_CASE_CYCLE,
     .radius = {0.1, 0.1},
     .load = {1e-4, 1e-3, 1e-2},
     .steps = 100,
     .expect = toy_expect,
     .dof = 4},
    {.name = "loop",
     .kind = LT_CASE_CLOSED_LOOP,
     .dofs = "vv....",
     .radius = {0.1, 0.1},
     .load = {1e-4, 1e-5},
     .steps = 100},
};
static const lt_law toy = {.api_version = LT_LAW_API_VERSION,
                           .name = "toy",
                           .summary = "a valid law",
                           .params = toy_params,
                           .n_params = 2,
                           .state_names = toy_state,
                           .n_state = 1,
                           .energies = toy_energies,
                           .n_energies = 1,
                           .init = toy_init,
                           .step = toy_step,
                           .cases = toy_cases,
                           .n_cases = 2};

/* lt_law_validate on a copy of toy changed by `change`, expecting the message fragment. */
static void expect_refused(lt_law bad, const char *fragment)
{
    char err[300] = "";
    int rc = lt_law_validate(&bad, err, sizeof err);
    CHECK_MSG(rc == -1 && strstr(err, fragment) && !strchr(err, '\n'),
              "wanted '%s', got rc %d '%s'", fragment, rc, err);
}

static void test_toy_is_valid(void)
{
    char err[300];
    CHECK_MSG(lt_law_validate(&toy, err, sizeof err) == 0, "%s", err);
}

static void test_malformed_descriptors_refused(void)
{
    lt_law b;
    b = toy, b.api_version = 99;
    expect_refused(b, "law 'toy': API version 99 is not the current layout");
    b = toy, b.name = NULL;
    expect_refused(b, "law '?': name is missing (NULL)");
    b = toy, b.name = "two words";
    expect_refused(b, "name may hold only letters, digits and '_'");
    b = toy, b.step = NULL;
    expect_refused(b, "law 'toy': no step function");
    b = toy, b.n_state = 600, b.state_names = NULL;
    expect_refused(b, "600 state variables (0 to LT_MAX_STATE = 512)");
    b = toy, b.n_params = LT_MAX_PARAMS + 1;
    expect_refused(b, "33 parameters (0 to LT_MAX_PARAMS = 32)");
    b = toy, b.n_energies = 9;
    expect_refused(b, "9 energies (0 to LT_MAX_ENERGIES = 8)");
    b = toy, b.summary = NULL;
    expect_refused(b, "no summary");
    b = toy, b.n_energies = 1, b.energies = NULL;
    expect_refused(b, "a count is set but its table is NULL");

    lt_param p[2] = {toy_params[0], toy_params[1]};
    b = toy, b.params = p;
    p[0].def = 2e12;
    expect_refused(b, "parameter 'kn': default 2e+12 outside its range [0, 1e+12]");
    p[0] = toy_params[0], p[0].min = 1, p[0].max = 0;
    expect_refused(b, "parameter 'kn': range [1, 0] is not a range");
    p[0] = toy_params[0], p[0].unit = NULL;
    expect_refused(b, "parameter 'kn': no unit");
    p[0] = toy_params[0], p[1].name = "kn";
    expect_refused(b, "parameter 'kn' declared twice");
    p[1] = toy_params[1], p[1].def = 2;
    expect_refused(b, "parameter 'mode': default 2 is not the index of one of its 2 choices");
    p[1] = toy_params[1], p[1].choices = NULL;
    expect_refused(b, "parameter 'mode': a choice without choices");
    p[1] = toy_params[1], p[1].kind = LT_BOOL, p[1].def = 0.5;
    expect_refused(b, "parameter 'mode': a boolean's default must be 0 or 1, got 0.5");

    const char *const dup_state[2] = {"s", "s"};
    b = toy, b.state_names = dup_state, b.n_state = 2;
    expect_refused(b, "state variable 's' declared twice");
    const lt_energy_def bad_energy[1] = {{"elast", (lt_energy_kind)7, "?"}};
    b = toy, b.energies = bad_energy;
    expect_refused(b, "energy 'elast': unknown kind 7");

    lt_case c[2] = {toy_cases[0], toy_cases[1]};
    b = toy, b.cases = c;
    c[0].dof = 6;
    expect_refused(b, "case 'cycle': dof 6 is not a DoF to cycle");
    c[0] = toy_cases[0], c[0].expect = NULL;
    expect_refused(b, "case 'cycle': a cycle case needs `expect`");
    c[0] = toy_cases[0], c[1].name = "cycle";
    expect_refused(b, "case 'cycle' declared twice");
    c[1] = toy_cases[1], c[1].dofs = "vvx...";
    expect_refused(b, "case 'loop': a closed loop needs `dofs`");
    c[1] = toy_cases[1], c[1].kind = (lt_case_kind)9;
    expect_refused(b, "case 'loop': unknown kind 9");

    const lt_yield half = {.ft_max = NULL};
    b = toy, b.yield = &half;
    expect_refused(b, "a yield surface needs ft_max, fn_max and yielding");
}

/* A descriptor as API 2 compiled it: cases of the shorter lt_case_v2 layout. */
static const lt_case_v2 old_cases[2] = {
    {.name = "first",
     .kind = LT_CASE_SHEAR_CYCLE,
     .radius = {0.1, 0.2},
     .load = {1, 2, 3, 4},
     .steps = 7,
     .expect = toy_expect},
    {.name = "second", .kind = LT_CASE_CLOSED_LOOP, .dofs = "v.....", .load = {5, 6}, .steps = 8},
};
static const lt_law old_v2 = {.api_version = 2,
                              .name = "old_v2",
                              .summary = "API 2",
                              .init = toy_init,
                              .step = toy_step,
                              .cases = (const lt_case *)(const void *)old_cases,
                              .n_cases = 2};

static void test_api2_cases_copied_into_the_current_layout(void)
{
    char err[300];
    lt_law *n = lt_law_normalize(&old_v2, err, sizeof err);
    CHECK_MSG(n != NULL, "%s", err);
    if (!n) return;
    CHECK(n->api_version == LT_LAW_API_VERSION && n->n_cases == 2);
    CHECK(strcmp(n->cases[1].name, "second") == 0 && n->cases[1].load[1] == 6 &&
          n->cases[1].steps == 8);
    CHECK(n->cases[0].radius[1] == 0.2 && n->cases[0].load[3] == 4 &&
          n->cases[0].expect == toy_expect);
    CHECK(n->cases[0].dof == 0 && n->cases[1].dof == 0);
    CHECK_MSG(lt_law_validate(n, err, sizeof err) == 0, "%s", err);
    free(n);
}

/* An API-1 descriptor ends before `check`: only its fields are read (the struct below has just
 * those, so reading further would be an overrun under ASan). */
typedef struct lt_law_v1 {
    int api_version;
    const char *name, *summary;
    const lt_param *params;
    int n_params;
    const char *const *state_names;
    int n_state;
    const lt_energy_def *energies;
    int n_energies;
    void (*init)(const double *, const lt_contact *, double *);
    int (*step)(const double *, const lt_contact *, double *, lt_response *);
} lt_law_v1;

static void test_api1_descriptor_read_to_its_end_only(void)
{
    CHECK(sizeof(lt_law_v1) == LT_LAW_V1_SIZE);
    lt_law_v1 *v1 = malloc(sizeof *v1); /* heap: ASan sees a read past its end */
    *v1 = (lt_law_v1){1, "old_v1",     "API 1", toy_params, 2,       toy_state,
                      1, toy_energies, 1,       toy_init,   toy_step};
    char err[300];
    lt_law *n = lt_law_normalize((const lt_law *)(const void *)v1, err, sizeof err);
    CHECK_MSG(n != NULL, "%s", err);
    if (n) {
        CHECK(n->n_params == 2 && n->step == toy_step && !n->check && !n->cases &&
              n->n_cases == 0 && !n->yield);
        CHECK_MSG(lt_law_validate(n, err, sizeof err) == 0, "%s", err);
        free(n);
    }
    free(v1);
}

/* An API-3 yield surface ends before `excess`: it is copied into the current layout with no
 * torque surface (the struct on the heap has only the API-3 fields, so ASan sees any read past
 * them). */
typedef struct lt_yield_v3 {
    double (*ft_max)(const double *, const double *, double);
    double (*fn_max)(const double *, const double *);
    int (*yielding)(const double *, const double *);
    const char *formula;
} lt_yield_v3;
static double toy_ft_max(const double *p, const double *s, double fn)
{
    return (void)p, (void)s, fn <= 0 ? -fn : -1;
}
static double toy_fn_max(const double *p, const double *s) { return (void)p, (void)s, 0; }
static int toy_yielding(const double *p, const double *s) { return (void)p, (void)s, 0; }
static double toy_excess(const double *p, const double *s, const double f[LT_DOF])
{
    return (void)p, (void)s, fabs(f[4]) - 1;
}

static void test_api3_yield_copied_without_a_torque_surface(void)
{
    CHECK(sizeof(lt_yield_v3) == LT_YIELD_V3_SIZE);
    lt_yield_v3 *y3 = malloc(sizeof *y3);
    *y3 = (lt_yield_v3){toy_ft_max, toy_fn_max, toy_yielding, "|Ft| = -Fn"};
    lt_law old = toy;
    old.api_version = 3;
    old.yield = (const lt_yield *)(const void *)y3;
    char err[300];
    lt_law *n = lt_law_normalize(&old, err, sizeof err);
    CHECK_MSG(n != NULL, "%s", err);
    if (n) {
        CHECK(n->yield && n->yield != old.yield && n->yield->ft_max == toy_ft_max &&
              n->yield->yielding == toy_yielding);
        CHECK(strcmp(n->yield->formula, "|Ft| = -Fn") == 0 && !n->yield->excess &&
              n->yield->dofs == 0);
        CHECK(n->n_cases == 2 && n->cases[0].dof == 4);
        CHECK_MSG(lt_law_validate(n, err, sizeof err) == 0, "%s", err);
        free(n);
    }
    free(y3);
}

/* A surface over the torques needs the function that describes it. */
static void test_yield_dofs_checked(void)
{
    lt_yield y = {.ft_max = toy_ft_max,
                  .fn_max = toy_fn_max,
                  .yielding = toy_yielding,
                  .formula = "f",
                  .dofs = 0x17};
    lt_law b = toy;
    b.yield = &y;
    expect_refused(b, "yield dofs 0x17 include a torque, which needs the function `excess`");
    y.excess = toy_excess;
    y.dofs = 0x40;
    expect_refused(b, "yield dofs 0x40 names a DoF beyond the six");
    y.dofs = 0x3f;
    char err[300];
    CHECK_MSG(lt_law_validate(&b, err, sizeof err) == 0, "%s", err);
}

/* The named load values of API 4 are the same memory as load[4]. */
static void test_case_loads_by_name(void)
{
    lt_case c = {.cycle = {.overlap = 1e-4, .amplitude = 2e-3, .speed = 3e-2}};
    CHECK(c.load[0] == 1e-4 && c.load[1] == 2e-3 && c.load[2] == 3e-2 && c.load[3] == 0);
    c.load[3] = 0.5;
    CHECK(c.impact.vn == 1e-4 && c.impact.vt == 2e-3 && c.impact.spin == 3e-2 &&
          c.impact.gap == 0.5);
    CHECK(c.normal.overlap == 1e-4 && c.normal.speed == 2e-3 && c.loop.amplitude == 2e-3);
    lt_case_env env = {.load = {1, 2, 3, 4}};
    CHECK(env.cycle.speed == 3 && env.impact.gap == 4);
    CHECK(sizeof c.load == sizeof(lt_impact_load) && sizeof(lt_cycle_load) <= sizeof c.load);
}

static void test_unknown_version_refused_by_normalize(void)
{
    lt_law b = toy;
    b.api_version = LT_LAW_API_VERSION + 1;
    char err[300] = "", want[300];
    CHECK(lt_law_normalize(&b, err, sizeof err) == NULL);
    snprintf(want, sizeof want,
             "law 'toy': API version %d is not one this lawtester reads (1 to %d): rebuild it "
             "against this lawtester's <lawtester/law.h>",
             LT_LAW_API_VERSION + 1, LT_LAW_API_VERSION);
    CHECK_MSG(strcmp(err, want) == 0, "%s", err);
    b.api_version = 0; /* not set: the name (the second field of every version) and what to set */
    CHECK(lt_law_normalize(&b, err, sizeof err) == NULL);
    snprintf(want, sizeof want,
             "law 'toy': api_version is not set (0): set .api_version = LT_LAW_API_VERSION in the "
             "descriptor (this lawtester reads law API 1 to %d; docs/plugins.md)",
             LT_LAW_API_VERSION);
    CHECK_MSG(strcmp(err, want) == 0, "%s", err);
}

static void test_registry_adds_lists_refuses_and_removes(void)
{
    char err[300];
    int before = 0;
    while (lt_laws[before]) before++;
    const lt_law *a = lt_register_law(&toy, "/tmp/toy.so", err, sizeof err);
    CHECK_MSG(a != NULL, "%s", err);
    if (!a) return;
    CHECK(a != &toy && lt_find_law("toy") == a && lt_laws[before] == a && !lt_laws[before + 1]);
    CHECK(strcmp(lt_law_origin(a), "/tmp/toy.so") == 0 && lt_law_origin(lt_laws[0]) == NULL);
    CHECK(lt_law_declared_api(a) == LT_LAW_API_VERSION);
    CHECK(lt_register_law(&toy, "again.so", err, sizeof err) == NULL);
    CHECK_MSG(strcmp(err, "law 'toy': the name is taken by the law from /tmp/toy.so") == 0, "%s",
              err);
    lt_law clash = toy;
    clash.name = "linear";
    CHECK(lt_register_law(&clash, "x.so", err, sizeof err) == NULL);
    CHECK_MSG(strcmp(err, "law 'linear': the name is taken by a built-in law") == 0, "%s", err);
    const lt_law *b = lt_register_law(&old_v2, "old.so", err, sizeof err);
    CHECK_MSG(b && lt_law_declared_api(b) == 2 && b->api_version == LT_LAW_API_VERSION, "%s", err);
    lt_unregister_law(a);
    CHECK(lt_find_law("toy") == NULL && lt_laws[before] == b &&
          strcmp(lt_law_origin(b), "old.so") == 0);
    lt_unregister_law(b);
    CHECK(lt_laws[before] == NULL);
    lt_unregister_law(lt_laws[0]); /* a built-in one stays */
    CHECK(lt_find_law("linear") == lt_laws[0]);
}

/* API 5 ends before `known`: a descriptor of that size on the heap (ASan sees a read past it)
 * loads with no known defects. */
static void test_api5_descriptor_read_to_its_end_only(void)
{
    CHECK(LT_LAW_SIZE_OF_VERSION(5) == offsetof(lt_law, known) &&
          LT_LAW_SIZE_OF_VERSION(6) == sizeof(lt_law));
    unsigned char *v5 = malloc(LT_LAW_V5_SIZE);
    if (!v5) return;
    const int five = 5;
    memcpy(v5, &toy, LT_LAW_V5_SIZE);
    memcpy(v5 + offsetof(lt_law, api_version), &five, sizeof five);
    char err[300];
    lt_law *n = lt_law_normalize((const lt_law *)(void *)v5, err, sizeof err);
    CHECK_MSG(n && !n->known && n->n_known == 0, "%s", err);
    if (n) CHECK_MSG(lt_law_validate(n, err, sizeof err) == 0, "%s", err);
    free(n);
    free(v5);
}

static int when_kn_big(const double *p) { return p[0] > 1e9 ? 1 : p[0] > 1e8 ? LT_KNOWN_MAY : 0; }

/* API 6: known defects checked (one line each: a case and a quantity, a reason), copied deep
 * with the law, and matched by case (a sweep point's "@k" ignored), the start of the quantity
 * and `when`, LT_KNOWN_MAY reported as such. */
static void test_known_defects_checked_copied_and_matched(void)
{
    char row[] = "generic-path balance", why[] = "kept to compare";
    lt_known k[2] = {{.row = row, .why = why, .when = when_kn_big},
                     {.row = "generic-oblique KE gain", .why = "always"}};
    lt_law b = toy;
    b.known = k, b.n_known = 2;
    char err[300];
    CHECK_MSG(lt_law_validate(&b, err, sizeof err) == 0, "%s", err);
    k[0].row = "balance";
    expect_refused(b, "known[0].row must be a case and a quantity on one line");
    k[0].row = row, k[1].why = "two\nlines";
    expect_refused(b, "known[1].why must be one line naming the defect");
    k[1].why = "always", b.n_known = 2, b.known = NULL;
    expect_refused(b, "n_known = 2 with no table (0 to 64)");
    b.known = k;
    const lt_law *a = lt_register_law(&b, "/tmp/known.so", err, sizeof err);
    CHECK_MSG(a != NULL, "%s", err);
    if (!a) return;
    strcpy(row, "generic-path XXXXXXX"), strcpy(why, "changed after"); /* the copy keeps its own */
    double p[2] = {2e9, 0};
    int may = -1;
    CHECK(a->known[0].row != row && strcmp(a->known[0].row, "generic-path balance") == 0);
    CHECK(lt_law_known(a, p, "generic-path@7", "balance", &may) == a->known[0].why && may == 0);
    CHECK(strcmp(a->known[0].why, "kept to compare") == 0);
    CHECK(lt_law_known(a, p, "generic-path", "moment balance", &may) == NULL);
    CHECK(lt_law_known(a, p, "generic-pathx", "balance", &may) == NULL);
    p[0] = 5e8;
    CHECK(lt_law_known(a, p, "generic-path", "balance", &may) != NULL && may == 1);
    p[0] = 1;
    CHECK(lt_law_known(a, p, "generic-path", "balance", &may) == NULL);
    CHECK(lt_law_known(a, p, "generic-oblique", "KE gain (3 deg; cycle)", &may) != NULL &&
          may == 0);
    lt_unregister_law(a);
}

const test_case law_check_tests[] = {
    TEST(every_builtin_law_is_valid),
    TEST(builtin_laws_are_the_list),
    TEST(both_line_forms_name_their_descriptor),
    TEST(toy_is_valid),
    TEST(malformed_descriptors_refused),
    TEST(api2_cases_copied_into_the_current_layout),
    TEST(api1_descriptor_read_to_its_end_only),
    TEST(api3_yield_copied_without_a_torque_surface),
    TEST(yield_dofs_checked),
    TEST(case_loads_by_name),
    TEST(unknown_version_refused_by_normalize),
    TEST(registry_adds_lists_refuses_and_removes),
    TEST(api5_descriptor_read_to_its_end_only),
    TEST(known_defects_checked_copied_and_matched),
    {NULL, NULL},
};
