/* bench/kernel.c - the bare contact kernel: the reference of the benchmark (see bench.h).
 *
 * What it is: the compress-shear-unload path of the `linear` law (kn = 1e6 N/m, kt = 5e5 N/m,
 * tan phi = tan 0.5, two free spheres of radius 0.1 m, normal +z, B takes the imposed motion)
 * written as the plain loop a hand-made DEM code would run for one contact, and nothing more:
 *   - leapfrog of both bodies: v += dt F/m, omega += dt T/I, x += dt v (a sphere's orientation
 *     affects nothing, so neither this loop nor the driver integrates it);
 *   - the imposed relative velocity (normal, and shear y in stages 2 and 3) set on the
 *     contact-local components of B's velocity (A's set to zero, as the driver does with
 *     abWeight 1), the spins' share of the contact point's shear velocity subtracted;
 *   - the same sphere-sphere geometry (lt_geom_compute), the same carried contact frame (the
 *     driver's lt_frame_update and lt_frame_mid: minimal rotation of the normal plus the mean
 *     spin about it, held where the normal moved by rounding only, re-orthonormalised when its
 *     rows are FRAME_HELD_TOL off) and the same law through its descriptor (law->init,
 *     law->step from src/contact/registry.c);
 *   - forces and torques back to the bodies; the three stage ends tested inline in C.
 * Two schemes (the argument `scheme`):
 *   KERNEL_MIDSTEP, the reference: the driver's numerical method (src/driver/driver.c): the contact
 *     velocity measured at mid-step (frame averaged between the two states, branches too), the
 *     imposed velocity set in the predicted mid-step frame (extrapolated from the last three
 *     states; the current frame on the first two steps of a stage, where the driver runs its
 *     trial passes instead).  It follows the driver's path: its plast is 4e-10 from the
 *     driver's, its positions being plain sums (bench/main.c prints both);
 *   KERNEL_NAIVE: velocity imposed and measured in the current frame with the current branches,
 *     what a minimal loop does: two orthonormalisations per step fewer, and the law sees the
 *     imposed velocity off at first order in the frame's rotation (plast 1.4e-8 off at
 *     dt = 2 ns; bench/main.c prints it).
 * What it leaves out (what the driver adds and the benchmark charges to it): stages as data,
 * `until` callbacks, 'i'/'f' DoFs, damping, the trial passes and the check of the prediction,
 * compensated position sums and the arc correction, energy bookkeeping, non-finite checks,
 * recording.
 */
#include "bench.h"
#include "contact/geom.h"
#include "contact/registry.h"
#include "contact/stiffness.h"
#include "driver/driver_int.h"
#include <string.h>

/* The contact frame: the driver's own rules (src/driver/driver_int.h, lt_frame_update: minimal
 * rotation, twist by the mean spin about the normal, the frame held where the normal moved by
 * rounding only, re-orthonormalisation when the rows are FRAME_HELD_TOL off), so that the kernel
 * keeps the driver's numerical method as that changes. */
static mat3 extrapolated_mid(const mat3 *R, const mat3 *R1, const mat3 *R2)
{
    mat3 M;
    for (int k = 0; k < 3; k++)
        M.r[k] =
            v3_scale(v3_add(v3_sub(v3_scale(R->r[k], 4), v3_scale(R1->r[k], 3)), R2->r[k]), 0.5);
    m3_orthonormalize_lazy(&M, FRAME_HELD_TOL);
    return M;
}

/* The mid-step frame between a and b, b carried from a (held: a's tangent rows, lt_frame_step). */
static mat3 mid_frame(const mat3 *a, const mat3 *b, int held)
{
    mat3 M;
    if (held) {
        M.r[0] = v3_scale(v3_add(a->r[0], b->r[0]), 0.5);
        M.r[1] = b->r[1];
        M.r[2] = b->r[2];
    } else {
        lt_frame_mid(a, b, &M);
    }
    return M;
}

