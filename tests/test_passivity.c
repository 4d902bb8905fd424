/* tests/test_passivity.c - the checks that need no help from the law (docs/verify.md):
 * passivity, restitution <= 1 and zero force apart, measured by the driver alone.  A law that
 * books no energies passes them and gets n/a balance rows (not failures); laws that create
 * energy - a negative dashpot, a spring that unloads softer than it loaded - fail passivity
 * (and restitution), whatever they book; the built-in laws pass every new row. */
#include "check.h"
#include "cli.h"
#include "contact/registry.h"
#include "verify/verify.h"
#include <stdlib.h>

typedef struct prow {
    char kase[64], quantity[64];
    lt_check_kind kind;
    int pass;
} prow;

typedef struct prows {
    prow r[1000];
    int n;
} prows;

static void keep(void *ctx, const lt_verify_row *r)
{
    prows *rs = ctx;
    if (rs->n >= 1000) return;
    prow *c = &rs->r[rs->n++];
    snprintf(c->kase, sizeof c->kase, "%s", r->kase);
    snprintf(c->quantity, sizeof c->quantity, "%s", r->quantity);
    c->kind = r->kind;
    c->pass = r->pass;
}

static const prow *find(const prows *rs, const char *kase, const char *quantity)
{
    for (int i = 0; i < rs->n; i++)
        if (strcmp(rs->r[i].kase, kase) == 0 && strcmp(rs->r[i].quantity, quantity) == 0)
            return &rs->r[i];
    return NULL;
}

/* 1 pass, 0 fail, -1 no such row, 2 n/a */
static int outcome(const prows *rs, const char *kase, const char *quantity)
{
    const prow *r = find(rs, kase, quantity);
    return !r ? -1 : r->kind == LT_CHECK_NA ? 2 : r->pass;
}

/* ---- test laws: normal springs that book nothing (n_energies = 0) ---------------------- */

#define KN 1e6   /* N/m */
#define ZETA 0.1 /* -: damping ratio of the negative dashpot */
enum { LAW_HOOKE, LAW_PUMP, LAW_SOFT_UNLOAD };
static int kind;

static void spring_init(const double *p, const lt_contact *c, double *s)
{
    (void)p, (void)c;
    s[0] = s[1] = 0; /* largest overlap (m) and its force (N) */
}

static int spring_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    (void)p;
    if (c->uN > 0) return 0;
    double d = -c->uN, fn = KN * c->uN;
    if (kind == LAW_PUMP)
        fn -= 2 * ZETA * sqrt(KN * c->mstar) * c->v[0]; /* the dashpot's sign reversed */
    if (kind == LAW_SOFT_UNLOAD) {
        if (d >= s[0])
            s[0] = d, s[1] = KN * d;
        else
            fn = -(s[1] - 0.5 * KN * (s[0] - d)); /* unloads at kn/2: repulsive until apart */
    }
    lt_respond_force(out, fn, 0, 0, KN, 0);
    return 1;
}

static const char *const spring_state[2] = {"dmax", "fmax"};
static const lt_law spring = {.api_version = LT_LAW_API_VERSION,
                              .name = "silent_spring",
                              .summary = "test",
                              .state_names = spring_state,
                              .n_state = 2,
                              .n_energies = 0,
                              .init = spring_init,
                              .step = spring_step};

static prows *verify_spring(int which, lt_verify_summary *sum)
{
    prows *rs = calloc(1, sizeof *rs);
    lt_verify_opts o = {0};
    o.on_row = keep;
    o.ctx = rs;
    memset(sum, 0, sizeof *sum);
    kind = which;
    lt_verify_law(&spring, &o, sum);
    kind = LAW_HOOKE;
    return rs;
}

static const char *const paths[] = {"generic-path",         "generic-closed-loop",
                                    "generic-normal-cycle", "generic-shear-cycle",
                                    "generic-impact",       NULL};

/* a law ported from a code that keeps no energies: passive, its balance rows n/a, nothing fails
 * (before: generic-path balance 0.126 FAIL, generic-closed-loop net work nan) */
static void test_law_without_energies_passes_with_na_balance(void)
{
    lt_verify_summary sum;
    prows *rs = verify_spring(LAW_HOOKE, &sum);
    CHECK_MSG(sum.failed == 0, "%d of %d rows failed", sum.failed, sum.rows);
    for (int i = 0; paths[i]; i++) {
        CHECK_MSG(outcome(rs, paths[i], "passivity") == 1, "%s passivity: %d", paths[i],
                  outcome(rs, paths[i], "passivity"));
        CHECK_MSG(outcome(rs, paths[i], "zero force apart") == 1, "%s", paths[i]);
    }
    CHECK(outcome(rs, "generic-impact", "restitution <= 1") == 1);
    CHECK(outcome(rs, "generic-path", "balance") == 2);
    CHECK(outcome(rs, "generic-objectivity", "balance") == 2);
    CHECK(outcome(rs, "generic-closed-loop", "balance") == 2);
    CHECK(outcome(rs, "generic-closed-loop", "net work") == 2);
    CHECK(sum.na == 4);
    free(rs);
}

