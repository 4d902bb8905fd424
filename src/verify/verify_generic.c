/* src/verify/verify_generic.c - the checks every law gets without asking (SI units):
 *   generic-touch        the force is continuous at touch (an adhesive law, attractive at touch:
 *                        has a limit there) and compressive in overlap;
 *   generic-path         a six-DoF path (approach, compress, shear and rotate, pull apart) with
 *                        unequal radii: finite output, action-reaction and moment balance of
 *                        the forces on the bodies, no force and no stored energy without
 *                        contact, energy balance;
 *   generic-objectivity  the loaded contact turned rigidly by 1 rad about an oblique axis keeps
 *                        its local forces and torques;
 *   generic-closed-loop  for a law without dissipated energies: zero net work around a closed
 *                        loop through all six DoFs (lt_vr_closed_loop, also used by law cases).
 * Defaults of the law's parameters (or the values of --set, lt_verify_opts.set), default materials
 * (src/driver/driver.c), spheres of 0.1 m (A) and 0.05 m (B), dt = 1e-6 s.
 */
#include "base/guard.h"
#include "base/watch.h"
#include "contact/host.h"
#include "contact/stiffness.h"
#include "verify/verify_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OVERLAP LT_VR_OVERLAP
#define SPEED 0.5 /* m/s: 1000 steps of 1e-6 s per overlap */
#define LEG_STEPS 1000L

/* Energy balance of every generic run: the energy rule of docs/energy.md, <= 1e-9 of the work. */
#define TOL_BALANCE 1e-9
#define WHY_BALANCE "docs/energy.md: <= 1e-9 of the work; round-off of ~1e4 steps is ~1e-12"
/* A force F ~ delta^p with p >= 1/2 has F(1e-9 r)/F(1e-3 r) <= (1e-6)^(1/2). */
#define TOL_TOUCH 1e-3
/* Sums of two forces or moments built from the same numbers: round-off, ~1e-15 of the scale. */
#define TOL_SUM 1e-12
/* Rigid rotation by A = 1 rad at theta = |W| dt = 1e-5 rad per step: the driver's contact
 * velocity for a rotating pair has a spurious part |W|^3 dt^2 |d|/12 (d = 0.15 m), moving the
 * springs by A theta^2 |d|/12 = 1.3e-12 m, i.e. (kt/kn) 2.5e-9 of the force at 5e-4 m overlap;
 * the frame's transport adds the same order.  1e-8 leaves a margin of 4. */
#define TOL_OBJECTIVITY 1e-8
/* A torque beyond the moment of the force that is only the round-off of that moment: an engine's
 * moment r x F and lawtester's b x F differ by a few ulp of |F| r (2e-16 each), 1e-12 with room. */
#define TOL_MOMENT_ROUNDOFF 1e-12

/* ---- generic-touch: the law on hand-made contacts ------------------------------------- */

/* The law's state and response in guarded blocks (src/base/guard.h), as the driver gives them: a
 * law writing past either faults at that write, named (docs/reliability.md, "Guarded memory");
 * unguarded on the stack when they cannot be mapped. */
/* A hosted law's force at overlap -uN: its engine (src/contact/host.h) on the same two spheres at
 * rest, A at the origin, B along +x (the local frame is the global one), a contact of its own. */
static void hosted_force_at(const lt_host *h, const double *p, double uN, double f[LT_DOF])
{
    lt_material m = lt_default_test().body[0].mat;
    lt_host_pair pair = {.param = p, .radius = {VR_RADIUS_A, VR_RADIUS_B}, .dt = VR_DT};
    double d = VR_RADIUS_A + VR_RADIUS_B + uN;
    pair.x[0][0] = -d / 2, pair.x[1][0] = d / 2;
    for (int i = 0; i < 2; i++) {
        double r = pair.radius[i];
        pair.mass[i] = m.density * 4.0 / 3.0 * LT_PI * r * r * r;
    }
    lt_host_out o = {0};
    char err[600];
    memset(f, 0, LT_DOF * sizeof *f);
    lt_watch_enter(LT_CALL_INIT);
    int rc = h->begin(h->ctx, &pair, err, sizeof err);
    lt_watch_leave();
    lt_watch_enter(LT_CALL_STEP);
    if (rc == 0) rc = h->step(h->ctx, &pair, &o, err, sizeof err);
    lt_watch_leave();
    if (rc < 0 || !o.touching) {
        for (int k = 0; k < LT_DOF && rc < 0; k++) f[k] = NAN;
        return;
    }
    for (int k = 0; k < 3; k++) f[k] = o.f[0][k]; /* no moment: the branch lies along the force */
    for (int k = 0; k < 3; k++) f[3 + k] = o.t[0][k];
}

