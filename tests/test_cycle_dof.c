/* tests/test_cycle_dof.c - the cycle case (LT_CASE_CYCLE, law API 3) on a DoF other than shear
 * y: a test-local law with an elastic-perfectly-plastic bending torque about local y, cycled on
 * DoF 4 (bend y).
 *
 * The law (SI; frame and signs of include/lawtester/law.h; torque on A):
 *   Fn = kn uN (the overlap is held; the contact breaks for uN > 0)
 *   Ty' = clip(Ty + kr wy dt, -Mmax, Mmax)      (N m; kr N m/rad, Mmax N m)
 *   elast = Fn^2/(2 kn) + Ty^2/(2 kr); plast per step (Ty + Ty')(Ttr - Ty')/(2 kr), Ttr the trial
 *   torque: the trapezoid work of the step minus the change of the stored energy, so the
 *   driver's energy balance closes to round-off (as laws/linear.c's default dissipation).
 * Closed form of a cycle 0 -> +ta -> -ta -> +ta (ta > Mmax/kr): the torque-rotation loop of the
 *   last two legs is a parallelogram with the horizontal sides at +-Mmax, each of length
 *   2 ta - 2 Mmax/kr (the elastic reversal takes 2 Mmax/kr of the 2 ta), at height 2 Mmax apart,
 *   so the energy dissipated per cycle is its area
 *       E = 2 Mmax (2 ta - 2 Mmax/kr) = 4 Mmax (ta - Mmax/kr),
 *   the slope of the elastic parts is kr and the largest |Ty| is Mmax.  A deliberately wrong
 *   closed form (4 Mmax ta: the elastic reversal forgotten) must fail. */
#include "check.h"
#include "verify/verify.h"
#include <stdlib.h>

enum { P_KN, P_KR, P_MMAX, P_COUNT };
enum { S_KN, S_TY, S_COUNT };
enum { E_ELAST, E_PLAST, E_COUNT };

static const lt_param bend_params[P_COUNT] = {
    [P_KN] = {"kn", LT_REAL, 1e6, 0, INFINITY, "N/m", "normal stiffness", 0},
    [P_KR] = {"kr", LT_REAL, 100, 0, INFINITY, "N m/rad", "bending stiffness about y", 0},
    [P_MMAX] = {"Mmax", LT_REAL, 0.5, 0, INFINITY, "N m", "bending torque cap", 0},
};
static const char *const bend_state[S_COUNT] = {"kn", "Ty"};
static const lt_energy_def bend_energies[E_COUNT] = {
    {"elast", LT_STORED, "normal spring and bending spring"},
    {"plast", LT_DISSIPATED, "plastic bending"},
};

static void bend_init(const double *p, const lt_contact *c, double *s)
{
    (void)c;
    s[S_KN] = p[P_KN];
}

static int bend_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    if (c->uN > 0) return 0;
    double kn = s[S_KN], kr = p[P_KR], mmax = p[P_MMAX], fn = kn * c->uN;
    double t0 = s[S_TY], trial = t0 + kr * c->v[4] * c->dt;
    double t1 = trial > mmax ? mmax : trial < -mmax ? -mmax : trial;
    lt_respond_force(out, fn, 0, 0, kn, 0);
    out->f[4] = t1;
    out->energy[E_ELAST] = 0.5 * fn * fn / kn + 0.5 * t1 * t1 / kr;
    out->energy[E_PLAST] = (t0 + t1) * (trial - t1) / (2 * kr);
    s[S_TY] = t1;
    return 1;
}

/* Case loads: overlap (m), amplitude ta (rad), rate (rad/s); steps per ta. */
#define OVERLAP 1e-3
#define AMPLITUDE 0.02
#define RATE 1.0
#define STEPS 2000
/* Relative tolerance of quantities read off rounded displacements (the rotation summed over
 * ~1e4 steps of 1e-5 rad, each rounding at ~1e-21 rad) and torques: round-off, ~1e-12; 1e-9
 * with a margin. */
