/* tests/test_law_names.c - the names of a law (src/contact/law_check.c, docs/laws.md "Names") and
 * the registry's deep copy of a descriptor (lt_law_copy):
 *   - a state variable, an energy, a parameter or a choice whose name is not one (a space, a
 *     newline) or takes one of lawtester's own names (a state `uN`, an energy `work`, `kn`, `n`)
 *     is refused in one line that quotes it, from a C descriptor, a Lua law (at the
 *     lawtester.law call) and a shared object (exit status 2 when it is loaded);
 *   - the names lawtester checks against are the ones it uses: every fixed field of C in the
 *     quantities' table, every record column and every driver energy;
 *   - a law that rewrites its own descriptor after it was registered changes nothing lawtester
 *     reads: the registered copy keeps every table and string, and two runs of the hostile
 *     plugin tests/plugins/mutates_names.c write tables whose header and rows agree and .meta
 *     files with one status line each;
 *   - C.kn (a state name the built-in laws use) reads the same in `until` and in the results. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cli.h"
#include "contact/law_check.h"
#include "contact/registry.h"
#include "driver/driver.h"
#include "output/record.h"
#include "script/quantities.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void nm_init(const double *param, const lt_contact *c, double *state)
{
    (void)param, (void)c, (void)state;
}
static int nm_step(const double *param, const lt_contact *c, double *state, lt_response *out)
{
    (void)param, (void)state;
    lt_respond_force(out, c->uN < 0 ? 1e6 * c->uN : 0, 0, 0, 1e6, 0);
    return 1;
}
static const char *const nm_choices[] = {"mohr-coulomb", "b", NULL};
static const lt_param nm_params[2] = {
    {"kn", LT_REAL, 1e6, 0, 1e12, "N/m", "normal stiffness", NULL},
    {"mode", LT_CHOICE, 0, 0, 0, "-", "a choice", nm_choices},
};
/* kn and kt are allowed state names (the laws built on linear keep their stiffness there) */
static const char *const nm_state[3] = {"Fn", "kn", "kt"};
static const lt_energy_def nm_energies[1] = {{"elast", LT_STORED, "spring"}};
static const lt_law nm = {.api_version = LT_LAW_API_VERSION,
                          .name = "nm",
                          .summary = "names",
                          .params = nm_params,
                          .n_params = 2,
                          .state_names = nm_state,
                          .n_state = 3,
                          .energies = nm_energies,
                          .n_energies = 1,
                          .init = nm_init,
                          .step = nm_step};

/* lt_law_validate on bad: refused with exactly the line want. */
static void expect_line(lt_law bad, const char *want)
{
    char err[400] = "";
    int rc = lt_law_validate(&bad, err, sizeof err);
    CHECK_MSG(rc == -1 && strcmp(err, want) == 0, "wanted '%s', got rc %d '%s'", want, rc, err);
}

static void test_valid_names_pass(void)
{
    char err[400];
    CHECK_MSG(lt_law_validate(&nm, err, sizeof err) == 0, "%s", err);
    for (int i = 0; lt_laws[i]; i++) /* the built-ins, with the rule of names */
        CHECK_MSG(lt_law_validate(lt_laws[i], err, sizeof err) == 0, "%s", err);
}

static void test_clashing_names_refused(void)
{
    lt_law b = nm;
    const char *const state_un[2] = {"Fn", "uN"};
    b.state_names = state_un, b.n_state = 2;
    expect_line(b, "law 'nm': state variable 'uN' clashes with the contact quantity C.uN that "
                   "until and done read; "
                   "rename it");
    const char *const state_contA[1] = {"contA"};
    b.state_names = state_contA, b.n_state = 1;
    expect_line(b, "law 'nm': state variable 'contA' clashes with the contact quantity C.contA "
                   "that until and done "
                   "read; rename it");
    b = nm;
    const lt_energy_def work[2] = {{"elast", LT_STORED, "spring"},
                                   {"work", LT_DISSIPATED, "friction"}};
    b.energies = work, b.n_energies = 2;
    expect_line(b, "law 'nm': energy 'work' clashes with the driver's energy work (E.work and its "
                   "record column); "
                   "rename it");
    const lt_energy_def kn[1] = {{"kn", LT_STORED, "spring"}};
    b.energies = kn, b.n_energies = 1;
    expect_line(b, "law 'nm': energy 'kn' clashes with the record column kn; rename it");
    const lt_energy_def rows_n[1] = {{"n", LT_STORED, "spring"}};
    b.energies = rows_n;
    expect_line(b,
                "law 'nm': energy 'n' clashes with results.rows.n, the number of rows; rename it");
}

