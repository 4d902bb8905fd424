/* tests/test_driver.c - the driver in plain C (no Lua): analytic compress-shear-unload of the
 * linear law for several contact normals and for sphere-wall, sphere-facet and sphere-capsule
 * contacts at oblique orientations, independence of the six DoFs, rebound detection with an
 * 'i' stage (also of a free capsule), force control, the max_steps guard, and the energy
 * balance. */
#include "check.h"
#include "contact/registry.h"
#include "drive.h"
#include "driver/driver_int.h"
#include <stdlib.h>

/* Analytic compress-shear-unload (the demo's path: kn = 1e6, kt = 5e5, tanPhi = tan 0.5, overlap
 * 1e-3 at 1 m/s, shear 3e-3 at 1 m/s, unload at 1 m/s; dt = 1e-6 s, 1000 steps per mm).
 * Expected values are closed forms of the imposed path (uN = -v t, u_t = v t), not the
 * recorded displacements.  Tolerance 1e-9 of the force scale: the paths accumulate ~5000
 * roundings of 1e-16 and the frame turns by at most 1.5e-2 rad, 7.5e-6 rad per step; the
 * mid-step projection leaves an error of order (7.5e-6)^2 per step. */
#define TOL_PATH 1e-9
#define F_SCALE 1000.0 /* N: kn times the 1e-3 m overlap */
/* Energy balance on every shipped path: docs/energy.md asks <= 1e-9 of the total work. */
#define TOL_BALANCE 1e-9

static void run_csu_test(lt_test t, const char *label)
{
    cond c1 = {COND_UN_BELOW, 0, -1e-3, 0, 0}, c2 = {COND_U_ABOVE, 1, 3e-3, 0, 0},
         c3 = {COND_NO_CONTACT, 0, 0, 0, 0};
    lt_stage st[3] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c1),
                      stage("vv....", 0, 1, 0, 0, 0, 0, &c2),
                      stage("vv....", 1, 0, 0, 0, 0, 0, &c3)};
    t.stages = st;
    t.n_stages = 3;
    lt_tester *T = calloc(1, sizeof *T);
    rows r = {0};
    int rc = lt_run(T, &t, collect, &r);
    CHECK_MSG(rc == 0, "%s: run failed: %s", label, T->view.err);
    double kn = 1e6, kt = 5e5, mu = tan(0.5), dt = 1e-6;
    long s1 = -1, s2 = -1; /* last step of stages 1 and 2 */
    for (size_t i = 0; i < r.n; i++) {
        if (r.s[i].stage == 1) s1 = r.s[i].step;
        if (r.s[i].stage == 2) s2 = r.s[i].step;
    }
    CHECK_MSG(s1 == 1000 || s1 == 1001, "%s: stage 1 ended at step %ld", label, s1);
    double worst_f = 0, worst_t = 0;
    for (size_t i = 0; i < r.n; i++) {
        const lt_snapshot *s = &r.s[i];
        if (!s->contact || s->stage == 0) continue;
        double uN, ut;
        if (s->stage == 1)
            uN = -dt * (double)s->step, ut = 0;
        else if (s->stage == 2)
            uN = -dt * (double)s1, ut = dt * (double)(s->step - s1);
        else
            uN = -dt * (double)s1 + dt * (double)(s->step - s2), ut = dt * (double)(s2 - s1);
        double fn = kn * uN;
        double ft = kt * ut;
        if (s->stage == 3 || ft > mu * fabs(fn)) ft = mu * fabs(fn); /* on the Coulomb line */
        /* errors relative to the force scale of the test (kn * 1 mm = 1000 N): round-off in
         * uN is absolute, so near uN = 0 a pointwise relative error means nothing */
        double ef = fabs(s->f[0] - fn) / F_SCALE;
        double et = fabs(hypot(s->f[1], s->f[2]) - ft) / F_SCALE;
        if (ef > worst_f) worst_f = ef;
        if (et > worst_t) worst_t = et;
        CHECK_MSG(fabs(s->f[2]) <= 1e-9 * fabs(fn) + 1e-12, "%s: Ftz %g at step %ld", label,
                  s->f[2], s->step);
    }
    CHECK_MSG(worst_f <= TOL_PATH, "%s: Fn off kn uN by %.3g relative", label, worst_f);
    CHECK_MSG(worst_t <= TOL_PATH, "%s: Ft off its analytic path by %.3g relative", label, worst_t);
    /* dissipation: slip at constant fy over the sliding part of stage 2, then the tangential
     * elastic energy released along the shrinking yield surface in stage 3, down to the last
     * state in contact; the default dissipation is exact but at the onset of slip, where it
     * errs by <= kt du^2/8 = 5.6e-7 J (4e-7 relative), hence 1e-6 */
    double fy = mu * kn * dt * (double)s1;
    double slip = dt * (double)(s2 - s1) - fy / kt;
    const lt_snapshot *last = &r.s[r.n - 1], *last_contact = last;
    while (last_contact > r.s && !last_contact->contact) last_contact--;
    double ft_end = hypot(last_contact->f[1], last_contact->f[2]); /* released at breakage (brk) */
    double plast = fy * slip + (fy * fy - ft_end * ft_end) / (2 * kt);
    int ne = t.law->n_energies;
    CHECK_REL(last->energy[1], plast, 1e-6,
              "plast against the analytic dissipation (docs/energy.md: <= 1e-6)");
    double work = last->energy[ne + LT_E_WORK], bal = last->energy[ne + LT_E_BALANCE];
    CHECK_MSG(fabs(bal) <= TOL_BALANCE * fabs(work), "%s: balance error %.3g J of work %.3g J",
              label, bal, work);
    free(r.s);
    free(T);
}