static void force_at(const lt_law *law, const double *p, double uN, double f[LT_DOF])
{
    const lt_host *h = lt_law_host(law);
    if (h) {
        hosted_force_at(h, p, uN, f);
        return;
    }
    lt_material m = lt_default_test().body[0].mat;
    lt_contact c = {0};
    double s_stack[LT_MAX_STATE] = {0};
    lt_response r_stack = {0};
    int n_state = law->n_state > 0 && law->n_state <= LT_MAX_STATE ? law->n_state : 0;
    char what[LT_GUARD_WHAT];
    snprintf(what, sizeof what, "its state (%d value%s declared)", n_state,
             n_state == 1 ? "" : "s");
    double *s_guarded = lt_guard_alloc((size_t)n_state * sizeof(double), what);
    lt_response *r_guarded = lt_guard_alloc(sizeof(lt_response), "its response (lt_response)");
    double *s = s_guarded ? s_guarded : s_stack;
    lt_response *r = r_guarded ? r_guarded : &r_stack;
    c.uN = uN;
    c.dt = VR_DT;
    c.lens[0] = c.rcurv[0] = VR_RADIUS_A;
    c.lens[1] = c.rcurv[1] = VR_RADIUS_B;
    c.contA = LT_PI * VR_RADIUS_B * VR_RADIUS_B;
    c.mat[0] = c.mat[1] = &m;
    lt_stiffness rule = lt_stiffness_default();
    lt_stiff_result sr;
    lt_stiffness_eval(&rule, &m, &m, c.lens, 0.0, &sr); /* cannot fail: raw lengths */
    c.kn = sr.kn, c.kt = sr.kt, c.tanPhi = sr.tanPhi;
    c.mstar = 1.0;
    c.fresh = 1;
    lt_watch_enter(LT_CALL_INIT);
    law->init(p, &c, s);
    lt_watch_leave();
    lt_watch_enter(LT_CALL_STEP);
    int alive = law->step(p, &c, s, r);
    lt_watch_leave();
    if (!alive) memset(r, 0, sizeof *r);
    memcpy(f, r->f, sizeof r->f);
    lt_guard_free(s_guarded);
    lt_guard_free(r_guarded);
}

