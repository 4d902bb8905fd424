/* tests/test_lever.c - the lever arm of contact torques (leverArm, docs/mechanics.md "Lever
 * arm"):
 *   - an oblique contact of two free spheres of unequal radii (0.1, 0.07 m) loaded in shear:
 *     the torque on each sphere is F_t x r n with leverArm = "radius" and F_t x (r - delta/2) n
 *     with the default "contact", closed forms to round-off, on both spheres;
 *   - the energy balance closes with both, on a free oblique impact of spinning spheres (the
 *     torques turn the bodies) and on the path through all six DoFs of drive.h;
 *   - the geometry carried through a normal displacement (lt_geom_shift_normal) equals the one
 *     computed at the moved positions, with the radius's branches too;
 *   - a shipped stage file with leverArm = "contact" writes the same bytes as without it (the
 *     default's records and .meta unchanged); "radius" is written to .meta;
 *   - a bad value is one line naming the field.
 * Units SI; signs of include/lawtester/law.h (force and torque on A). */
#include "check.h"
#include "cli.h"
#include "contact/geom.h"
#include "drive.h"

/* The torque of a force about a centre from the recorded force and geometry: the branch is
 * (contact point - centre) - uN/2 n, so a few ulps of the positions (~0.2 m: 3e-17 m) over a
 * radius of 0.07 m, and F_t = F - (F.n) n loses ~|F|/|F_t| ~ 30 in relative precision: ~1e-14;
 * 1e-12 with margin. */
#define TOL_ROUNDOFF 1e-12
/* The driver's energy balance: docs/energy.md's rule for every run, <= 1e-9 of the work. */
#define TOL_BALANCE 1e-9
/* A geometry carried through a normal shift against the one computed at the moved positions:
 * round-off of positions of order 0.3 m, 1e-15 m; 1e-14 m with margin (tests/test_geom.c). */
#define TOL_GEOM 1e-14

/* Two free spheres of radii 0.1 and 0.07 m on an oblique normal, compressed to 0.5 mm, then
 * sheared at constant overlap (elastic: |F_t| ~ 17 N under a cap of ~270 N). */
static lt_test sheared_pair(lt_lever_arm lever, lt_stage st[2], cond c[2])
{
    lt_test t = linear_test(v3(1, 2, 3), 0);
    t.abWeight = 0.3;
    t.body[1].radius = 0.07;
    t.gap = 1e-5;
    t.leverArm = lever;
    c[0] = (cond){COND_UN_BELOW, 0, -5.05e-4, 0, 0};
    c[1] = (cond){COND_STEPS, 0, 0, 300, 0};
    st[0] = stage("v.....", -1, 0, 0, 0, 0, 0, &c[0]);
    st[1] = stage("vvv...", 0, 0.1, -0.05, 0, 0, 0, &c[1]);
    t.stages = st;
    t.n_stages = 2;
    return t;
}

/* Torques on A and B at the end of the sheared run against the closed forms with branch
 * lengths lA, lB along the normal (A's branch lA n, B's -lB n). */
static void check_torques(lt_lever_arm lever, const char *label)
{
    lt_stage st[2];
    cond c[2];
    lt_test t = sheared_pair(lever, st, c);
    lt_tester *T = lt_tester_new();
    CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "%s: %s", label, lt_tester_view(T)->err);
    const lt_view *V = lt_tester_view(T);
    vec3 F = V->force_now[0][0], n = V->geom.normal;
    vec3 Ft = v3_sub(F, v3_scale(n, v3_dot(F, n)));
    double delta = -V->geom.uN;
    CHECK_MSG(delta > 4e-4 && v3_norm(Ft) > 10,
              "%s: the test misses its point (overlap %g m, |F_t| %g N)", label, delta,
              v3_norm(Ft));
    double rA = t.body[0].radius, rB = t.body[1].radius;
    double lA = lever == LT_LEVER_RADIUS ? rA : rA - delta / 2,
           lB = lever == LT_LEVER_RADIUS ? rB : rB - delta / 2;
    /* A: lA n x F; B: (-lB n) x (-F) = lB n x F, the normal part of F adds nothing */
    vec3 TA = v3_scale(v3_cross(n, Ft), lA), TB = v3_scale(v3_cross(n, Ft), lB);
    CHECK_MSG(v3_norm(v3_sub(V->force_now[0][1], TA)) <= TOL_ROUNDOFF * v3_norm(TA),
              "%s: torque on A off lA n x F_t by %.3g relative", label,
              v3_norm(v3_sub(V->force_now[0][1], TA)) / v3_norm(TA));
    CHECK_MSG(v3_norm(v3_sub(V->force_now[1][1], TB)) <= TOL_ROUNDOFF * v3_norm(TB),
              "%s: torque on B off lB n x F_t by %.3g relative", label,
              v3_norm(v3_sub(V->force_now[1][1], TB)) / v3_norm(TB));
    int ne = t.law->n_energies;
    double work = V->energy[ne + LT_E_WORK], bal = V->energy[ne + LT_E_BALANCE];
    CHECK_MSG(fabs(bal) <= TOL_BALANCE * fabs(work), "%s: balance error %.3g J of work %.3g J",
              label, bal, work);
    lt_tester_free(T);
}