static void run_csu(vec3 normal, int fixed, const char *label)
{
    run_csu_test(linear_test(normal, fixed), label);
}

static void test_csu_normal_x(void) { run_csu(v3(1, 0, 0), 0, "normal x"); }
static void test_csu_normal_z(void) { run_csu(v3(0, 0, 1), 0, "normal z"); }
static void test_csu_normal_minus_y(void) { run_csu(v3(0, -1, 0), 0, "normal -y"); }
static void test_csu_oblique(void) { run_csu(v3(1, 2, 3), 0, "normal (1,2,3)"); }
static void test_csu_oblique_fixed(void)
{
    run_csu(v3(-0.3, 0.1, -0.9), 1, "normal (-.3,.1,-.9), fixed bodies");
}

/* The same analytic path with a wall, a facet or a capsule in the pair, all oblique.  The
 * sphere is free (its rotation under the shear torque changes nothing of the gap); walls and
 * facets are held; the capsule is held too, because a free capsule tilting under the shear
 * torque changes the gap (it is not round about its centre), which the closed form ignores. */
static lt_test pair_test(lt_body a, lt_body b, vec3 normal)
{
    lt_test t = linear_test(normal, 0);
    t.body[0] = a;
    t.body[1] = b;
    return t;
}
static lt_body sphere_body(void) { return lt_default_test().body[0]; }
static lt_body wall_body(vec3 point, vec3 normal)
{
    lt_body b = sphere_body();
    CHECK(lt_body_set_wall(&b, point, normal) == 0);
    b.fixed = 1;
    return b;
}
static lt_body facet_body(vec3 c, vec3 n, double h)
{
    /* a triangle of about 0.5 m around c in the plane perpendicular to n, own normal +n */
    mat3 R = m3_frame_from_normal(v3_normalized(n));
    vec3 v[3] = {v3_add(c, v3_add(v3_scale(R.r[1], -0.4), v3_scale(R.r[2], -0.3))),
                 v3_add(c, v3_add(v3_scale(R.r[1], 0.5), v3_scale(R.r[2], -0.2))),
                 v3_add(c, v3_add(v3_scale(R.r[1], 0.1), v3_scale(R.r[2], 0.45)))};
    lt_body b = sphere_body();
    CHECK(lt_body_set_facet(&b, v, h) == 0);
    b.fixed = 1;
    return b;
}
static lt_body capsule_body(double r, double L, vec3 axis, int fixed)
{
    lt_body b = sphere_body();
    CHECK(lt_body_set_capsule(&b, r, L, axis) == 0);
    b.fixed = fixed;
    return b;
}