static void touch(vr_ctx *v)
{
    const char *k = "generic-touch";
    lt_test t = lt_vr_base_test(v);
    double f0[LT_DOF], f1[LT_DOF];
    force_at(v->law, t.params, -1e-9 * VR_RADIUS_B, f0);
    force_at(v->law, t.params, -1e-3 * VR_RADIUS_B, f1);
    double n0 = hypot(f0[0], hypot(f0[1], f0[2])), n1 = hypot(f1[0], hypot(f1[1], f1[2]));
    if (f0[0] > 0) {
        /* an adhesive law pulls at touch: it jumps onto its attractive branch there (JKR, DMT:
         * Johnson, Kendall & Roberts 1971), so the force is not continuous at touch; it must
         * still have a finite limit there, F(2e-9 r) - F(1e-9 r) ~ kn 1e-9 r */
        double f2[LT_DOF];
        force_at(v->law, t.params, -2e-9 * VR_RADIUS_B, f2);
        double d = hypot(f2[0] - f0[0], hypot(f2[1] - f0[1], f2[2] - f0[2]));
        lt_vr_row(v, k, "F(2e-9r)-F(1e-9r)", LT_CHECK_ABS, 0, n1 > 0 ? d / n1 : NAN, TOL_TOUCH,
                  "an adhesive law's force has a limit at touch");
    } else
        lt_vr_row(v, k, "F(1e-9r)/F(1e-3r)", LT_CHECK_ABS, 0, n1 > 0 ? n0 / n1 : NAN, TOL_TOUCH,
                  "continuous at touch: F ~ delta^p, p >= 1/2");
    lt_vr_row(v, k, "Fn<0 in overlap", LT_CHECK_ABS, 0, f1[0] < 0 ? 0 : 1, 0,
              "compression is negative on A (law.h)");
    /* the same measurements under the names of docs/verify.md's "checks that need no help
     * from the law" (the rows above keep their names) */
    if (f0[0] > 0) {
        double f2[LT_DOF];
        force_at(v->law, t.params, -2e-9 * VR_RADIUS_B, f2);
        double d = hypot(f2[0] - f0[0], hypot(f2[1] - f0[1], f2[2] - f0[2]));
        lt_vr_row(
            v, k, "limit at touch", LT_CHECK_ABS, 0, n1 > 0 ? d / n1 : NAN, TOL_TOUCH,
            "|F(2e-9r) - F(1e-9r)| / |F(1e-3r)|: an adhesive law's force has a limit at touch");
    } else
        lt_vr_row(v, k, "continuity at touch", LT_CHECK_ABS, 0, n1 > 0 ? n0 / n1 : NAN, TOL_TOUCH,
                  "|F(1e-9r)| / |F(1e-3r)|: the force goes to zero with the overlap, F ~ delta^p, "
                  "p >= 1/2");
}

/* ---- generic-path ------------------------------------------------------------------------ */

typedef struct path_trace {
    long nonfinite;
    double fmax, mmax;           /* N, N m: scales */
    double sum_f, sum_m;         /* N, N m: largest residuals */
    double f_without, e_without; /* largest |f| and stored energy while out of contact */
    double bal_max, work_max;    /* J: largest |balance_err| and |work| over the path */
    int had_contact;
    vr_passive pass; /* the path runs apart to apart: its passivity */
} path_trace;

static void path_row(void *ctx, const lt_tester *tester, const lt_snapshot *s)
{
    const lt_view *t = lt_tester_view(tester);
    path_trace *p = ctx;
    const lt_law *law = t->test->law;
    lt_vr_passive_see(&p->pass, tester, s);
    for (int k = 0; k < LT_DOF; k++)
        p->nonfinite += !isfinite(s->f[k]) + !isfinite(s->u[k]) + !isfinite(s->v[k]);
    for (int i = 0; i < lt_energy_count(law); i++) p->nonfinite += !isfinite(s->energy[i]);
    p->nonfinite += !isfinite(s->k[0]) + !isfinite(s->k[1]);
    /* the balance over the whole path, not only at its end: a law whose stored energy is wrong
     * but returns to zero with the contact balances at the end and not on the way */
    int ne = law->n_energies;
    p->bal_max = fmax(p->bal_max, fabs(s->energy[ne + LT_E_BALANCE]));
    p->work_max = fmax(p->work_max, fabs(s->energy[ne + LT_E_WORK]));
    vec3 F = v3_add(t->force_now[0][0], t->force_now[1][0]);
    vec3 M = v3(0, 0, 0);
    for (int i = 0; i < 2; i++)
        M = v3_add(M, v3_add(v3_cross(t->body[i].pos, t->force_now[i][0]), t->force_now[i][1]));
    p->fmax = fmax(p->fmax, v3_norm(t->force_now[0][0]));
    p->mmax = fmax(p->mmax, v3_norm(t->force_now[0][1]) + v3_norm(t->force_now[1][1]));
    p->sum_f = fmax(p->sum_f, v3_norm(F));
    p->sum_m = fmax(p->sum_m, v3_norm(M));
    if (s->contact)
        p->had_contact = 1;
    else {
        for (int k = 0; k < LT_DOF; k++) p->f_without = fmax(p->f_without, fabs(s->f[k]));
        for (int i = 0; i < law->n_energies; i++)
            if (law->energies[i].kind == LT_STORED)
                p->e_without = fmax(p->e_without, fabs(s->energy[i]));
    }
}