#define TOL_ROUNDOFF 1e-9
#define WHY_ROUNDOFF "rotations and torques summed over ~1e4 steps: round-off"

static void set_cycle(const lt_case_env *env, lt_expect *x, double energy)
{
    double kr = env->param[P_KR], mmax = env->param[P_MMAX], dth = env->cycle.speed * env->c.dt;
    x->value[LT_Q_CYCLE_ENERGY] = energy;
    /* the cap reached inside a step: the trapezoid books at most kr dth^2/8 too little per
     * onset (as laws/linear.c's slip), two onsets per cycle */
    x->tol[LT_Q_CYCLE_ENERGY] = kr * dth * dth / 4 / energy + TOL_ROUNDOFF;
    x->why[LT_Q_CYCLE_ENERGY] = "cap reached inside a step: <= kr dth^2/8 per onset, two per cycle";
    x->value[LT_Q_CYCLE_STIFFNESS] = kr;
    x->tol[LT_Q_CYCLE_STIFFNESS] = TOL_ROUNDOFF;
    x->why[LT_Q_CYCLE_STIFFNESS] = "slope of one elastic step: " WHY_ROUNDOFF;
    x->value[LT_Q_CYCLE_CAP] = mmax;
    x->tol[LT_Q_CYCLE_CAP] = TOL_ROUNDOFF;
    x->why[LT_Q_CYCLE_CAP] = "clipped to Mmax exactly";
}

static void bend_expect(const lt_case_env *env, lt_expect *x)
{
    double kr = env->param[P_KR], mmax = env->param[P_MMAX];
    set_cycle(env, x, 4 * mmax * (env->cycle.amplitude - mmax / kr));
}

static void wrong_expect(const lt_case_env *env, lt_expect *x)
{
    set_cycle(env, x,
              4 * env->param[P_MMAX] * env->cycle.amplitude); /* the elastic reversal forgotten */
}

#define MAT                       \
    {                             \
        1e7, 0.25, 2600, 0.5, 0.5 \
    }
static const lt_case bend_cases[2] = {
    {.name = "bend-cycle",
     .doc = "EPP bending cycle: 4 Mmax (ta - Mmax/kr)",
     .kind = LT_CASE_CYCLE,
     .dof = 4,
     .radius = {0.1, 0.1},
     .mat = {MAT, MAT},
     .cycle = {.overlap = OVERLAP, .amplitude = AMPLITUDE, .speed = RATE},
     .steps = STEPS,
     .expect = bend_expect},
    {.name = "bend-cycle-wrong",
     .doc = "the same with 4 Mmax ta",
     .kind = LT_CASE_CYCLE,
     .dof = 4,
     .radius = {0.1, 0.1},
     .mat = {MAT, MAT},
     .cycle = {.overlap = OVERLAP, .amplitude = AMPLITUDE, .speed = RATE},
     .steps = STEPS,
     .expect = wrong_expect},
};
static const lt_law bend_law = {.api_version = LT_LAW_API_VERSION,
                                .name = "bend_epp",
                                .summary = "test",
                                .params = bend_params,
                                .n_params = P_COUNT,
                                .state_names = bend_state,
                                .n_state = S_COUNT,
                                .energies = bend_energies,
                                .n_energies = E_COUNT,
                                .init = bend_init,
                                .step = bend_step,
                                .cases = bend_cases,
                                .n_cases = 2};

typedef struct row_copy {
    char kase[64], quantity[64];
    double expected, obtained;
    int pass;
} row_copy;
typedef struct rows {
    row_copy r[200];
    int n;
} rows;

static void keep(void *ctx, const lt_verify_row *r)
{
    rows *rs = ctx;
    if (rs->n >= 200) return;
    row_copy *c = &rs->r[rs->n++];
    snprintf(c->kase, sizeof c->kase, "%s", r->kase);
    snprintf(c->quantity, sizeof c->quantity, "%s", r->quantity);
    c->expected = r->expected, c->obtained = r->obtained, c->pass = r->pass;
}