static void test_csu_wall_sphere(void)
{
    vec3 n = v3(1, 2, 3);
    run_csu_test(pair_test(wall_body(v3(0.1, -0.2, 0.3), n), sphere_body(), n),
                 "wall-sphere, normal (1,2,3)");
    /* the sphere on the wall's negative side */
    run_csu_test(pair_test(wall_body(v3(0, 0, 0), n), sphere_body(), v3_neg(n)),
                 "wall-sphere, other side");
}
static void test_csu_sphere_wall_moving_wall(void)
{
    /* B is the wall and takes the imposed motion (abWeight 1): a held body moved by the driver */
    vec3 n = v3(-0.3, 0.1, -0.9);
    run_csu_test(pair_test(sphere_body(), wall_body(v3(0, 0, 0), n), n),
                 "sphere-wall, the wall driven");
    lt_test t = pair_test(sphere_body(), wall_body(v3(0, 0, 0), n), n);
    t.abWeight = 0.5;
    run_csu_test(t, "sphere-wall, motion split");
}
static void test_csu_facet_sphere(void)
{
    vec3 n = v3(0.2, -1, 0.4);
    run_csu_test(pair_test(facet_body(v3(0.3, 0, -0.1), n, 0), sphere_body(), n),
                 "facet (h = 0)-sphere, oblique");
    run_csu_test(pair_test(facet_body(v3(0, 0, 0), n, 0.03), sphere_body(), n),
                 "facet (h = 0.03)-sphere, oblique");
    run_csu_test(pair_test(sphere_body(), facet_body(v3(0, 0, 0), n, 0.2), v3_neg(n)),
                 "sphere-facet (h > r)");
}
static void test_csu_capsule_sphere(void)
{
    vec3 n = v3(1, 2, 3);
    /* on the shaft (axis perpendicular to n; the shear y axis of the initial frame is
     * v3_any_perp(n), so the shear goes around the shaft, not along it) and on a cap */
    vec3 nu = v3_normalized(n);
    run_csu_test(
        pair_test(capsule_body(0.2, 0.3, v3_cross(nu, v3_any_perp(nu)), 1), sphere_body(), n),
        "capsule-sphere, shaft");
    run_csu_test(pair_test(capsule_body(0.2, 0.3, v3(0.5, -1, 2), 1), sphere_body(), n),
                 "capsule-sphere, cap");
    run_csu_test(
        pair_test(sphere_body(), capsule_body(0.05, 0.5, v3(1, 0, 0), 1), v3(0, 0.6, -0.8)),
        "sphere-capsule, shaft");
}

/* Shear alone leaves uN unchanged; twist and bending alone create no tangential velocity at
 * the contact point and no shear force; for oblique normals.  The only change of uN allowed is
 * round-off: 1e-12 relative of the 1e-3 overlap over 2000 steps (the driver carries the centre
 * distance with compensated sums). */
static void check_independence(vec3 normal, const char *whats, double value, const char *label)
{
    lt_test t = linear_test(normal, 0);
    /* unequal radii and an uneven split, so that a wrong split of bending or twist shows */
    t.body[1].radius = 0.05;
    t.abWeight = 0.3;
    cond c1 = {COND_UN_BELOW, 0, -1e-3, 0, 0}, c2 = {COND_STEPS, 0, 0, 2000, 0};
    double v[6] = {0};
    int dof = (int)(strchr(whats + 1, 'v') - whats);
    v[dof] = value;
    lt_stage st[2] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c1),
                      stage(whats, v[0], v[1], v[2], v[3], v[4], v[5], &c2)};
    t.stages = st;
    t.n_stages = 2;
    lt_tester *T = calloc(1, sizeof *T);
    rows r = {0};
    CHECK_MSG(lt_run(T, &t, collect, &r) == 0, "%s: %s", label, T->view.err);
    double uN0 = 0, worst_un = 0, worst_vt = 0;
    for (size_t i = 0; i < r.n; i++) {
        const lt_snapshot *s = &r.s[i];
        if (s->stage == 1) uN0 = s->u[0];
        if (s->stage != 2) continue;
        worst_un = fmax(worst_un, fabs(s->u[0] - uN0) / fabs(uN0));
        if (dof >= 3) worst_vt = fmax(worst_vt, fmax(fabs(s->v[1]), fabs(s->v[2])));
    }
    CHECK_MSG(worst_un <= 1e-12, "%s: uN drifted by %.3g relative", label, worst_un);
    if (dof >= 3) {
        CHECK_MSG(worst_vt <= 1e-12 * fabs(value),
                  "%s: tangential velocity %.3g at the contact point", label, worst_vt);
        const lt_snapshot *last = &r.s[r.n - 1];
        CHECK_MSG(fabs(last->f[1]) + fabs(last->f[2]) <= 1e-9, "%s: shear force %g, %g", label,
                  last->f[1], last->f[2]);
        CHECK_REL(last->u[dof], value * 2000 * 1e-6, 1e-9, "imposed rotation integrated");
    } else {
        CHECK_REL(r.s[r.n - 1].u[dof], value * 2000 * 1e-6, 1e-9, "imposed shear integrated");
    }
    free(r.s);
    free(T);
}