static void path(vr_ctx *v)
{
    const char *k = "generic-path";
    lt_test t = lt_vr_base_test(v);
    double gap = 1e-5;
    t.gap = gap;
    long n1 = (long)((gap + OVERLAP) / (SPEED * VR_DT) + 0.5);
    vr_until u1 = {.kind = VR_UNTIL_STEPS, .n = n1}, u2 = {.kind = VR_UNTIL_STEPS, .n = LEG_STEPS},
             u3 = {.kind = VR_UNTIL_NO_CONTACT, .n = 4 * n1},
             u4 = {.kind = VR_UNTIL_STEPS, .n = 20};
    const double in[LT_DOF] = {-SPEED}, shear[LT_DOF] = {0, SPEED, -SPEED / 2, 1.0, 0.5, -1.0},
                 out[LT_DOF] = {SPEED};
    lt_stage st[4] = {lt_vr_stage("vvvvvv", in, &u1), lt_vr_stage("vvvvvv", shear, &u2),
                      lt_vr_stage("vvvvvv", out, &u3), lt_vr_stage("vvvvvv", out, &u4)};
    t.stages = st;
    t.n_stages = 4;
    lt_tester *T = lt_tester_new();
    path_trace p;
    memset(&p, 0, sizeof p);
    if (!T || lt_run(T, &t, path_row, &p) < 0) {
        lt_vr_fail(v, k, "run", T ? lt_tester_view(T)->err : "out of memory");
        lt_tester_free(T);
        return;
    }
    lt_vr_row(v, k, "non-finite values", LT_CHECK_ABS, 0, (double)p.nonfinite, 0, "");
    lt_vr_row(v, k, "action-reaction", LT_CHECK_ABS, 0, p.fmax > 0 ? p.sum_f / p.fmax : NAN,
              TOL_SUM, "|F_A + F_B| / max|F|: round-off");
    lt_vr_row(v, k, "moment balance", LT_CHECK_ABS, 0,
              p.fmax > 0 ? p.sum_m / (p.fmax * (VR_RADIUS_A + VR_RADIUS_B) + p.mmax) : NAN, TOL_SUM,
              "|sum of moments about the origin| / (max|F| (rA + rB) + max|T|): round-off");
    lt_vr_row(v, k, "force w/o contact", LT_CHECK_ABS, 0, p.f_without, 0, "exactly zero");
    lt_vr_row(v, k, "stored w/o contact", LT_CHECK_ABS, 0, p.e_without, 0, "exactly zero");
    double bal = p.work_max > 0 ? p.bal_max / p.work_max : p.bal_max;
    lt_vr_balance_row(v, k, "balance", fmax(bal, lt_vr_balance(T)), TOL_BALANCE,
                      WHY_BALANCE " (largest over the path)");
    lt_vr_passive_rows(v, k, &p.pass);
    lt_tester_free(T);
}

/* ---- generic-objectivity ------------------------------------------------------------------ */

typedef struct obj_trace {
    double before[LT_DOF], after[LT_DOF];     /* N, N m: the local force and torque */
    double u_before[LT_DOF], u_after[LT_DOF]; /* m, rad: the local displacements */
    double k[2];                              /* N/m: the largest stiffness the law reported */
    double balance;                           /* lt_vr_balance of the run */
} obj_trace;

static void obj_row(void *ctx, const lt_tester *tester, const lt_snapshot *s)
{
    obj_trace *o = ctx;
    (void)tester;
    if (s->stage == 3) {
        memcpy(o->before, s->f, sizeof o->before);
        memcpy(o->u_before, s->u, sizeof o->u_before);
    }
    if (s->stage == 4) {
        memcpy(o->after, s->f, sizeof o->after);
        memcpy(o->u_after, s->u, sizeof o->u_after);
    }
    if (s->stage >= 3)
        for (int i = 0; i < 2; i++) o->k[i] = fmax(o->k[i], fabs(s->k[i]));
}

