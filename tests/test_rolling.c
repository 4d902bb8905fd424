/* tests/test_rolling.c - the `linear_rolling` law (laws/linear_rolling.c) through the driver:
 *   - every cycle case of laws/linear_rolling_cases.c driven on its own DoF (shear y, twist,
 *   bending
 *     about y and z) at constant overlap: slope, cap, energy per cycle and energy balance
 *     against the case's closed forms and tolerances (verify's cycle measurements, on any DoF);
 *   - the normal and shear response bit for bit that of `linear` on a path through all six DoFs;
 *   - the energy balance with viscous rolling damping, on fixed and on free bodies;
 *   - a free sphere on a wall under a constant applied moment about a tangential axis, rolling
 *     held without slip at the contact point: above M_max it turns with the constant angular
 *     acceleration (T - M_max)/I, I = (2/5) m r^2 (the driver holds the contact point still by
 *     the centre's velocity, which exerts no moment about the centre); below M_max, with rolling
 *     damping, it comes to rest where the rolling spring carries T, without plastic rolling.
 * Units SI; signs of include/lawtester/law.h (torque on A). */
#include "../laws/linear_rolling.h"
#include "check.h"
#include "contact/registry.h"
#include "drive.h"
#include "verify/verify_int.h"

/* The driver's energy balance: docs/energy.md's rule for every run, <= 1e-9 of the work. */
#define TOL_BALANCE 1e-9
/* Constant angular acceleration under a constant net moment: leapfrog integrates it exactly, so
 * the slope of w over ~2e4 steps carries round-off only (~1e-13 relative); 1e-10 with margin. */
#define TOL_LEAPFROG 1e-10
/* The damping ratio from two successive maxima of a free oscillation: leapfrog with the
 * extrapolated dashpot rate errs by O((w0 dt)^2) = 5e-6 (w0 = 216 rad/s, dt = 1e-5 s); the
 * parabola through three states puts each maximum within ~(w0 dt)^4 of the sampled curve;
 * measured 2e-6, so 2e-5 leaves a factor 4 over the estimate. */
#define TOL_DAMPING 2e-5
/* The imposed rotation of one DoF, decomposed in an oblique frame, leaves a round-off motion on
 * the others (~1e-16 rad a step): their moments stay ~1e-15 of the cap; 1e-12 with margin. */
#define TOL_CROSSTALK 1e-12
/* A moment returned to the limit muR R* |Fn|: a few operations on the recorded Fn. */
#define TOL_RETURN 1e-12
/* Rest under a moment below the limit: the damped rolling oscillation (effective damping ratio
 * ~0.9, rate ~190 1/s) decays by e^-50 over the 0.3 s run, below round-off; what remains is the
 * round-off of M and w (~1e-15 relative), 1e-10 with margin. */
#define TOL_REST 1e-10

static const lt_law *rolling(void) { return lt_find_law("linear_rolling"); }

/* ---- the cycle cases on their DoF ------------------------------------------------------ */

typedef struct cycle_trace {
    int dof;
    double cap_expected;
    double diss[5];   /* dissipated energy at the end of each stage (J) */
    double slope_dev; /* largest |dM/dtheta - k| over elastic steps (N m/rad or N/m) */
    double k_expected;
    double cap; /* largest |M| (N m or N) during the cycle */
    int elastic_steps;
    int have_prev;
    double prev_f, prev_u;
} cycle_trace;

static void cycle_row(void *ctx, const lt_tester *t, const lt_snapshot *s)
{
    cycle_trace *h = ctx;
    const lt_law *law = lt_tester_view(t)->test->law;
    double d = 0;
    for (int i = 0; i < law->n_energies; i++)
        if (law->energies[i].kind == LT_DISSIPATED) d += s->energy[i];
    if (s->stage >= 0 && s->stage <= 4) h->diss[s->stage] = d;
    double f = s->f[h->dof], u = s->u[h->dof];
    if (s->stage >= 2) {
        h->cap = fmax(h->cap, fabs(f));
        /* an elastic step: the state it leaves is inside the cap (onset steps end on it) */
        if (h->have_prev && fabs(f) < h->cap_expected * (1 - 1e-9) && u != h->prev_u) {
            h->slope_dev =
                fmax(h->slope_dev, fabs((f - h->prev_f) / (u - h->prev_u) - h->k_expected));
            h->elastic_steps++;
        }
    }
    h->have_prev = s->stage >= 2;
    h->prev_f = f;
    h->prev_u = u;
}