/* The normal DoF is held ('v' at 0: otherwise the contact force pushes the bodies apart),
 * one other DoF is driven, the rest are free. */
static void test_independence_shear_y(void)
{
    check_independence(v3(1, 2, 3), "vv....", 1.0, "shear y, normal (1,2,3)");
}
static void test_independence_shear_z(void)
{
    check_independence(v3(0, 0, -1), "v.v...", 1.0, "shear z, normal -z");
}
static void test_independence_twist(void)
{
    check_independence(v3(0.2, -1, 0.4), "v..v..", 3.0, "twist, oblique");
}
static void test_independence_bend_y(void)
{
    check_independence(v3(1, 1, 0), "v...v.", 2.0, "bend y, oblique");
}
static void test_independence_bend_z(void)
{
    check_independence(v3(-1, 0.5, 2), "v....v", -2.0, "bend z, oblique");
}

/* Normal impact with an 'i' stage until rebound: the linear elastic contact returns the
 * approach velocity.  Leapfrog with a contact that switches on and off at uN = 0 gives a
 * restitution error of order omega dt (omega = sqrt(kn/m*) = 428 rad/s here, so 4.3e-4);
 * tolerance 2 omega dt. */
static void test_rebound_with_initial_velocity(void)
{
    lt_test t = linear_test(v3(0, 1, 1), 0);
    t.gap = 1e-5;
    cond c = {COND_REBOUND, 0, 0, 0, 0};
    lt_stage st[1] = {stage("i.....", -1, 0, 0, 0, 0, 0, &c)};
    t.stages = st;
    t.n_stages = 1;
    lt_tester *T = calloc(1, sizeof *T);
    CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "%s", T->view.err);
    CHECK(T->view.st.hadC && !T->view.st.hasC);
    CHECK(T->view.st.bounces == 1); /* approach then separation: one sign change */
    vec3 n = v3_normalized(v3(0, 1, 1));
    double vn = v3_dot(v3_sub(T->view.body[1].vel, T->view.body[0].vel), n);
    double m = T->view.body[0].mass, mstar = m / 2, omega = sqrt(1e6 / mstar);
    CHECK_REL(vn, 1.0, 2 * omega * t.dt, "restitution of the elastic linear contact");
    /* momentum: only internal forces after the initial impulse on B */
    vec3 p = v3_add(v3_scale(T->view.body[0].vel, m), v3_scale(T->view.body[1].vel, m));
    /* ~7000 steps of equal and opposite velocity updates, each rounding at 1e-16 */
    CHECK_REL(v3_dot(p, n), -m, 1e-11, "momentum conserved along the normal");
    free(T);
}

/* Rebound condition that also keeps the momentum of the pair right after the 'i' impulse
 * (the first call of until: the impulse is given in the mid-step frame of the first step). */
typedef struct rebound_p {
    cond c;
    int have_p0;
    vec3 p0;
} rebound_p;

static int until_rebound_keep_p0(void *ctx, lt_tester *t)
{
    rebound_p *r = ctx;
    if (!r->have_p0) {
        r->p0 = v3_add(v3_scale(t->view.body[0].vel, t->view.body[0].mass),
                       v3_scale(t->view.body[1].vel, t->view.body[1].mass));
        r->have_p0 = 1;
    }
    return until_cb(&r->c, t);
}

/* A tumbling free capsule hit on its cap by a sphere: both free, the inertia tensor turns
 * with the capsule.  The energy balance must still close to round-off (the global-frame rotational
 * update with KE = w_{n-1/2}.I_n w_{n+1/2}/2, driver.h) and the linear momentum is conserved. */