/* The largest change of the local force over the turn that the driver's own spurious motion
 * explains: the law's reported stiffness (lt_response.k, normal and tangential) times the
 * change of the local displacements over the turn, which a rigid turn leaves at zero but for
 * the driver's spurious slip (TOL_OBJECTIVITY) and the round-off of the positions.  A law whose
 * unloading is stiff (walton_braun: kn/en^2) turns a spurious 1e-13 m into a visible force. */
static double obj_explained(const obj_trace *o)
{
    double dn = fabs(o->u_after[0] - o->u_before[0]),
           dt = hypot(o->u_after[1] - o->u_before[1], o->u_after[2] - o->u_before[2]);
    return o->k[0] * dn + o->k[1] * dt;
}

static void objectivity(vr_ctx *v)
{
    const char *k = "generic-objectivity";
    lt_test t = lt_vr_base_test(v);
    long n1 = (long)(OVERLAP / (SPEED * VR_DT) + 0.5),
         nspin = 100000; /* 1 rad at 1e-5 rad per step */
    vr_until u1 = {.kind = VR_UNTIL_STEPS, .n = n1}, u2 = {.kind = VR_UNTIL_STEPS, .n = LEG_STEPS},
             u3 = {.kind = VR_UNTIL_STEPS, .n = 10}, u4 = {.kind = VR_UNTIL_STEPS, .n = nspin};
    const double in[LT_DOF] = {-SPEED}, shear[LT_DOF] = {0, SPEED / 4, -SPEED / 8, 1.0, 0.5, -1.0},
                 hold[LT_DOF] = {0};
    lt_stage st[4] = {lt_vr_stage("vvvvvv", in, &u1), lt_vr_stage("vvvvvv", shear, &u2),
                      lt_vr_stage("vvvvvv", hold, &u3), lt_vr_stage("vvvvvv", hold, &u4)};
    st[3].spin = v3_scale(v3_normalized(v3(1, -2, 3)), 1.0 / (VR_DT * (double)nspin));
    t.stages = st;
    t.n_stages = 4;
    t.record_every = nspin; /* rows at the end of each stage are enough here */
    lt_tester *T = lt_tester_new();
    obj_trace o = {0};
    if (!T || lt_run(T, &t, obj_row, &o) < 0) {
        lt_vr_fail(v, k, "run", T ? lt_tester_view(T)->err : "out of memory");
        lt_tester_free(T);
        return;
    }
    double fs = hypot(o.before[0], hypot(o.before[1], o.before[2]));
    double ts = hypot(o.before[3], hypot(o.before[4], o.before[5]));
    double df = 0, dm = 0;
    for (int j = 0; j < 3; j++) df = fmax(df, fabs(o.after[j] - o.before[j]));
    for (int j = 3; j < 6; j++) dm = fmax(dm, fabs(o.after[j] - o.before[j]));
    /* the tolerance: TOL_OBJECTIVITY, or what the spurious motion explains, twice, if more */
    double explained = fs > 0 ? 2 * obj_explained(&o) / fs : 0,
           tol = fmax(TOL_OBJECTIVITY, explained);
    char why[400];
    snprintf(why, sizeof why,
             "max |F_after - F_before| / |F|: A theta^2 |d|/12 spurious slip; or twice the law's "
             "stiffness (k = %.3g, %.3g N/m) times the change of the local displacements over the "
             "turn, %.3g of |F|, if more",
             o.k[0], o.k[1], explained / 2);
    lt_vr_row(v, k, "local force", LT_CHECK_ABS, 0, fs > 0 ? df / fs : NAN, tol, why);
    /* a torque of round-off only: a hosted law's engine computes the moment of its force with
     * its own arithmetic, so what is left beyond b x F is round-off of that moment */
    double moment = fs * (VR_RADIUS_A + VR_RADIUS_B),
           ta = hypot(o.after[3], hypot(o.after[4], o.after[5]));
    if ((ts > 0 || ta > 0) && ts <= TOL_MOMENT_ROUNDOFF * moment &&
        ta <= TOL_MOMENT_ROUNDOFF * moment)
        lt_vr_row(v, k, "local torque", LT_CHECK_ABS, 0, fmax(fmax(ts, ta), dm) / moment,
                  TOL_MOMENT_ROUNDOFF,
                  "the law's torque is round-off of its force's moment (|T| / |F| (r1 + r2)): it "
                  "has none");
    else if (ts > 0)
        lt_vr_row(v, k, "local torque", LT_CHECK_ABS, 0, dm / ts, TOL_OBJECTIVITY,
                  "max |T_after - T_before| / |T|: as the force");
    else
        lt_vr_row(v, k, "local torque", LT_CHECK_ABS, 0, dm, 0,
                  "the law has no torque: stays exactly zero");
    lt_vr_balance_row(v, k, "balance", lt_vr_balance(T), TOL_BALANCE, WHY_BALANCE);
    lt_tester_free(T);
}

