/* tests/test_oblique.c - generic-oblique (src/verify/verify_oblique.c), the incidence sweep on a
 * wall, catches the defects it is for.  The law here is a Cundall contact with a tangential
 * dashpot, written three ways:
 *   correct        slip scales the whole trial force (spring + dashpot) onto the Coulomb
 *                  circle and the spring's displacement with it (as laws/spring_dashpot.c);
 *   dashpot sign   the tangential dashpot takes the relative velocity the other way round (of
 *                  A with respect to B, the convention mix-up a separate damping term is prone
 *                  to): it pushes along the sliding, and the rebound gains energy (the defect
 *                  class of a LAMMPS wall model, +34 % at grazing incidence: docs/references.md,
 *                  "Defects reported in other codes");
 *   luding         the dashpot is kept whole and the spring gets Ft - gt vt (Luding 2008): the
 *                  spring pushes backwards when the dashpot alone exceeds the limit (at touch of
 *                  an oblique impact), and the slip dissipation it books goes negative
 *                  (docs/references.md, [Luding 2008] and "Defects reported in other codes");
 *   outside        the Coulomb limit is applied to the spring alone and the dashpot added after
 *                  it (a defect of LIGGGHTS's hertz with tangential damping: docs/hosted.md):
 *                  |Ft| exceeds mu |Fn| at touch, and the `coulomb` row says by how much.
 * The correct law passes every row of the sweep, each faulty one fails its row. */
#include "check.h"
#include "verify/verify.h"
#include <stdlib.h>

enum { BUG_NONE, BUG_DASHPOT_SIGN, BUG_LUDING, BUG_OUTSIDE };
static int bug;

enum { S_KN, S_KT, S_MU, S_GT, S_XIY, S_XIZ, S_FDY, S_FDZ, S_COUNT };
enum { E_ELAST, E_PLAST, E_VISC };
#define ZETA_T 0.3

static void cundall_init(const double *p, const lt_contact *c, double *s)
{
    (void)p;
    s[S_KN] = c->kn, s[S_KT] = c->kt, s[S_MU] = c->tanPhi;
    s[S_GT] = 2 * ZETA_T * sqrt(c->kt * c->mstar);
}

static int cundall_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    (void)p;
    if (c->uN > 0) return 0;
    double kn = s[S_KN], kt = s[S_KT], gt = s[S_GT], fn = kn * c->uN, lim = s[S_MU] * fabs(fn);
    double xi[2] = {s[S_XIY] + c->v[1] * c->dt, s[S_XIZ] + c->v[2] * c->dt};
    double fs0[2] = {kt * s[S_XIY], kt * s[S_XIZ]}, trial_s[2] = {kt * xi[0], kt * xi[1]};
    double g = bug == BUG_DASHPOT_SIGN ? -gt : gt;
    double ft[2] = {trial_s[0] + g * c->v[1], trial_s[1] + g * c->v[2]}, mag = hypot(ft[0], ft[1]);
    if (bug == BUG_OUTSIDE) { /* the spring limited alone, the dashpot added after */
        double ms = hypot(trial_s[0], trial_s[1]), sc = ms > lim ? lim / ms : 1;
        for (int k = 0; k < 2; k++) xi[k] *= sc, ft[k] = kt * xi[k] + g * c->v[1 + k];
        mag = 0;
    }
    if (mag > lim) {
        double sc = lim / mag;
        ft[0] *= sc, ft[1] *= sc;
        for (int k = 0; k < 2; k++)
            xi[k] = bug == BUG_LUDING ? (ft[k] - g * c->v[1 + k]) / kt : xi[k] * sc;
    }
    double fs[2] = {kt * xi[0], kt * xi[1]}, fd[2] = {ft[0] - fs[0], ft[1] - fs[1]};
    /* energies as spring_dashpot books them: the dashpot's trapezoid, the spring's slip */
    out->energy[E_VISC] =
        0.5 * ((s[S_FDY] + fd[0]) * c->v[1] + (s[S_FDZ] + fd[1]) * c->v[2]) * c->dt;
    out->energy[E_PLAST] =
        ((fs0[0] + fs[0]) * (trial_s[0] - fs[0]) + (fs0[1] + fs[1]) * (trial_s[1] - fs[1])) /
        (2 * kt);
    out->energy[E_ELAST] = 0.5 * (fn * fn / kn + (fs[0] * fs[0] + fs[1] * fs[1]) / kt);
    s[S_XIY] = xi[0], s[S_XIZ] = xi[1], s[S_FDY] = fd[0], s[S_FDZ] = fd[1];
    out->f[0] = fn, out->f[1] = ft[0], out->f[2] = ft[1];
    out->k[0] = kn, out->k[1] = kt;
    return 1;
}

/* the normal impact closed form the sweep takes its time step from: t_c = pi sqrt(m* / kn) */
static void impact_expect(const lt_case_env *env, lt_expect *x)
{
    x->value[LT_Q_CONTACT_TIME] = LT_TEST_PI * sqrt(env->c.mstar / env->c.kn);
    x->tol[LT_Q_CONTACT_TIME] = 1e-4; /* verify's target (docs/verify.md) */
    x->value[LT_Q_RESTITUTION] = 1;
    x->tol[LT_Q_RESTITUTION] = 1e-4;
}