static void test_rebound_free_capsule(void)
{
    vec3 n = v3(0.2, 0.3, 1);
    lt_test t = pair_test(capsule_body(0.1, 0.3, v3(1, 0.5, 0.7), 0), sphere_body(), n);
    t.body[0].angvel = v3(3, -2, 5); /* tumbling: w neither along nor across the axis */
    /* touching at the start: a contact that switches on inside an overlap creates
     * kn uN0^2/2 that no force worked for (O(kn (v dt)^2), the same for every shape); here
     * the tumbling cap would close an initial gap at an arbitrary overlap */
    t.gap = 0;
    rebound_p rp = {{COND_REBOUND, 0, 0, 0, 0}, 0, {0, 0, 0}};
    lt_stage st[1] = {stage("i.....", -1, 0, 0, 0, 0, 0, &rp.c)};
    st[0].until = until_rebound_keep_p0;
    st[0].until_ctx = &rp;
    t.stages = st;
    t.n_stages = 1;
    lt_tester *T = calloc(1, sizeof *T);
    CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "%s", T->view.err);
    CHECK(T->view.st.hadC && !T->view.st.hasC);
    const lt_body *A = &T->view.body[0], *B = &T->view.body[1];
    CHECK_MSG(v3_norm(A->angvel) > 1e-2,
              "the capsule does not spin (%g rad/s): the test misses its point",
              v3_norm(A->angvel));
    int ne = t.law->n_energies;
    double work = T->view.energy[ne + LT_E_WORK], bal = T->view.energy[ne + LT_E_BALANCE];
    CHECK_MSG(fabs(bal) <= TOL_BALANCE * fabs(work), "balance error %.3g J of work %.3g J", bal,
              work);
    vec3 p = v3_add(v3_scale(A->vel, A->mass), v3_scale(B->vel, B->mass));
    /* the 'i' impulse gave B 1 m/s towards A (along the first step's mid-step normal) */
    CHECK_REL(v3_norm(rp.p0), B->mass, 1e-12, "momentum after the impulse");
    /* ~3000 steps of equal and opposite momentum updates, each rounding at 1e-16 */
    CHECK_ABS(v3_norm(v3_sub(p, rp.p0)), 0, 1e-11 * B->mass, "linear momentum conserved");
    free(T);
}

/* Force control: B loaded by Fn = -100 N on the normal, A fixed, integrator damping on: the
 * contact settles at uN = F/kn = -1e-4 m.  The oscillation period is 2 pi sqrt(m/kn) =
 * 20.7 ms = 20700 steps; Cundall damping 0.8 shrinks the amplitude about fivefold per cycle,
 * so after 300000 steps (14 cycles) the residual is far below the 1e-6 tolerance. */
static void test_force_control_settles(void)
{
    lt_test t = linear_test(v3(0.6, 0, -0.8), 0);
    t.body[0].fixed = 1;
    t.damping = 0.8;
    t.gap = 0;
    cond c = {COND_STEPS, 0, 0, 300000, 0};
    lt_stage st[1] = {stage("f.....", -100, 0, 0, 0, 0, 0, &c)};
    t.stages = st;
    t.n_stages = 1;
    lt_tester *T = calloc(1, sizeof *T);
    CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "%s", T->view.err);
    CHECK_REL(T->view.u[0], -100 / 1e6, 1e-6, "uN = F/kn under force control");
    int ne = t.law->n_energies;
    double work = T->view.energy[ne + LT_E_WORK], bal = T->view.energy[ne + LT_E_BALANCE];
    CHECK(T->view.energy[ne + LT_E_DAMP] > 0);
    CHECK_MSG(fabs(bal) <= TOL_BALANCE * fabs(work), "balance error %.3g J of work %.3g J", bal,
              work);
    free(T);
}

/* Two forced DoFs on one body add up (Woo overwrote them): normal and shear force on B, A
 * fixed, linear law without slip; equilibrium uN = Fn/kn, ut = Ft/kt. */
static void test_forced_dofs_add_up(void)
{
    lt_test t = linear_test(v3(0, 0, 1), 0);
    t.body[0].fixed = 1;
    t.damping = 0.8;
    t.params[3] = 1; /* noSlip */
    cond c = {COND_STEPS, 0, 0, 300000, 0};
    /* rotations held: a free sphere would roll under the shear force instead of sliding */
    lt_stage st[1] = {stage("ff.vvv", -100, 20, 0, 0, 0, 0, &c)};
    t.stages = st;
    t.n_stages = 1;
    lt_tester *T = calloc(1, sizeof *T);
    CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "%s", T->view.err);
    CHECK_REL(T->view.resp.f[0], -100, 1e-5, "normal force balances the imposed one");
    CHECK_REL(T->view.resp.f[1], 20, 1e-5, "shear force balances the imposed one");
    free(T);
}