/* ---- closed loops ---------------------------------------------------------------------- */

typedef struct loop_trace {
    int stage_first, stage_last; /* the loop's legs */
    double w0, w1;               /* work - kin at the loop's start and end */
    double emax;                 /* largest stored energy on the loop */
    int have0;
} loop_trace;

static void loop_row(void *ctx, const lt_tester *tester, const lt_snapshot *s)
{
    const lt_view *t = lt_tester_view(tester);
    loop_trace *l = ctx;
    const lt_law *law = t->test->law;
    int ne = law->n_energies;
    double wk = s->energy[ne + LT_E_WORK] - s->energy[ne + LT_E_KIN];
    if (s->stage == l->stage_first - 1)
        l->w0 = wk, l->have0 = 1; /* the last state before the loop */
    if (s->stage >= l->stage_first && s->stage <= l->stage_last) {
        l->w1 = wk;
        double e = 0;
        for (int i = 0; i < ne; i++)
            if (law->energies[i].kind == LT_STORED) e += s->energy[i];
        l->emax = fmax(l->emax, e);
    }
}

/* The loop's stages (2n + 2 of them, n the looped DoFs) into st, u; returns their count. */
static int loop_stages(lt_test *t, const char *dofs, double overlap, double amp, long steps,
                       lt_stage *st, vr_until *u, double (*vel)[LT_DOF])
{
    t->body[0].fixed = t->body[1].fixed = 1;
    t->gap = 0;
    int legs[LT_DOF], n = 0;
    for (int k = 0; k < LT_DOF; k++)
        if (dofs[k] == 'v') legs[n++] = k;
    memset(vel, 0, (size_t)(2 * LT_DOF + 2) * sizeof *vel);
    vel[0][0] = -overlap / ((double)steps * t->dt);
    for (int j = 0; j < 2 * n; j++) /* +a, +b, ..., then -a, -b, ...: encloses area in each pair */
        vel[j + 1][legs[j % n]] =
            (j < n ? 1 : -1) * amp / ((double)steps * t->dt) * (legs[j % n] == 0 ? -1 : 1);
    for (int j = 0; j < 2 * n + 2; j++) {
        u[j] = (vr_until){.kind = VR_UNTIL_STEPS, .n = j == 2 * n + 1 ? 1 : steps};
        st[j] = lt_vr_stage("vvvvvv", vel[j], &u[j]);
    }
    return 2 * n + 2;
}

static void passive_row(void *ctx, const lt_tester *t, const lt_snapshot *s)
{
    lt_vr_passive_see(ctx, t, s);
}

/* The loop again, then unloaded until the contact ends and 20 steps apart: from touch to apart,
 * its passivity (verify_passivity.c). */