static void test_names_that_are_not_names_refused(void)
{
    lt_law b = nm;
    lt_param p[2] = {nm_params[0], nm_params[1]};
    b.params = p;
    p[0].name = "normal stiffness";
    expect_line(
        b, "law 'nm': parameter 1 'normal stiffness': name may hold only letters, digits and '_'");
    p[0] = nm_params[0];
    const char *const forged[] = {"a", "b\nstatus\tcomplete", NULL};
    p[1].choices = forged;
    expect_line(b, "law 'nm': parameter 'mode': choice 2 'b\\nstatus\\tcomplete' may hold only "
                   "letters, digits, '_' "
                   "and '-'");
    const char *const twice[] = {"a", "a", NULL};
    p[1].choices = twice;
    expect_line(b, "law 'nm': parameter 'mode': choice 'a' listed twice");
    b = nm;
    const char *const state_nl[1] = {"F\nn"};
    b.state_names = state_nl, b.n_state = 1;
    expect_line(b,
                "law 'nm': state variable 1 'F\\nn': name may hold only letters, digits and '_'");
    b = nm;
    const lt_energy_def tab[1] = {{"el\tast", LT_STORED, "spring"}};
    b.energies = tab;
    expect_line(b, "law 'nm': energy 1 'el\\tast': name may hold only letters, digits and '_'");
    b = nm, b.name = "two\nlines";
    expect_line(b, "law 'two\\nlines': name may hold only letters, digits and '_'");
    const lt_case cases[1] = {
        {.name = "loop\nstatus\tcomplete", .kind = LT_CASE_CLOSED_LOOP, .dofs = "vv...."}};
    b = nm, b.cases = cases, b.n_cases = 1;
    expect_line(
        b,
        "law 'nm': case 1 'loop\\nstatus\\tcomplete': a name is one line of at most 63 characters");
}

/* The lists law_check.c keeps are lawtester's own names: every fixed field of C that until
 * reads (but kn, kt), every record column and every driver energy is refused. */
static void test_clash_lists_are_lawtesters_names(void)
{
    char buf[160];
    const lt_qrow *q;
    int n = 0;
    for (int i = 0; (q = lt_qrow_nth(LT_PX_C, i)) != NULL; i++, n++) {
        int allowed = strcmp(q->name, "kn") == 0 || strcmp(q->name, "kt") == 0;
        CHECK_MSG((lt_name_clash(LT_NAME_STATE, q->name, buf, sizeof buf) == NULL) == allowed,
                  "C.%s", q->name);
    }
    CHECK(n >= 9);
    /* every column of a record but the law's own energies (none here) */
    const lt_law none = {.n_energies = 0};
    for (int i = 0; i < lt_record_column_count(&none); i++)
        CHECK_MSG(lt_name_clash(LT_NAME_ENERGY, lt_record_column_name(&none, i), buf, sizeof buf),
                  "%s", lt_record_column_name(&none, i));
    CHECK(!lt_name_clash(LT_NAME_ENERGY, "elast", buf, sizeof buf) &&
          !lt_name_clash(LT_NAME_STATE, "Fn", buf, sizeof buf));
    CHECK(!lt_name_clash(LT_NAME_STATE, "work", buf, sizeof buf)); /* C and E are apart */
}

/* ---- the registry's copy ------------------------------------------------------------------ */

static double y_ft(const double *p, const double *s, double fn)
{
    (void)p, (void)s;
    return -fn;
}
static double y_fn(const double *p, const double *s)
{
    (void)p, (void)s;
    return 0;
}
static int y_yielding(const double *p, const double *s)
{
    (void)p, (void)s;
    return 0;
}
static void c_along(const lt_case_env *env, double uN, double out[LT_ALONG_COUNT])
{
    (void)env, (void)uN;
    out[0] = out[1] = out[2] = out[3] = 0;
}

/* Every string and table of a registered descriptor rewritten afterwards: the copy keeps the
 * names as they were when it was registered. */