/* A stage whose until never holds ends with an error naming the stage. */
static void test_max_steps_guard(void)
{
    lt_test t = linear_test(v3(1, 0, 0), 0);
    cond c = {COND_U_ABOVE, 1, 1.0, 0, 0}; /* u[2] >= 1 m: never, nothing moves */
    lt_stage st[1] = {stage("v.....", 0, 0, 0, 0, 0, 0, &c)};
    st[0].max_steps = 500;
    t.stages = st;
    t.n_stages = 1;
    lt_tester *T = calloc(1, sizeof *T);
    CHECK(lt_run(T, &t, NULL, NULL) == -1);
    CHECK_MSG(strstr(T->view.err, "stage 1") && strstr(T->view.err, "max_steps = 500"),
              "message: %s", T->view.err);
    CHECK(T->view.step == 500);
    free(T);
}

/* The guard of the whole test trips too, naming the test's limit. */
static void test_test_max_steps_guard(void)
{
    lt_test t = linear_test(v3(1, 0, 0), 0);
    t.max_steps = 300;
    cond c = {COND_U_ABOVE, 1, 1.0, 0, 0};
    lt_stage st[1] = {stage("v.....", 0, 0, 0, 0, 0, 0, &c)};
    t.stages = st;
    t.n_stages = 1;
    lt_tester *T = calloc(1, sizeof *T);
    CHECK(lt_run(T, &t, NULL, NULL) == -1);
    CHECK_MSG(strstr(T->view.err, "test did not end after max_steps = 300"), "message: %s",
              T->view.err);
    free(T);
}

/* lt_stage.until_quiet for stage.step >= n: the steps to its bound (>= 1 after a false
 * evaluation). */
static long steps_to_bound(void *ctx, const lt_tester *t)
{
    const cond *c = ctx;
    return c->n - lt_tester_view(t)->st.step;
}

/* A stage whose until says how long it stays false (until_quiet) ends at the very step at which
 * the evaluation on every step of its untilEvery cadence ends it, for bounds below, at and above
 * the cadence, and evaluates it at most twice (the first cadence step, then the one that ends
 * it) where the plain cadence evaluates it n / untilEvery times. */
static void test_until_quiet_same_end(void)
{
    static const long bounds[] = {1, 2, 5, 7, 100, 999, 1000};
    static const long cadence[] = {1, 3, 7, 1000};
    for (size_t i = 0; i < sizeof bounds / sizeof *bounds; i++)
        for (size_t j = 0; j < sizeof cadence / sizeof *cadence; j++) {
            long end[2];
            int calls[2];
            for (int quiet = 0; quiet < 2; quiet++) {
                lt_test t = linear_test(v3(1, 0, 0), 0);
                cond c = {COND_STEPS, 0, 0, bounds[i], 0};
                lt_stage st[1] = {stage("v.....", -0.1, 0, 0, 0, 0, 0, &c)};
                st[0].until_every = cadence[j];
                if (quiet) st[0].until_quiet = steps_to_bound;
                t.stages = st;
                t.n_stages = 1;
                lt_tester *T = calloc(1, sizeof *T);
                CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "run failed: %s", T->view.err);
                end[quiet] = T->view.step, calls[quiet] = c.calls;
                free(T);
            }
            CHECK_MSG(end[1] == end[0], "n = %ld, untilEvery = %ld: ended at %ld, not %ld",
                      bounds[i], cadence[j], end[1], end[0]);
            CHECK_MSG(end[0] >= bounds[i] && end[0] % cadence[j] == 0,
                      "n = %ld, untilEvery = %ld: the plain cadence ended at %ld", bounds[i],
                      cadence[j], end[0]);
            CHECK_MSG(calls[1] <= 2 && calls[0] == end[0] / cadence[j],
                      "n = %ld, untilEvery = %ld: %d evaluations with until_quiet, %d without",
                      bounds[i], cadence[j], calls[1], calls[0]);
        }
}

/* Recording must not change the trajectory (output routines of another code changed the contact
 * history: docs/references.md, "Defects reported in other codes"): the final state is bit-identical
 * whether every state or every 7th is recorded, or none. */