static void ignore_row(void *ctx, const lt_verify_row *r)
{
    (void)ctx;
    CHECK_MSG(0, "setup: %s %s: %s", r->kase, r->quantity, r->note);
}

/* Runs the case's cycle on its DoF: normal loading to load[0] in `steps` steps, then
 * 0 -> +a -> -a -> +a (a = load[1]) at load[2] on that DoF, overlap held. */
static void check_cycle_case(const lt_case *cs)
{
    const lt_law *law = rolling();
    lt_verify_opts o = {0};
    o.on_row = ignore_row;
    lt_verify_summary sum = {0};
    vr_ctx v = {&o, &sum, law, NULL};
    vr_setup *su = calloc(1, sizeof *su);
    if (!su || !lt_vr_make_setup(&v, su, cs)) {
        CHECK_MSG(0, "%s: no setup", cs->name);
        free(su);
        return;
    }
    int dof = cs->dof ? cs->dof : 1;
    long steps = (long)cs->steps;
    double dt = cs->load[1] / (cs->load[2] * (double)steps);
    lt_vr_expect_at(su, dt);
    char whats[LT_DOF + 1] = "v.....";
    whats[dof] = 'v';
    double in[LT_DOF] = {-cs->load[0] / ((double)steps * dt)}, fw[LT_DOF] = {0}, bw[LT_DOF] = {0};
    fw[dof] = cs->load[2];
    bw[dof] = -cs->load[2];
    vr_until u1 = {VR_UNTIL_STEPS, steps}, u2 = {VR_UNTIL_STEPS, steps},
             u3 = {VR_UNTIL_STEPS, 2 * steps}, u4 = {VR_UNTIL_STEPS, 2 * steps};
    lt_stage st[4] = {lt_vr_stage("v.....", in, &u1), lt_vr_stage(whats, fw, &u2),
                      lt_vr_stage(whats, bw, &u3), lt_vr_stage(whats, fw, &u4)};
    su->test.stages = st;
    su->test.n_stages = 4;
    const lt_expect *x = &su->ex;
    cycle_trace h = {.dof = dof,
                     .cap_expected = x->value[LT_Q_CYCLE_CAP],
                     .k_expected = x->value[LT_Q_CYCLE_STIFFNESS]};
    lt_tester *T = lt_tester_new();
    int rc = T ? lt_run(T, &su->test, cycle_row, &h) : -1;
    CHECK_MSG(rc == 0, "%s: %s", cs->name, T ? lt_tester_view(T)->err : "out of memory");
    if (rc == 0) {
        char what[120];
        snprintf(what, sizeof what, "%s: cycle energy (%s)", cs->name, x->why[LT_Q_CYCLE_ENERGY]);
        CHECK_REL(h.diss[4] - h.diss[2], x->value[LT_Q_CYCLE_ENERGY], x->tol[LT_Q_CYCLE_ENERGY],
                  what);
        snprintf(what, sizeof what, "%s: stiffness (%s)", cs->name, x->why[LT_Q_CYCLE_STIFFNESS]);
        CHECK_REL(h.k_expected + h.slope_dev, x->value[LT_Q_CYCLE_STIFFNESS],
                  x->tol[LT_Q_CYCLE_STIFFNESS], what);
        CHECK_MSG(h.elastic_steps > steps, "%s: only %d elastic steps measured", cs->name,
                  h.elastic_steps);
        snprintf(what, sizeof what, "%s: cap (%s)", cs->name, x->why[LT_Q_CYCLE_CAP]);
        CHECK_REL(h.cap, x->value[LT_Q_CYCLE_CAP], x->tol[LT_Q_CYCLE_CAP], what);
        snprintf(what, sizeof what, "%s: balance / work", cs->name);
        CHECK_ABS(lt_vr_balance(T), 0, TOL_BALANCE, what);
        /* the other rotational DoFs carry nothing but the round-off of the oblique frame */
        for (int k = 3; k < LT_DOF; k++)
            if (k != dof)
                CHECK_MSG(fabs(lt_tester_view(T)->resp.f[k]) <= TOL_CROSSTALK * h.cap,
                          "%s: torque %d = %g", cs->name, k, lt_tester_view(T)->resp.f[k]);
    }
    lt_tester_free(T);
    free(su);
}