long bench_kernel_csu(double dt, int scheme, double *plast)
{
    const lt_law *law = lt_find_law("linear");
    double p[LT_MAX_PARAMS];
    for (int i = 0; i < law->n_params; i++) p[i] = law->params[i].def;
    p[lt_law_param_index(law, "kn")] = 1e6;
    p[lt_law_param_index(law, "kt")] = 5e5;
    p[lt_law_param_index(law, "tanPhi")] = tan(0.5);
    int e_plast = lt_law_energy_index(law, "plast");
    int midstep = scheme == KERNEL_MIDSTEP;

    lt_body b[2];
    memset(b, 0, sizeof b);
    for (int i = 0; i < 2; i++) {
        b[i].shape = LT_SPHERE;
        b[i].radius = 0.1;
        b[i].ori = q_identity();
        b[i].mat = (lt_material){1e7, 0.25, 2600, 0.5, 0.5};
        lt_body_mass_props(&b[i]);
    }
    vec3 n = v3(0, 0, 1);
    lt_geom_place(&b[0], &b[1], &n, 0);
    mat3 R = m3_frame_from_normal(n), Rh[2] = {R, R}; /* R_n; R_{n-1}, R_{n-2} */
    lt_geom g;
    lt_geom_compute(&b[0], &b[1], &g);
    vec3 bh[2][2] = {{g.branch[0], g.branch[1]}, {g.branch[0], g.branch[1]}};

    double state[LT_MAX_STATE];
    lt_contact c;
    lt_response resp;
    memset(&c, 0, sizeof c);
    c.dt = dt;
    c.mat[0] = &b[0].mat;
    c.mat[1] = &b[1].mat;
    int contact = 0;
    lt_stiffness rule = lt_stiffness_default();
    vec3 F[2] = {{0, 0, 0}, {0, 0, 0}}, T[2] = {{0, 0, 0}, {0, 0, 0}};
    double ut = 0, dissipated = 0; /* m: shear displacement integral; J: plast */
    long steps = 0;

    /* stage: imposed normal and shear-y relative velocity (m/s), shear imposed or not */
    static const struct {
        double vn, vt;
        int shear;
    } stages[3] = {{-1, 0, 0}, {0, 1, 1}, {1, 0, 1}};
    for (int s = 0; s < 3; s++) {
        for (long k = 0;; k++) {
            /* velocities: free dynamics, then the imposed DoFs on the local components */
            for (int i = 0; i < 2; i++) {
                b[i].vel = v3_axpy(dt / b[i].mass, F[i], b[i].vel);
                /* spheres: isotropic */
                b[i].angvel = v3_axpy(dt / b[i].inertia.x, T[i], b[i].angvel);
            }
            mat3 M = R;
            vec3 bm[2] = {g.branch[0], g.branch[1]};
            if (midstep && k >= 2) {
                M = extrapolated_mid(&R, &Rh[0], &Rh[1]);
                for (int i = 0; i < 2; i++)
                    bm[i] = v3_scale(
                        v3_add(v3_sub(v3_scale(g.branch[i], 4), v3_scale(bh[0][i], 3)), bh[1][i]),
                        0.5);
            }
            vec3 la = m3_to_local(&M, b[0].vel), lb = m3_to_local(&M, b[1].vel);
            la.x = 0, lb.x = stages[s].vn;
            if (stages[s].shear) {
                vec3 spin = v3_sub(v3_cross(b[1].angvel, bm[1]), v3_cross(b[0].angvel, bm[0]));
                la.y = 0, lb.y = stages[s].vt - v3_dot(spin, M.r[1]);
            }
            b[0].vel = m3_to_global(&M, la);
            b[1].vel = m3_to_global(&M, lb);
            /* positions (a sphere's orientation is read by nothing: not integrated, as in the
             * driver) */
            for (int i = 0; i < 2; i++) b[i].pos = v3_axpy(dt, b[i].vel, b[i].pos);
            steps++;
            /* geometry, frame (history kept for the prediction), law */
            Rh[1] = Rh[0], Rh[0] = R;
            for (int i = 0; i < 2; i++) bh[1][i] = bh[0][i], bh[0][i] = g.branch[i];
            lt_geom_compute(&b[0], &b[1], &g);
            int held =
                lt_frame_update(&R, g.normal, v3_scale(v3_add(b[0].angvel, b[1].angvel), 0.5), dt);
            int alive = 0;
            if (contact || g.uN < 0) {
                c.uN = g.uN;
                c.lens[0] = g.lens[0], c.lens[1] = g.lens[1];
                c.contA = g.contA;
                /* the step's relative velocity: mid-step frame and branches (or the current ones)
                 * */
                mat3 W = R;
                vec3 ba = g.branch[0], bb = g.branch[1];
                if (midstep && contact) {
                    W = mid_frame(&Rh[0], &R, held);
                    ba = v3_scale(v3_add(ba, bh[0][0]), 0.5),
                    bb = v3_scale(v3_add(bb, bh[0][1]), 0.5);
                }
                vec3 vrel = v3_sub(v3_add(b[1].vel, v3_cross(b[1].angvel, bb)),
                                   v3_add(b[0].vel, v3_cross(b[0].angvel, ba)));
                vec3 wrel = v3_sub(b[1].angvel, b[0].angvel);
                vec3 vl = m3_to_local(&W, vrel), wl = m3_to_local(&W, wrel);
                c.v[0] = vl.x, c.v[1] = vl.y, c.v[2] = vl.z, c.v[3] = wl.x, c.v[4] = wl.y,
                c.v[5] = wl.z;
                c.fresh = !contact;
                if (c.fresh) {
                    memset(state, 0, sizeof state);
                    ut = 0;
                    lt_stiff_result sr;
                    lt_stiffness_eval(&rule, c.mat[0], c.mat[1], c.lens, 0.0,
                                      &sr); /* raw lengths: cannot fail */
                    c.kn = sr.kn, c.kt = sr.kt, c.tanPhi = sr.tanPhi;
                    law->init(p, &c, state);
                }
                alive = law->step(p, &c, state, &resp);
                if (alive) dissipated += resp.energy[e_plast];
                ut += c.v[1] * dt;
            }
            contact = alive;
            if (alive) {
                vec3 f = m3_to_global(&R, v3(resp.f[0], resp.f[1], resp.f[2]));
                vec3 tq = m3_to_global(&R, v3(resp.f[3], resp.f[4], resp.f[5]));
                F[0] = f, F[1] = v3_neg(f);
                T[0] = v3_add(tq, v3_cross(g.branch[0], f));
                T[1] = v3_sub(v3_cross(g.branch[1], F[1]), tq);
            } else {
                F[0] = F[1] = T[0] = T[1] = v3(0, 0, 0);
            }
            /* the three stage ends (thresholds 5 % of a step past a multiple of v dt, so that
             * round-off does not decide the step a stage ends on) */
            if (s == 0 && contact && g.uN <= -1.0000001e-3) break;
            if (s == 1 && ut >= 3.0000001e-3) break;
            if (s == 2 && !contact) break;
        }
    }
    if (plast) *plast = dissipated;
    return steps;
}