static void test_recording_does_not_change_results(void)
{
    double final[3][LT_DOF];
    long every[3] = {COND_U_ABOVE, 7, 0};
    for (int k = 0; k < 3; k++) {
        lt_test t = linear_test(v3(1, -2, 0.5), 0);
        t.record_every = every[k];
        cond c1 = {COND_UN_BELOW, 0, -1e-3, 0, 0}, c2 = {COND_U_ABOVE, 1, 2e-3, 0, 0};
        lt_stage st[2] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c1),
                          stage("vvv...", 0.1, 1, 0.5, 0, 0, 0, &c2)};
        t.stages = st;
        t.n_stages = 2;
        lt_tester *T = calloc(1, sizeof *T);
        rows r = {0};
        CHECK(lt_run(T, &t, collect, &r) == 0);
        memcpy(final[k], T->view.resp.f, sizeof final[k]);
        if (every[k] == 0) CHECK(r.n == 0);
        free(r.s);
        free(T);
    }
    CHECK(memcmp(final[0], final[1], sizeof final[0]) == 0);
    CHECK(memcmp(final[0], final[2], sizeof final[0]) == 0);
}

/* abWeight 0.5 splits imposed motion equally: the centre of mass of two equal spheres stays. */
static void test_abweight_split(void)
{
    lt_test t = linear_test(v3(0, 1, 0), 0);
    t.abWeight = 0.5;
    cond c1 = {COND_UN_BELOW, 0, -1e-3, 0, 0};
    lt_stage st[1] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c1)};
    t.stages = st;
    t.n_stages = 1;
    lt_tester *T = calloc(1, sizeof *T);
    CHECK(lt_run(T, &t, NULL, NULL) == 0);
    vec3 com = v3_scale(v3_add(T->view.body[0].pos, T->view.body[1].pos), 0.5);
    vec3 com0 = v3(0, 0.1, 0); /* A at the origin, B at 0.2 along +y initially */
    /* 1000 position updates, each rounding B's coordinate (~0.2 m, ulp 2.8e-17 m) */
    CHECK_ABS(v3_norm(v3_sub(com, com0)), 0, 1000 * 2.8e-17, "centre of the pair stays");
    CHECK_REL(T->view.body[0].vel.y, 0.5, 1e-15, "A moves at +w v");
    CHECK_REL(T->view.body[1].vel.y, -0.5, 1e-15, "B moves at -(1-w) v");
    free(T);
}

/* The driver hands a law the pair's effective mass and the curvature radii (API 2).  A probe
 * law copies them into its state and returns no force. */
static void probe_init(const double *p, const lt_contact *c, double *s)
{
    (void)p;
    s[0] = c->mstar;
    s[1] = c->rcurv[0];
    s[2] = c->rcurv[1];
}
static int probe_step(const double *p, const lt_contact *c, double *s, lt_response *out)
{
    (void)p, (void)c, (void)s, (void)out;
    return 1;
}
static const char *const probe_state[3] = {"mstar", "r1", "r2"};
static const lt_law probe_law = {.api_version = LT_LAW_API_VERSION,
                                 .name = "probe",
                                 .summary = "test probe",
                                 .state_names = probe_state,
                                 .n_state = 3,
                                 .init = probe_init,
                                 .step = probe_step};

static void test_contact_mass_and_curvature(void)
{
    for (int fixed = 0; fixed < 2; fixed++) {
        lt_test t = lt_default_test();
        t.law = &probe_law;
        t.body[0].radius = 0.1;
        t.body[1].radius = 0.05;
        t.body[1].mat.density = 7000;
        t.body[0].fixed = fixed;
        t.normal = v3(0.3, -0.4, 1.2);
        t.gap = -1e-4;
        cond c = {3, 0, 0, 2, 0};
        lt_stage st[1] = {stage("......", 0, 0, 0, 0, 0, 0, &c)};
        t.stages = st;
        t.n_stages = 1;
        lt_tester *T = calloc(1, sizeof *T);
        CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "%s", T->view.err);
        double mA = 2600 * 4.0 / 3.0 * LT_PI * 1e-3, mB = 7000 * 4.0 / 3.0 * LT_PI * 1.25e-4;
        /* a few roundings in the masses and the reduced mass: 1e-14 */
        CHECK_REL(T->view.law_state[0], fixed ? mB : mA * mB / (mA + mB), 1e-14,
                  "mstar (fixed A: B's mass)");
        CHECK(T->view.law_state[1] == 0.1 && T->view.law_state[2] == 0.05);
        free(T);
    }
}