static void test_registered(void)
{
    const lt_law *law = rolling();
    CHECK(law != NULL);
    if (!law) return;
    CHECK(lt_law_param_index(law, "kn") == LR_P_KN &&
          lt_law_param_index(law, "dissipation") == LR_P_DISSIPATION);
    CHECK(lt_law_param_index(law, "muR") == LR_P_MUR && lt_law_param_index(law, "kr") == LR_P_KR);
    CHECK(lt_law_param_index(law, "etaR") == LR_P_ETAR &&
          lt_law_param_index(law, "muTw") == LR_P_MUTW);
    CHECK(lt_law_param_index(law, "ktw") == LR_P_KTW);
    CHECK(lt_law_energy_index(law, "elast") == 0 && lt_law_energy_index(law, "plast") == 1 &&
          lt_law_energy_index(law, "visc") == 2);
    /* verify runs every case, each cycle on its own DoF */
    CHECK(law->cases == lt_linear_rolling_cases && law->n_cases == LR_N_CASES);
    int dofs = 0;
    for (int i = 0; i < LR_N_CASES; i++)
        if (lt_linear_rolling_cases[i].kind == LT_CASE_CYCLE)
            dofs |= 1 << lt_linear_rolling_cases[i].dof;
    CHECK(dofs == ((1 << 1) | (1 << 3) | (1 << 4) | (1 << 5)));
}

static void test_cycle_cases_on_their_dof(void)
{
    for (int i = 0; i < LR_N_CASES; i++)
        if (lt_linear_rolling_cases[i].kind == LT_CASE_CYCLE)
            check_cycle_case(&lt_linear_rolling_cases[i]);
}

/* ---- the law by hand: default stiffnesses and the damping coefficient --------------------- */

static void test_default_stiffness_and_damping(void)
{
    const lt_law *law = rolling();
    double p[LT_MAX_PARAMS], s[LT_MAX_STATE] = {0};
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    p[LR_P_KN] = 2e6, p[LR_P_KT] = 7e5, p[LR_P_MUR] = 0.2, p[LR_P_MUTW] = 0.15, p[LR_P_ETAR] = 0.3;
    lt_material m = {1e7, 0.25, 2500, 0.5, 0.5};
    lt_contact c = {0};
    c.rcurv[0] = 0.1, c.rcurv[1] = 0.04, c.lens[0] = 0.1, c.lens[1] = 0.04;
    c.mat[0] = c.mat[1] = &m;
    c.dt = 1e-6, c.uN = -1e-4, c.fresh = 1;
    law->init(p, &c, s);
    double R = 0.1 * 0.04 / 0.14, kr = 2.25 * 2e6 * 0.04 * R * R, ktw = 4.5 * 7e5 * 0.0225 * R * R;
    double m1 = 2500 * 4.0 / 3.0 * LT_TEST_PI * 1e-3,
           m2 = 2500 * 4.0 / 3.0 * LT_TEST_PI * 0.04 * 0.04 * 0.04;
    double Ir = 1 / (1 / (1.4 * m1 * 0.01) + 1 / (1.4 * m2 * 0.0016));
    int iR = -1, iKR = -1, iKTW = -1, iCR = -1;
    for (int i = 0; i < law->n_state; i++) {
        if (strcmp(law->state_names[i], "Rstar") == 0) iR = i;
        if (strcmp(law->state_names[i], "kr") == 0) iKR = i;
        if (strcmp(law->state_names[i], "ktw") == 0) iKTW = i;
        if (strcmp(law->state_names[i], "Cr") == 0) iCR = i;
    }
    CHECK(iR >= 0 && iKR >= 0 && iKTW >= 0 && iCR >= 0);
    if (iR < 0 || iKR < 0 || iKTW < 0 || iCR < 0) return;
    CHECK_REL(s[iR], R, TOL_RETURN, "R* = r1 r2/(r1 + r2)");
    CHECK_REL(s[iKR], kr, TOL_RETURN, "kr = 2.25 kn muR^2 R*^2");
    CHECK_REL(s[iKTW], ktw, TOL_RETURN, "ktw = 4.5 kt muTw^2 R*^2");
    CHECK_REL(s[iCR], 0.3 * 2 * sqrt(Ir * kr), TOL_RETURN,
              "Cr = etaR 2 sqrt(I_r kr), I_r of the two spheres");
    /* a flat face is infinitely heavy and flat: R* and I_r are the sphere's */
    c.rcurv[0] = INFINITY;
    law->init(p, &c, s);
    CHECK_REL(s[iR], 0.04, TOL_RETURN, "R* of a sphere on a wall");
    CHECK_REL(s[iCR], 0.3 * 2 * sqrt(1.4 * m2 * 0.0016 * 2.25 * 2e6 * 0.04 * 0.0016), TOL_RETURN,
              "Cr with I_r = (7/5) m r^2 of the sphere");
}