static const row_copy *find(const rows *rs, const char *kase, const char *quantity)
{
    for (int i = 0; i < rs->n; i++)
        if (strcmp(rs->r[i].kase, kase) == 0 && strcmp(rs->r[i].quantity, quantity) == 0)
            return &rs->r[i];
    return NULL;
}

static rows *verify(const lt_law *law, const char *kase)
{
    rows *rs = calloc(1, sizeof *rs);
    lt_verify_opts o = {0};
    o.on_row = keep;
    o.ctx = rs;
    o.kase = kase;
    lt_verify_summary sum = {0};
    lt_verify_law(law, &o, &sum);
    return rs;
}

static void test_bending_cycle_matches_the_closed_form(void)
{
    rows *rs = verify(&bend_law, "bend-cycle");
    const char *q[4] = {"cycle energy", "stiffness", "cap", "balance"};
    for (int i = 0; i < 4; i++) {
        const row_copy *r = find(rs, "bend-cycle", q[i]);
        CHECK_MSG(r && r->pass, "bend-cycle %s: %s", q[i], r ? "failed" : "no row");
    }
    /* the rows carry the closed forms of the parameters, not of the shear DoFs */
    const row_copy *e = find(rs, "bend-cycle", "cycle energy");
    CHECK(e && e->expected == 4 * 0.5 * (AMPLITUDE - 0.5 / 100));
    const row_copy *k = find(rs, "bend-cycle", "stiffness");
    CHECK(k && k->expected == 100);
    free(rs);
    /* the generic checks of the law pass too (its energies are consistent with its torque) */
    rs = verify(&bend_law, "generic-path");
    const row_copy *b = find(rs, "generic-path", "balance");
    CHECK(b && b->pass);
    for (int i = 0; i < rs->n; i++)
        CHECK_MSG(rs->r[i].pass, "%s %s failed", rs->r[i].kase, rs->r[i].quantity);
    free(rs);
}

static void test_wrong_closed_form_fails(void)
{
    rows *rs = verify(&bend_law, "bend-cycle-wrong");
    const row_copy *e = find(rs, "bend-cycle-wrong", "cycle energy");
    CHECK(e && !e->pass);
    /* the measured energy is the right one, the claim is not */
    CHECK(e && fabs(e->obtained - 4 * 0.5 * (AMPLITUDE - 0.5 / 100)) <= 1e-6 * e->obtained);
    const row_copy *k = find(rs, "bend-cycle-wrong", "stiffness");
    CHECK(k && k->pass);
    free(rs);
}

/* dof 0 drives shear y, as every API 2 cycle: a law with only a bending torque sees no shear,
 * dissipates nothing: the bending closed form fails there, and the rows keep their shear names */
static void test_dof_zero_is_shear_y(void)
{
    lt_law l = bend_law;
    static const lt_case with_expect[1] = {
        {.name = "shear-y-cycle",
         .kind = LT_CASE_CYCLE,
         .radius = {0.1, 0.1},
         .mat = {MAT, MAT},
         .cycle = {.overlap = OVERLAP, .amplitude = AMPLITUDE, .speed = RATE},
         .steps = STEPS,
         .expect = bend_expect}};
    l.cases = with_expect;
    l.n_cases = 1;
    rows *rs = verify(&l, "shear-y-cycle");
    const row_copy *e = find(rs, "shear-y-cycle", "cycle energy");
    /* nothing bends: no energy where bending would give some */
    CHECK(e && !e->pass && e->obtained == 0);
    CHECK(find(rs, "shear-y-cycle", "kt") != NULL &&
          find(rs, "shear-y-cycle", "stiffness") == NULL);
    free(rs);
}

const test_case cycle_dof_tests[] = {
    TEST(bending_cycle_matches_the_closed_form),
    TEST(wrong_closed_form_fails),
    TEST(dof_zero_is_shear_y),
    {NULL, NULL},
};