/* A stage with `spin` rotates the loaded pair rigidly: the local forces stay, the global force
 * turns with the pair, the distance of the centres stays.  The driver's contact velocity for a
 * rotating pair (centre chords plus spin x mid-step branch) has a spurious relative part
 * |W|^3 dt^2 |d|/12 (d: centre distance), which over an angle A moves the tangential spring
 * by A (|W| dt)^2 |d|/12: here 1 rad at 1e-5 rad per step, 2e-12 m, kt times that ~1e-6 N on
 * forces of ~500 N, so 1e-8 relative with a margin of ~5. */
#define TOL_OBJECTIVITY 1e-8
static vec3 normal_at_done;
static int remember_normal(void *ctx, lt_tester *t)
{
    (void)ctx;
    normal_at_done = t->view.frame.r[0];
    return 0;
}
static void test_rigid_rotation_keeps_local_forces(void)
{
    lt_test t = linear_test(v3(0.3, -0.2, 0.9), 0);
    t.params[3] = 1; /* noSlip: a loaded elastic contact */
    cond c1 = {3, 0, 0, 1000, 0}, c2 = {3, 0, 0, 800, 0}, c3 = {3, 0, 0, 100000, 0};
    lt_stage st[3] = {stage("v.....", -1, 0, 0, 0, 0, 0, &c1),
                      stage("vvvvvv", 0, 0.5, -0.3, 0, 0, 0, &c2),
                      stage("vvvvvv", 0, 0, 0, 0, 0, 0, &c3)};
    vec3 axis = v3_normalized(v3(1, 2, 3));
    st[1].done = remember_normal;
    st[2].spin = v3_scale(axis, 10.0); /* 10 rad/s for 0.1 s: 1 rad */
    t.stages = st;
    t.n_stages = 3;
    lt_tester *T = calloc(1, sizeof *T);
    rows r = {0};
    CHECK_MSG(lt_run(T, &t, collect, &r) == 0, "%s", T->view.err);
    const lt_snapshot *before = NULL, *after = &r.s[r.n - 1];
    for (size_t i = 0; i < r.n; i++)
        if (r.s[i].stage == 2) before = &r.s[i];
    CHECK(before != NULL);
    if (!before) return;
    double scale = hypot(before->f[0], hypot(before->f[1], before->f[2]));
    for (int k = 0; k < 3; k++)
        CHECK_MSG(fabs(after->f[k] - before->f[k]) <= TOL_OBJECTIVITY * scale,
                  "local force %d: %.17g -> %.17g", k, before->f[k], after->f[k]);
    /* the global force on A turned by the rotation: compare R F_before with F_after */
    vec3 n0 = normal_at_done;
    CHECK_REL(T->view.u[0], before->u[0], 1e-9, "uN kept (the centres' distance)");
    vec3 n1 = T->view.frame.r[0];
    vec3 rn0 = v3_rotate(n0, axis, 1.0);
    CHECK_ABS(v3_norm(v3_sub(n1, rn0)), 0, 1e-9, "the normal turned by 1 rad about the axis");
    int ne = t.law->n_energies;
    CHECK_MSG(
        fabs(T->view.energy[ne + LT_E_BALANCE]) <= TOL_BALANCE * T->view.energy[ne + LT_E_WORK],
        "balance %g of work %g", T->view.energy[ne + LT_E_BALANCE], T->view.energy[ne + LT_E_WORK]);
    free(r.s);
    free(T);
}

const test_case driver_tests[] = {
    TEST(rigid_rotation_keeps_local_forces),
    TEST(contact_mass_and_curvature),
    TEST(csu_normal_x),
    TEST(csu_normal_z),
    TEST(csu_normal_minus_y),
    TEST(csu_oblique),
    TEST(csu_oblique_fixed),
    TEST(csu_wall_sphere),
    TEST(csu_sphere_wall_moving_wall),
    TEST(csu_facet_sphere),
    TEST(csu_capsule_sphere),
    TEST(independence_shear_y),
    TEST(independence_shear_z),
    TEST(independence_twist),
    TEST(independence_bend_y),
    TEST(independence_bend_z),
    TEST(rebound_with_initial_velocity),
    TEST(rebound_free_capsule),
    TEST(force_control_settles),
    TEST(forced_dofs_add_up),
    TEST(max_steps_guard),
    TEST(test_max_steps_guard),
    TEST(until_quiet_same_end),
    TEST(recording_does_not_change_results),
    TEST(abweight_split),
    {0, 0},
};