/* ---- identical to `linear` in normal and shear --------------------------------------------- */

/* Fixed bodies, every DoF imposed (so both laws see the same kinematics): compress, all six
 * DoFs, then shear and rotations back and forth with the overlap changing. */
static lt_test all_dofs_fixed(lt_stage st[4], cond c[4], const lt_law *law)
{
    lt_test t = linear_test(v3(1, 2, 3), 1);
    t.law = law;
    for (int i = 0; i < law->n_params; i++) t.params[i] = law->params[i].def;
    t.params[LR_P_KN] = 1e6, t.params[LR_P_KT] = 5e5, t.params[LR_P_TANPHI] = 0.3;
    t.body[1].radius = 0.07;
    t.dt = 1e-6;
    const cond cs[4] = {{COND_STEPS, 0, 0, 1000, 0},
                        {COND_STEPS, 0, 0, 3000, 0},
                        {COND_STEPS, 0, 0, 3000, 0},
                        {COND_STEPS, 0, 0, 2000, 0}};
    memcpy(c, cs, sizeof cs);
    st[0] = stage("vvvvvv", -1, 0, 0, 0, 0, 0, &c[0]);
    st[1] = stage("vvvvvv", 0.05, 1, -0.5, 20, 30, -10, &c[1]);
    st[2] = stage("vvvvvv", -0.1, -1.5, 0.7, -40, -15, 25, &c[2]);
    st[3] = stage("vvvvvv", 0.2, 0.3, 1.2, 10, -30, -30, &c[3]);
    t.stages = st;
    t.n_stages = 4;
    return t;
}

static void test_normal_and_shear_identical_to_linear(void)
{
    lt_stage sl[4], sr[4];
    cond cl[4], cr[4];
    lt_test tl = all_dofs_fixed(sl, cl, lt_find_law("linear")),
            tr = all_dofs_fixed(sr, cr, rolling());
    recorded_run a, b;
    record_run(&tl, &a);
    record_run(&tr, &b);
    CHECK_MSG(a.rc == 0 && b.rc == 0, "%s / %s", lt_tester_view(a.T)->err,
              lt_tester_view(b.T)->err);
    CHECK(a.r.n == b.r.n && a.r.n > 9000);
    size_t differ = 0, slipping = 0, torqued = 0, rolled = 0;
    for (size_t i = 0; i < a.r.n && i < b.r.n; i++) {
        const lt_snapshot *x = &a.r.s[i], *y = &b.r.s[i];
        /* the same operations on the same numbers: equal to the last bit */
        for (int k = 0; k < 3; k++) differ += x->f[k] != y->f[k] || x->u[k] != y->u[k];
        differ += x->k[0] != y->k[0] || x->k[1] != y->k[1];
        slipping +=
            i > 0 && fabs(hypot(y->f[1], y->f[2]) - 0.3 * fabs(y->f[0])) < 1e-9 * fabs(y->f[0]);
        torqued += y->f[3] != 0 && y->f[4] != 0 && y->f[5] != 0;
        /* more dissipated than linear's slip */
        rolled += i > 0 && y->energy[1] > a.r.s[i].energy[1];
    }
    CHECK_MSG(differ == 0, "%zu normal/shear values differ from linear's", differ);
    /* the path does exercise slip (after the 1000 compression states without rotation), the torques
     * and plastic rolling or twisting */
    CHECK_MSG(slipping > 100 && torqued > 7000 && rolled > 100, "slip %zu, torqued %zu, rolled %zu",
              slipping, torqued, rolled);
    free_run(&a);
    free_run(&b);
}