static void test_torque_radius(void) { check_torques(LT_LEVER_RADIUS, "radius"); }
static void test_torque_contact(void) { check_torques(LT_LEVER_CONTACT, "contact"); }

/* A free oblique impact of two spinning spheres (B at 1 m/s towards A and 0.6 m/s across, A
 * spinning at 30 rad/s): the contact torques turn both; the balance closes with either lever
 * arm, and the spins after the impact differ between them (the lever arm reaches the run). */
static void impact(lt_lever_arm lever, vec3 w_out[2], double *bal_rel)
{
    lt_test t = linear_test(v3(1, 2, 3), 0);
    t.body[1].radius = 0.07;
    t.gap = 1e-6;
    t.leverArm = lever;
    vec3 n = v3_normalized(t.normal), e = v3_normalized(v3_cross(n, v3(0, 0, 1)));
    t.body[1].vel = v3_add(v3_scale(n, -1), v3_scale(e, 0.6));
    t.body[0].angvel = v3_scale(v3_cross(n, e), 30);
    cond c = {COND_REBOUND, 0, 0, 0, 0};
    lt_stage st[1] = {stage("......", 0, 0, 0, 0, 0, 0, &c)};
    t.stages = st;
    t.n_stages = 1;
    lt_tester *T = lt_tester_new();
    CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "%s", lt_tester_view(T)->err);
    const lt_view *V = lt_tester_view(T);
    CHECK(V->st.hadC && !V->st.hasC);
    int ne = t.law->n_energies;
    /* free bodies: no imposed work; the balance relative to the kinetic energy at the start
     * (B's translation, A's spin with I = (2/5) m r^2) */
    const lt_body *A = &V->body[0], *B = &V->body[1];
    double ekin0 = 0.5 * B->mass * 1.36 + 0.5 * 0.4 * A->mass * A->radius * A->radius * 900;
    *bal_rel = fabs(V->energy[ne + LT_E_BALANCE]) / ekin0;
    w_out[0] = V->body[0].angvel;
    w_out[1] = V->body[1].angvel;
    lt_tester_free(T);
}

static void test_impact_balance(void)
{
    vec3 wr[2], wc[2];
    double br, bc;
    impact(LT_LEVER_RADIUS, wr, &br);
    impact(LT_LEVER_CONTACT, wc, &bc);
    CHECK_MSG(br <= TOL_BALANCE, "radius: balance error %.3g of the kinetic energy", br);
    CHECK_MSG(bc <= TOL_BALANCE, "contact: balance error %.3g of the kinetic energy", bc);
    CHECK_MSG(v3_norm(v3_sub(wr[1], wc[1])) > 1e-6 * v3_norm(wc[1]),
              "B's spin is the same with both lever arms");
}

/* The path through all six DoFs (spins, twist, bending, shear): the imposition uses the same
 * branches as the contact, so the imposed paths and the balance hold with the radius too. */
static void test_every_dof_balance(void)
{
    lt_stage st[5];
    cond c[5];
    lt_test t = every_dof_test(st, c);
    t.leverArm = LT_LEVER_RADIUS;
    lt_tester *T = lt_tester_new();
    CHECK_MSG(lt_run(T, &t, NULL, NULL) == 0, "%s", lt_tester_view(T)->err);
    const lt_view *V = lt_tester_view(T);
    int ne = t.law->n_energies;
    double work = V->energy[ne + LT_E_WORK], bal = V->energy[ne + LT_E_BALANCE];
    CHECK_MSG(fabs(bal) <= TOL_BALANCE * fabs(work), "balance error %.3g J of work %.3g J", bal,
              work);
    lt_tester_free(T);
}

/* The radius's branches: r n from a sphere's centre; through a normal shift (A -s(1-w) n, B
 * +s w n) they stay as they are, equal to a fresh computation at the moved positions; on a
 * sphere-capsule pair too (each body's own surface point on the normal). */