/* a negative dashpot creates energy: the balance cannot see it (nothing is booked), passivity
 * and restitution do */
static void test_negative_dashpot_fails_passivity(void)
{
    lt_verify_summary sum;
    prows *rs = verify_spring(LAW_PUMP, &sum);
    CHECK(outcome(rs, "generic-normal-cycle", "passivity") == 0);
    CHECK(outcome(rs, "generic-path", "passivity") == 0);
    CHECK(outcome(rs, "generic-impact", "passivity") == 0);
    CHECK(outcome(rs, "generic-impact", "restitution <= 1") == 0);
    CHECK(outcome(rs, "generic-path", "balance") == 2);
    free(rs);
}

/* unloading softer than loading returns more work than the loading took */
static void test_soft_unloading_fails_passivity(void)
{
    lt_verify_summary sum;
    prows *rs = verify_spring(LAW_SOFT_UNLOAD, &sum);
    CHECK(outcome(rs, "generic-normal-cycle", "passivity") == 0);
    CHECK(outcome(rs, "generic-impact", "restitution <= 1") == 0);
    CHECK(outcome(rs, "generic-touch", "continuity at touch") == 1);
    free(rs);
}

/* every built-in law has the new rows and passes them */
static void test_builtin_laws_pass_the_new_rows(void)
{
    static const char *const rows_of[][4] = {
        {"generic-normal-cycle", "passivity", "zero force apart", NULL},
        {"generic-shear-cycle", "passivity", "zero force apart", NULL},
        {"generic-impact", "restitution <= 1", "passivity", "zero force apart"},
    };
    int n_laws = 0;
    while (lt_laws[n_laws]) n_laws++;
    for (int c = 0; c < 3; c++) {
        prows *rs = calloc(1, sizeof *rs);
        lt_verify_opts o = {0};
        o.on_row = keep;
        o.ctx = rs;
        o.kase = rows_of[c][0];
        lt_verify_summary sum;
        char err[200];
        CHECK(lt_verify(&o, &sum, err, sizeof err) == 0);
        int per_law = rows_of[c][3] ? 3 : 2;
        CHECK_MSG(sum.failed == 0 && sum.rows == per_law * n_laws, "%s: %d of %d failed", o.kase,
                  sum.failed, sum.rows);
        for (int i = 0; i < rs->n; i++)
            CHECK_MSG(rs->r[i].pass, "%s %s", rs->r[i].kase, rs->r[i].quantity);
        free(rs);
    }
}

/* an n/a row prints n/a in the result column with its reason, and is not a failure */
static void test_na_row_printed(void)
{
    lt_verify_row r = {"law", "case", "balance", LT_CHECK_NA, 0, 0, 0, 0, 0, "why not", NULL};
    lt_verify_row_check(&r);
    CHECK(r.pass == 1);
    char buf[512] = "";
    FILE *f = tmpfile();
    lt_verify_print_row(f, &r);
    rewind(f);
    CHECK(fgets(buf, sizeof buf, f) != NULL);
    fclose(f);
    CHECK_MSG(strstr(buf, " n/a   n/a  (why not)\n") && !strstr(buf, "FAIL") &&
                  !strstr(buf, "PASS"),
              "%s", buf);
}

/* the same through the command line, with a plugin that books no energies: exit 0 */
static void test_cli_plugin_without_energies(void)
{
    char *dir = make_tmpdir(), cmd[1024], args[1024];
    snprintf(cmd, sizeof cmd, "cc -shared -fPIC -o '%s/no_energies.so' tests/plugins/no_energies.c",
             dir);
    int st = system(cmd);
    CHECK_MSG(st == 0, "`%s` failed (%d)", cmd, st);
    if (st != 0) return;
    snprintf(args, sizeof args, "verify --law-lib '%s/no_energies.so' --law no_energies", dir);
    result r;
    run(&r, args);
    CHECK_MSG(r.status == 0, "status %d: %s%s", r.status, r.out, r.err);
    CHECK(strstr(r.out, "generic-path               balance                           -            "
                        "    -         -"
                        "         - n/a   n/a  (the law books no energies") != NULL);
    CHECK(strstr(r.out, "generic-impact             passivity") != NULL);
    CHECK(strstr(r.out, " 0 failed") != NULL && !strstr(r.out, "FAIL"));
    remove_tree(dir);
}

const test_case passivity_tests[] = {
    TEST(law_without_energies_passes_with_na_balance),
    TEST(negative_dashpot_fails_passivity),
    TEST(soft_unloading_fails_passivity),
    TEST(builtin_laws_pass_the_new_rows),
    TEST(na_row_printed),
    TEST(cli_plugin_without_energies),
    {0, 0},
};