static void closed_loop_passivity(vr_ctx *v, const char *kase, const lt_test *proto,
                                  const char *dofs, double overlap, double amp, long steps)
{
    lt_test t = *proto;
    lt_stage st[2 * LT_DOF + 4];
    vr_until u[2 * LT_DOF + 4];
    double vel[2 * LT_DOF + 4][LT_DOF];
    int n = loop_stages(&t, dofs, overlap, amp, steps, st, u, vel);
    const double out[LT_DOF] = {overlap / ((double)steps * t.dt)};
    /* the loop may have pushed in: pulled out until apart, or held past 4 times that far */
    u[n] = (vr_until){.kind = VR_UNTIL_NO_CONTACT,
                      .n = 4 * steps + 4 * (long)((double)steps * amp / overlap) + 100};
    u[n + 1] = (vr_until){.kind = VR_UNTIL_STEPS, .n = 20};
    st[n] = lt_vr_stage("vvvvvv", out, &u[n]);
    st[n + 1] = lt_vr_stage("vvvvvv", out, &u[n + 1]);
    t.stages = st;
    t.n_stages = n + 2;
    vr_passive p;
    memset(&p, 0, sizeof p);
    t.gap = 1e-9 * overlap; /* the path starts apart, a hair before touch */
    lt_tester *T = lt_tester_new();
    if (!T || lt_run(T, &t, passive_row, &p) < 0)
        lt_vr_fail(v, kase, "run", T ? lt_tester_view(T)->err : "out of memory");
    else
        lt_vr_passive_rows(v, kase, &p);
    lt_tester_free(T);
}

/* The rows the loop always had: net work over the loop, balance. */
static void closed_loop_rows(vr_ctx *v, const char *kase, const lt_test *proto, const char *dofs,
                             double overlap, double amp, long steps, double tol, const char *why)
{
    lt_test t = *proto;
    lt_stage st[2 * LT_DOF + 2];
    vr_until u[2 * LT_DOF + 2];
    double vel[2 * LT_DOF + 2][LT_DOF];
    int n = loop_stages(&t, dofs, overlap, amp, steps, st, u, vel);
    t.stages = st;
    t.n_stages = n;
    loop_trace l = {.stage_first = 2, .stage_last = n - 1};
    lt_tester *T = lt_tester_new();
    if (!T || lt_run(T, &t, loop_row, &l) < 0) {
        lt_vr_fail(v, kase, "run", T ? lt_tester_view(T)->err : "out of memory");
        lt_tester_free(T);
        return;
    }
    if (v->law->n_energies == 0) /* no stored energy to scale by, nor a claim of elasticity */
        lt_vr_na(v, kase, "net work",
                 "the law books no energies, so nothing says it is elastic; `passivity` bounds its "
                 "net work");
    else
        lt_vr_row(v, kase, "net work", LT_CHECK_ABS, 0,
                  l.emax > 0 && l.have0 ? fabs(l.w1 - l.w0) / l.emax : NAN, tol, why);
    lt_vr_balance_row(v, kase, "balance", lt_vr_balance(T), TOL_BALANCE, WHY_BALANCE);
    lt_tester_free(T);
}

void lt_vr_closed_loop(vr_ctx *v, const char *kase, const lt_test *proto, const char *dofs,
                       double overlap, double amp, long steps, double tol, const char *why)
{
    closed_loop_rows(v, kase, proto, dofs, overlap, amp, steps, tol, why);
    closed_loop_passivity(v, kase, proto, dofs, overlap, amp, steps);
}

static int dissipates(const lt_law *law)
{
    for (int i = 0; i < law->n_energies; i++)
        if (law->energies[i].kind == LT_DISSIPATED) return 1;
    return 0;
}

void lt_vr_generic(vr_ctx *v)
{
    if (lt_vr_selected(v, "generic-touch")) touch(v);
    if (lt_vr_selected(v, "generic-path")) path(v);
    if (lt_vr_selected(v, "generic-objectivity")) objectivity(v);
    if (lt_vr_selected(v, "generic-closed-loop")) {
        lt_test t = lt_vr_base_test(v);
        /* linear springs, trapezoid work exact: only round-off of ~1e4 steps, 1e-12 */
        if (!dissipates(v->law))
            lt_vr_closed_loop(v, "generic-closed-loop", &t, "vvvvvv", OVERLAP, OVERLAP / 2,
                              LEG_STEPS, 1e-9,
                              "no dissipated energy: elastic; round-off of 1e4 steps ~1e-12");
        else /* a dissipating law is not elastic around the loop, but passive */
            closed_loop_passivity(v, "generic-closed-loop", &t, "vvvvvv", OVERLAP, OVERLAP / 2,
                                  LEG_STEPS);
    }
    lt_vr_passivity(v);
}