/* ---- energy balance ------------------------------------------------------------------------ */

static void test_balance_with_rolling_damping(void)
{
    const lt_law *law = rolling();
    int ne = law->n_energies;
    /* fixed bodies, every DoF imposed, damped rolling */
    lt_stage st[4];
    cond c[4];
    lt_test t = all_dofs_fixed(st, c, law);
    t.params[LR_P_ETAR] = 0.4;
    recorded_run r;
    record_run(&t, &r);
    CHECK_MSG(r.rc == 0, "%s", lt_tester_view(r.T)->err);
    CHECK_ABS(lt_vr_balance(r.T), 0, TOL_BALANCE, "fixed bodies, damped rolling: balance / work");
    /* plast and visc both booked */
    CHECK(lt_tester_view(r.T)->energy[1] > 0 && lt_tester_view(r.T)->energy[2] > 0);
    free_run(&r);
    /* free bodies, unequal, uneven split, a spin: the driver's every-DoF path */
    lt_stage sf[5];
    cond cf[5];
    lt_test f = every_dof_test(sf, cf);
    f.law = law;
    for (int i = 0; i < law->n_params; i++) f.params[i] = law->params[i].def;
    f.params[LR_P_KN] = 1e6, f.params[LR_P_KT] = 5e5, f.params[LR_P_TANPHI] = tan(0.5),
    f.params[LR_P_ETAR] = 0.4;
    f.params[LR_P_MUR] = 0.3, f.params[LR_P_MUTW] = 0.3;
    record_run(&f, &r);
    CHECK_MSG(r.rc == 0, "%s", lt_tester_view(r.T)->err);
    double work = lt_tester_view(r.T)->energy[ne + LT_E_WORK],
           bal = lt_tester_view(r.T)->energy[ne + LT_E_BALANCE];
    CHECK_MSG(fabs(bal) <= TOL_BALANCE * fabs(work),
              "free bodies, damped rolling: balance %g J of work %g J", bal, work);
    CHECK(lt_tester_view(r.T)->energy[2] > 0);
    free_run(&r);
}

/* ---- a sphere on a wall under a constant moment ------------------------------------------- */

typedef struct moment_run {
    rows r;
    lt_tester *T; /* the end state; its test was local to run_sphere_on_wall: not read */
    double I, Mmax, fn, kr;
    double dt; /* s, the run's time step */
    int ne;    /* the law's number of energies */
    int rc;
} moment_run;

/* A free sphere (r = 0.1 m, 2600 kg/m^3) pressed 1 mm into a wall (kn = 1e6 N/m, muR = 0.3,
 * R* = r), overlap and the contact point's tangential velocity held at 0, a moment
 * T_over_max * M_max applied to the sphere about local y for `steps` steps of 1e-5 s, then (if
 * free_steps > 0) as many steps without the moment. */