/* E = 1e9 Pa (kn by the connector rule: pi r E/2 = 7.9e7 N/m for r = 0.05 m between two
 * spheres), ktDivKn 0.5, mu 0.5, at 1 m/s: the overlap stays near 0.3 % of the radius. */
#define MAT                       \
    {                             \
        1e9, 0.25, 2600, 0.5, 0.5 \
    }
static const lt_case cundall_cases[1] = {
    {.name = "impact",
     .kind = LT_CASE_IMPACT,
     .radius = {0.05, 0.05},
     .mat = {MAT, MAT},
     .impact = {.vn = 1.0},
     .steps = 1000,
     .expect = impact_expect},
};
static const lt_energy_def cundall_energies[3] = {{"elast", LT_STORED, "springs"},
                                                  {"plast", LT_DISSIPATED, "slip"},
                                                  {"visc", LT_DISSIPATED, "tangential dashpot"}};
static const char *const cundall_state[S_COUNT] = {"kn",  "kt",  "mu",  "gt",
                                                   "xiy", "xiz", "fdy", "fdz"};
/* the friction coefficient in use, for the `coulomb` row */
#define CUNDALL_FRICTION "mu"
static const lt_law cundall = {.api_version = LT_LAW_API_VERSION,
                               .name = "cundall",
                               .summary = "test",
                               .state_names = cundall_state,
                               .n_state = S_COUNT,
                               .energies = cundall_energies,
                               .n_energies = 3,
                               .init = cundall_init,
                               .step = cundall_step,
                               .cases = cundall_cases,
                               .n_cases = 1,
                               .friction = CUNDALL_FRICTION};

typedef struct row_copy {
    char quantity[64];
    double obtained;
    int pass;
} row_copy;

typedef struct rows {
    row_copy r[16];
    int n;
} rows;

static void keep(void *ctx, const lt_verify_row *r)
{
    rows *rs = ctx;
    if (strcmp(r->kase, "generic-oblique") != 0 || rs->n >= 16) return;
    row_copy *c = &rs->r[rs->n++];
    snprintf(c->quantity, sizeof c->quantity, "%s", r->quantity);
    c->obtained = r->obtained;
    c->pass = r->pass;
}

/* the row whose quantity starts with `q`: 1 pass, 0 fail, -1 none */
static int result(const rows *rs, const char *q, double *obtained)
{
    for (int i = 0; i < rs->n; i++)
        if (strncmp(rs->r[i].quantity, q, strlen(q)) == 0) {
            if (obtained) *obtained = rs->r[i].obtained;
            return rs->r[i].pass;
        }
    return -1;
}

static rows sweep(int which)
{
    rows rs = {0};
    lt_verify_opts o = {0};
    o.kase = "generic-oblique";
    o.on_row = keep;
    o.ctx = &rs;
    lt_verify_summary sum = {0};
    bug = which;
    lt_verify_law(&cundall, &o, &sum);
    bug = BUG_NONE;
    return rs;
}

static void test_correct_law_passes(void)
{
    rows rs = sweep(BUG_NONE);
    CHECK(rs.n == 5);
    CHECK(result(&rs, "KE gain", NULL) == 1);
    CHECK(result(&rs, "plast decrease", NULL) == 1);
    CHECK(result(&rs, "visc decrease", NULL) == 1);
    CHECK(result(&rs, "balance", NULL) == 1);
    double excess = 1;
    CHECK(result(&rs, "coulomb", &excess) == 1);
    CHECK_MSG(excess < 1e-14, "the cone holds to round-off: %.3g", excess);
}

static void test_dashpot_sign_gains_energy(void)
{
    rows rs = sweep(BUG_DASHPOT_SIGN);
    double gain = 0;
    CHECK(result(&rs, "KE gain", &gain) == 0);
    printf("     tangential dashpot of the wrong sign: rebound KE up to %.3g above the incoming\n",
           gain);
}

static void test_luding_split_books_negative_slip(void)
{
    rows rs = sweep(BUG_LUDING);
    double drop = 0;
    CHECK(result(&rs, "plast decrease", &drop) == 0);
    printf("     Luding's split: plast falls by up to %.3g of the incoming KE\n", drop);
}

static void test_dashpot_outside_the_cone(void)
{
    rows rs = sweep(BUG_OUTSIDE);
    double excess = 0;
    CHECK(result(&rs, "coulomb", &excess) == 0);
    CHECK(excess > 0.1);
    printf("     dashpot outside the cone: |Ft| - mu |Fn| up to %.3g of max |Fn|\n", excess);
}

const test_case oblique_tests[] = {
    TEST(correct_law_passes),
    TEST(dashpot_sign_gains_energy),
    TEST(luding_split_books_negative_slip),
    TEST(dashpot_outside_the_cone),
    {0, 0},
};