static void test_registered_copy_is_deep(void)
{
    char name[16] = "deep", summary[16] = "a summary", pname[16] = "mode", unit[8] = "-",
         doc[8] = "d", choice[16] = "mohr-coulomb", state[8] = "Fn", energy[8] = "elast",
         edoc[8] = "e", cname[16] = "normal", cdoc[8] = "c", shape[8] = "sphere",
         dofs[8] = "vv....", why[8] = "w", set[8] = "kn", formula[16] = "|Ft| <= 0";
    const char *choices[3] = {"a", choice, NULL};
    lt_param params[2] = {{"kn", LT_REAL, 1, 0, 2, "N/m", "stiffness", NULL},
                          {pname, LT_CHOICE, 0, 0, 1, unit, doc, choices}};
    const char *states[1] = {state};
    lt_energy_def energies[1] = {{energy, LT_STORED, edoc}};
    lt_case cases[1] = {{.name = cname,
                         .doc = cdoc,
                         .kind = LT_CASE_NORMAL,
                         .set = {{set, 1}},
                         .shape = {shape, NULL},
                         .dofs = dofs,
                         .along = c_along,
                         .along_why = why}};
    lt_yield yield = {.ft_max = y_ft, .fn_max = y_fn, .yielding = y_yielding, .formula = formula};
    lt_law law = {.api_version = LT_LAW_API_VERSION,
                  .name = name,
                  .summary = summary,
                  .params = params,
                  .n_params = 2,
                  .state_names = states,
                  .n_state = 1,
                  .energies = energies,
                  .n_energies = 1,
                  .init = nm_init,
                  .step = nm_step,
                  .cases = cases,
                  .n_cases = 1,
                  .yield = &yield};
    char err[400];
    const lt_law *reg = lt_register_law(&law, "deep.so", err, sizeof err);
    CHECK_MSG(reg != NULL, "%s", err);
    if (!reg) return;
    char *strings[] = {name, summary, pname, unit,  doc,  choice, state, energy,
                       edoc, cname,   cdoc,  shape, dofs, why,    set,   formula};
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) strcpy(strings[i], "X\tY");
    choices[0] = "moved", states[0] = "moved", energies[0].name = "work", params[0].name = "moved";
    law.n_params = law.n_state = law.n_energies = law.n_cases = 0;
    yield.formula = "moved", cases[0].name = "moved";
    CHECK(lt_find_law("deep") == reg && lt_find_law("X\tY") == NULL);
    CHECK(strcmp(reg->summary, "a summary") == 0 && reg->n_params == 2 && reg->n_state == 1 &&
          reg->n_energies == 1);
    CHECK(strcmp(reg->params[0].name, "kn") == 0 && strcmp(reg->params[1].name, "mode") == 0);
    CHECK(strcmp(reg->params[1].unit, "-") == 0 && strcmp(reg->params[1].doc, "d") == 0);
    CHECK(strcmp(reg->params[1].choices[0], "a") == 0 &&
          strcmp(reg->params[1].choices[1], "mohr-coulomb") == 0 &&
          reg->params[1].choices[2] == NULL);
    CHECK(strcmp(reg->state_names[0], "Fn") == 0);
    CHECK(strcmp(reg->energies[0].name, "elast") == 0 && strcmp(reg->energies[0].doc, "e") == 0);
    CHECK(reg->n_cases == 1 && strcmp(reg->cases[0].name, "normal") == 0 &&
          strcmp(reg->cases[0].doc, "c") == 0);
    CHECK(strcmp(reg->cases[0].shape[0], "sphere") == 0 && reg->cases[0].shape[1] == NULL);
    CHECK(strcmp(reg->cases[0].dofs, "vv....") == 0 && strcmp(reg->cases[0].along_why, "w") == 0);
    CHECK(strcmp(reg->cases[0].set[0].name, "kn") == 0 && reg->cases[0].set[0].value == 1 &&
          !reg->cases[0].set[1].name);
    CHECK(reg->yield && reg->yield != &yield && strcmp(reg->yield->formula, "|Ft| <= 0") == 0);
    CHECK(reg->step == nm_step && reg->cases[0].along == c_along && reg->yield->ft_max == y_ft);
    lt_unregister_law(reg);
    CHECK(lt_find_law("deep") == NULL);
}

/* ---- as a user meets them: Lua, shared objects, runs ------------------------------------ */

/* tests/plugins/NAME.c compiled into dir/NAME.so (path into so); 0 on success. */
static int build_plugin(const char *dir, const char *name, char *so, size_t n)
{
    char cmd[1024];
    snprintf(so, n, "%s/%s.so", dir, name);
    snprintf(cmd, sizeof cmd, "cc -shared -fPIC -o '%s' tests/plugins/%s.c", so, name);
    int st = system(cmd);
    CHECK_MSG(st == 0, "`%s` failed (%d)", cmd, st);
    return st == 0 ? 0 : -1;
}