static void run_sphere_on_wall(double T_over_max, double etaR, long steps, long free_steps,
                               moment_run *m)
{
    const lt_law *law = rolling();
    vec3 n = v3(0.36, 0.48, 0.8);
    lt_test t = lt_default_test();
    t.law = law;
    for (int i = 0; i < law->n_params; i++) t.params[i] = law->params[i].def;
    t.params[LR_P_KN] = 1e6, t.params[LR_P_KT] = 5e5, t.params[LR_P_TANPHI] = 0.5,
    t.params[LR_P_MUR] = 0.3;
    t.params[LR_P_ETAR] = etaR;
    CHECK(lt_body_set_wall(&t.body[0], v3(0, 0, 0), n) == 0);
    t.body[0].fixed = 1;
    lt_body_set_sphere(&t.body[1], 0.1);
    lt_body_mass_props(&t.body[1]);
    t.body[1].fixed = 0;
    t.normal = n;
    t.dt = 1e-5;
    double r = 0.1, delta = 1e-3;
    m->I = 0.4 * t.body[1].mass * r * r;
    m->fn = 1e6 * delta;
    m->Mmax = 0.3 * r * m->fn;
    m->kr = 2.25 * 1e6 * 0.09 * r * r;
    cond c[3] = {{COND_STEPS, 0, 0, 100, 0},
                 {COND_STEPS, 0, 0, steps, 0},
                 {COND_STEPS, 0, 0, free_steps, 0}};
    lt_stage st[3] = {stage("v.....", -delta / (100 * t.dt), 0, 0, 0, 0, 0, &c[0]),
                      stage("vvv.f.", 0, 0, 0, 0, T_over_max * m->Mmax, 0, &c[1]),
                      stage("vvv...", 0, 0, 0, 0, 0, 0, &c[2])};
    t.stages = st;
    t.n_stages = free_steps > 0 ? 3 : 2;
    m->T = lt_tester_new();
    memset(&m->r, 0, sizeof m->r);
    m->rc = m->T ? lt_run(m->T, &t, collect, &m->r) : -1;
    m->dt = t.dt;
    m->ne = t.law->n_energies;
    CHECK_MSG(m->rc == 0, "%s", m->T ? lt_tester_view(m->T)->err : "out of memory");
}

static void test_moment_above_the_limit_rolls(void)
{
    moment_run m;
    const double ratio = 1.5;
    run_sphere_on_wall(ratio, 0, 20000, 0, &m);
    if (m.rc == 0) {
        /* rolling at the limit from where the spring reached it to the end */
        size_t first = 0, n = m.r.n;
        for (size_t i = 0; i < n && !first; i++)
            if (m.r.s[i].stage == 2 && fabs(m.r.s[i].f[4] - m.Mmax) <= TOL_RETURN * m.Mmax)
                first = i;
        CHECK(first > 0 && first < n / 4);
        size_t off = 0;
        for (size_t i = first; i < n; i++)
            off += fabs(m.r.s[i].f[4] - m.Mmax) > TOL_RETURN * m.Mmax;
        CHECK_MSG(off == 0, "%zu states off the limit after the first", off);
        const lt_snapshot *a = &m.r.s[first + 10], *b = &m.r.s[n - 1];
        double alpha = (b->v[4] - a->v[4]) / (b->time - a->time);
        CHECK_REL(alpha, (ratio - 1) * m.Mmax / m.I, TOL_LEAPFROG,
                  "dw/dt = (T - M_max)/I, I = (2/5) m r^2");
        CHECK_REL(-b->f[0], m.fn, 1e-9, "normal force held");
        CHECK_ABS(hypot(b->f[1], b->f[2]), 0, 1e-9 * m.fn,
                  "no shear force: the contact point does not slip");
        int ne = m.ne;
        double work = lt_tester_view(m.T)->energy[ne + LT_E_WORK],
               bal = lt_tester_view(m.T)->energy[ne + LT_E_BALANCE];
        CHECK_MSG(fabs(bal) <= TOL_BALANCE * fabs(work), "balance %g J of work %g J", bal, work);
        /* what the moment did beyond the kinetic energy went into plastic rolling, M_max per radian
         * */
        double theta = b->u[4], plast = lt_tester_view(m.T)->energy[1];
        /* the trapezoid dissipation differs from it only on the onset step, by <= kr dtheta^2/8
         * (docs/energy.md), dtheta <= w dt at the end (the fastest step) */
        double dth = b->v[4] * m.dt, tol = m.kr * dth * dth / 8 / (m.Mmax * theta) + TOL_RETURN;
        CHECK_REL(plast, m.Mmax * (theta - m.Mmax / m.kr), tol,
                  "plastic rolling M_max (theta - M_max/kr)");
    }
    free(m.r.s);
    lt_tester_free(m.T);
}