static void test_geometry_radius(void)
{
    lt_body A = lt_default_test().body[0], B = A;
    A.pos = v3(0.01, -0.02, 0.03);
    B.radius = 0.07;
    B.pos = v3_add(A.pos, v3_scale(v3_normalized(v3(1, 2, 3)), 0.1695));
    lt_geom g;
    CHECK(lt_geom_compute_lever(&A, &B, &g, LT_LEVER_RADIUS));
    CHECK_ABS(v3_norm(v3_sub(g.branch[0], v3_scale(g.normal, 0.1))), 0, TOL_GEOM, "A's branch r n");
    CHECK_ABS(v3_norm(v3_sub(g.branch[1], v3_scale(g.normal, -0.07))), 0, TOL_GEOM,
              "B's branch -r n");
    lt_body K = A;
    K.shape = LT_CAPSULE;
    K.radius = 0.05;
    K.shaft = 0.2;
    K.ori = q_from_rotvec(v3(0.3, 0.2, 0.1));
    K.pos = v3(0.3, 0.1, 0.02);
    const lt_body *pairs[2][2] = {{&A, &B}, {&A, &K}};
    for (int p = 0; p < 2; p++) {
        const double s = -3e-4, wt = 0.3;
        lt_body a = *pairs[p][0], b = *pairs[p][1];
        CHECK(lt_geom_compute_lever(&a, &b, &g, LT_LEVER_RADIUS));
        a.pos = v3_axpy(-s * (1 - wt), g.normal, a.pos);
        b.pos = v3_axpy(s * wt, g.normal, b.pos);
        lt_geom h;
        CHECK(lt_geom_compute_lever(&a, &b, &h, LT_LEVER_RADIUS));
        lt_geom_shift_normal(&g, s, wt);
        for (int i = 0; i < 2; i++)
            CHECK_ABS(v3_norm(v3_sub(g.branch[i], h.branch[i])), 0, TOL_GEOM,
                      p ? "sphere-capsule branch" : "sphere branch");
        /* each branch ends on its body's surface: A's core point + rhoA n, B's - rhoB n */
        vec3 surfA = v3_add(a.pos, h.branch[0]), surfB = v3_add(b.pos, h.branch[1]);
        CHECK_ABS(v3_dot(v3_sub(surfB, surfA), h.normal), h.uN, TOL_GEOM,
                  "the surface points are uN apart on n");
    }
}

/* A shipped stage file with the key written out: "contact" gives the bytes of the file without
 * it (records and .meta: the default's records are unchanged), "radius" adds the .meta line. */
static void run_variant(const char *dir, const char *name, const char *line)
{
    char src[65536], text[70000], path[512], args[1024];
    slurp("stages/compress_shear_unload.lua", src, sizeof src);
    const char *at = strstr(src, "  dt = 1e-6");
    CHECK(at != NULL);
    if (!at) return;
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - src), src, line, at);
    snprintf(path, sizeof path, "%s.lua", name);
    put_file(dir, path, text);
    result r;
    snprintf(args, sizeof args, "run %s/%s -o %s/%s", dir, path, dir, name);
    run(&r, args);
    CHECK_MSG(r.status == 0, "%s: %s", name, r.err);
}

static void test_records_default_unchanged(void)
{
    char *dir = make_tmpdir();
    run_variant(dir, "plain", "");
    run_variant(dir, "contact", "  leverArm = \"contact\",\n");
    run_variant(dir, "radius", "  leverArm = \"radius\",\n");
    static char a[1 << 20], b[1 << 20], c[1 << 20];
    static const char *const ext[2] = {"tsv", "meta"};
    for (int i = 0; i < 2; i++) {
        char p[512];
        snprintf(p, sizeof p, "%s/plain/compress-shear-unload.%s", dir, ext[i]);
        slurp(p, a, sizeof a);
        snprintf(p, sizeof p, "%s/contact/compress-shear-unload.%s", dir, ext[i]);
        slurp(p, b, sizeof b);
        snprintf(p, sizeof p, "%s/radius/compress-shear-unload.%s", dir, ext[i]);
        slurp(p, c, sizeof c);
        CHECK_MSG(a[0] && strcmp(a, b) == 0, "leverArm = \"contact\" changed the .%s", ext[i]);
        if (i == 1) {
            CHECK(strstr(a, "leverArm") == NULL);
            CHECK(strstr(c, "\nleverArm\tradius\n") != NULL);
        } else {
            /* A is free: the torques turn it, so the radius's records differ */
            CHECK_MSG(strcmp(a, c) != 0, "leverArm = \"radius\" did not change the records");
        }
    }
    remove_tree(dir);
}

const test_case lever_tests[] = {
    TEST(torque_radius),   TEST(torque_contact),
    TEST(impact_balance),  TEST(every_dof_balance),
    TEST(geometry_radius), TEST(records_default_unchanged),
    {NULL, NULL},
};