static void test_plugin_energy_work_refused(void)
{
    char *tmp = make_tmpdir(), dir[256], so[512], args[1024], want[1024];
    snprintf(dir, sizeof dir, "%s", tmp);
    if (build_plugin(dir, "energy_work", so, sizeof so) < 0) return;
    snprintf(want, sizeof want,
             "lawtester: %s: law 'energy_work': energy 'work' clashes with the driver's energy "
             "work (E.work and its "
             "record column); rename it\n",
             so);
    result r;
    snprintf(args, sizeof args, "laws --law-lib '%s'", so);
    run(&r, args);
    CHECK_MSG(r.status == 2 && strcmp(r.err, want) == 0 && !*r.out, "laws: status %d: %s", r.status,
              r.err);
    snprintf(args, sizeof args, "run stages/compress_shear_unload.lua -o '%s/out' --law-lib '%s'",
             dir, so);
    run(&r, args);
    CHECK_MSG(r.status == 2 && strcmp(r.err, want) == 0 && !*r.out, "run: status %d: %s", r.status,
              r.err);
    CHECK(count_files(dir) == 1); /* the object only: nothing ran */
    remove_tree(dir);
}

/* The fields of one line (tab-separated, without its newline). */
static int fields(const char *line, size_t len)
{
    int n = 1;
    for (size_t i = 0; i < len; i++) n += line[i] == '\t';
    return n;
}

/* DIR/NAME.tsv: its header is exactly want; every row has as many fields; at least min rows. */
static void check_table(const char *dir, const char *name, const char *want, int min)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s.tsv", dir, name);
    static char text[1 << 20];
    slurp(path, text, sizeof text);
    const char *nl = strchr(text, '\n');
    CHECK_MSG(nl && (size_t)(nl - text) == strlen(want) && strncmp(text, want, strlen(want)) == 0,
              "%s: header '%.*s', wanted '%s'", path, nl ? (int)(nl - text) : 0, text, want);
    if (!nl) return;
    int width = fields(text, (size_t)(nl - text)), rows = 0;
    for (const char *p = nl + 1; *p; rows++) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        CHECK_MSG(fields(p, len) == width, "%s: row %d has %d fields, the header %d", path,
                  rows + 1, fields(p, len), width);
        p = e ? e + 1 : p + len;
    }
    CHECK_MSG(rows >= min, "%s: %d rows", path, rows);
}

/* DIR/NAME.meta: the law and its choice as declared, one status line, the last. */
static void check_meta(const char *dir, const char *name)
{
    char path[600], text[16384];
    snprintf(path, sizeof path, "%s/%s.meta", dir, name);
    slurp(path, text, sizeof text);
    CHECK_MSG(strstr(text, "\nlaw\tmutates_names\n") && strstr(text, "\nparams.mode\tb\n"),
              "%s: %s", path, text);
    int status = 0;
    for (const char *p = text; (p = strstr(p, "status\t")) != NULL; p++)
        status += p == text || p[-1] == '\n';
    const char *last = strstr(text, "\nstatus\tcomplete\n");
    CHECK_MSG(status == 1 && last && last[17] == 0, "%s: %d status lines: %s", path, status, text);
}

static void test_plugin_rewriting_its_names_changes_nothing(void)
{
    char *tmp = make_tmpdir(), dir[256], so[512], args[1024];
    snprintf(dir, sizeof dir, "%s", tmp);
    if (build_plugin(dir, "mutates_names", so, sizeof so) < 0) return;
    result r;
    snprintf(args, sizeof args, "run tests/scripts/mutates_names.lua -o '%s' --law-lib '%s'", dir,
             so);
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    /* the header of a law whose one energy is elast, as loaded */
    const lt_energy_def elast = {.name = "elast", .kind = LT_STORED};
    const lt_law loaded = {.n_energies = 1, .energies = &elast};
    char want[1024] = "";
    size_t u = 0;
    for (int i = 0; i < lt_record_column_count(&loaded); i++)
        u += (size_t)snprintf(want + u, sizeof want - u, i ? "\t%s" : "%s",
                              lt_record_column_name(&loaded, i));
    check_table(dir, "first", want, 20);
    check_table(dir, "second", want, 20);
    check_meta(dir, "first");
    check_meta(dir, "second");
    remove_tree(dir);
}

/* A state named kn: until and results.C read the stiffness the law returned, not the state. */
static void test_state_kn_reads_the_returned_stiffness(void)
{
    char *dir = make_tmpdir(), args[512];
    snprintf(args, sizeof args, "run tests/scripts/state_kn.lua -o '%s'", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s", r.status, r.err);
    remove_tree(dir);
}

const test_case law_names_tests[] = {
    TEST(valid_names_pass),
    TEST(clashing_names_refused),
    TEST(names_that_are_not_names_refused),
    TEST(clash_lists_are_lawtesters_names),
    TEST(registered_copy_is_deep),
    TEST(plugin_energy_work_refused),
    TEST(plugin_rewriting_its_names_changes_nothing),
    TEST(state_kn_reads_the_returned_stiffness),
    {NULL, NULL},
};