static void test_moment_below_the_limit_stops(void)
{
    moment_run m;
    const double ratio = 0.6;
    run_sphere_on_wall(ratio, 0.5, 30000, 0, &m);
    if (m.rc == 0) {
        const lt_snapshot *b = &m.r.s[m.r.n - 1];
        double M = ratio * m.Mmax,
               w_scale = M / sqrt(m.kr * m.I); /* peak rate of the undamped swing */
        CHECK_ABS(b->v[4], 0, TOL_REST * w_scale, "at rest");
        CHECK_REL(b->f[4], M, TOL_REST, "the rolling spring carries the applied moment");
        CHECK_REL(b->u[4], M / m.kr, TOL_REST, "at theta = T/kr");
        CHECK(lt_tester_view(m.T)->energy[1] == 0); /* never rolled plastically */
        CHECK(lt_tester_view(m.T)->energy[2] > 0);  /* the damping took the swing */
        int ne = m.ne;
        double work = lt_tester_view(m.T)->energy[ne + LT_E_WORK],
               bal = lt_tester_view(m.T)->energy[ne + LT_E_BALANCE];
        CHECK_MSG(fabs(bal) <= TOL_BALANCE * fabs(work), "balance %g J of work %g J", bal, work);
    }
    free(m.r.s);
    lt_tester_free(m.T);
}

/* Free rolling oscillation (started by 0.3 M_max for 2 ms, then no moment; amplitude ~2 mrad,
 * inside the elastic range M_max/kr = 15 mrad): Ai et al.'s C_r = eta_r 2 sqrt(I_r kr) uses I_r =
 * (7/5) m r^2, the inertia about the contact point, while the sphere here turns about its centre (I
 * = (2/5) m r^2, see the head of the file), so its damping ratio is zeta = eta_r sqrt(I_r/I) =
 * eta_r sqrt(7/2): successive maxima of theta fall by exp(2 pi zeta/sqrt(1 - zeta^2)). */
static void test_rolling_damping_ratio(void)
{
    moment_run m;
    const double etaR = 0.05, zeta = etaR * sqrt(3.5);
    run_sphere_on_wall(0.3, etaR, 200, 8000, &m);
    if (m.rc == 0) {
        double peak[2];
        int found = 0;
        for (size_t i = 1; i + 1 < m.r.n && found < 2; i++) {
            const lt_snapshot *a = &m.r.s[i - 1], *b = &m.r.s[i], *c = &m.r.s[i + 1];
            if (b->stage != 3 || !(b->u[4] > a->u[4] && b->u[4] >= c->u[4])) continue;
            double den = a->u[4] - 2 * b->u[4] + c->u[4]; /* the parabola through the three */
            peak[found++] = b->u[4] - (c->u[4] - a->u[4]) * (c->u[4] - a->u[4]) / (8 * den);
        }
        CHECK(found == 2);
        if (found == 2) {
            double delta = log(peak[0] / peak[1]);
            CHECK_REL(delta / sqrt(4 * LT_TEST_PI * LT_TEST_PI + delta * delta), zeta, TOL_DAMPING,
                      "damping ratio eta_r sqrt(I_r/I) from the logarithmic decrement");
        }
        /* elastic throughout; damped */
        CHECK(lt_tester_view(m.T)->energy[1] == 0 && lt_tester_view(m.T)->energy[2] > 0);
    }
    free(m.r.s);
    lt_tester_free(m.T);
}

const test_case rolling_tests[] = {
    TEST(registered),
    TEST(cycle_cases_on_their_dof),
    TEST(default_stiffness_and_damping),
    TEST(normal_and_shear_identical_to_linear),
    TEST(balance_with_rolling_damping),
    TEST(moment_above_the_limit_rolls),
    TEST(moment_below_the_limit_stops),
    TEST(rolling_damping_ratio),
    {0, 0},
};
